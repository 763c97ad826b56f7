// How each runtime loads and compiles the native modules: the real side of native-modules.mjs's `io`.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileSystemIo, nodeRuntime } from './native-modules.mjs';
import { lastLine } from './one-line.mjs';

const require = createRequire(import.meta.url);

/** The Electron that `npm start` launches, as native-modules.mjs names a runtime. */
export function electronRuntime(root) {
  const { version } = require(join(root, 'node_modules', 'electron', 'package.json'));
  return { kind: 'electron', version, abi: undefined, platform: process.platform, arch: process.arch };
}

/** Whether `name` loads in Node here (a child process: a binary loaded in this one cannot be swapped). */
function probeInNode(root, name) {
  return spawnSync(process.execPath, ['-e', `require(${JSON.stringify(name)})`], { cwd: root, stdio: 'ignore' }).status === 0;
}

/** The same under Electron's own Node (ELECTRON_RUN_AS_NODE: no window, no display needed). */
function probeInElectron(root, binary, name) {
  const env = { ...process.env, ELECTRON_RUN_AS_NODE: '1' };
  return spawnSync(binary, ['-e', `require(${JSON.stringify(name)})`], { cwd: root, stdio: 'ignore', env }).status === 0;
}

/** `npm rebuild` runs each module's own install script (prebuild-install, else node-gyp) for this Node. */
function rebuildForNode(root, names) {
  const npmCli = process.env.npm_execpath;
  const [command, args] = npmCli?.endsWith('.js') || npmCli?.endsWith('.cjs') ? [process.execPath, [npmCli]] : ['npm', []];
  const result = spawnSync(command, [...args, 'rebuild', ...names], { cwd: root, encoding: 'utf8', shell: process.platform === 'win32' && command === 'npm' });
  if (result.status !== 0) throw new Error(lastLine(`${result.stdout ?? ''}\n${result.stderr ?? ''}`) || `npm rebuild exited with ${result.status}`);
}

/** @electron/rebuild: a prebuilt binary for this Electron when one exists, else a compile against its headers. */
async function rebuildForElectron(root, runtime, names) {
  const { rebuild } = await import('@electron/rebuild');
  await rebuild({ buildPath: root, electronVersion: runtime.version, arch: runtime.arch, onlyModules: names, force: true });
}

export function nodeIo(root) {
  return fileSystemIo({ root, probe: (name) => probeInNode(root, name), build: async (names) => rebuildForNode(root, names) });
}

export function electronIo(root, binary, runtime) {
  return fileSystemIo({ root, probe: (name) => probeInElectron(root, binary, name), build: (names) => rebuildForElectron(root, runtime, names) });
}

export { nodeRuntime };
