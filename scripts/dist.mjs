// `npm run dist`: installable packages for this machine's platform (README, "The desktop app and
// packages"): AppImage and deb on Linux, an NSIS installer on Windows, a dmg on macOS. The steps
// live in desktop/dist-flow.mjs; any failure is one line, never a stack trace.
import { spawn } from 'node:child_process';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { downloadElectron } from './desktop/electron-download.mjs';
import { DistError, distFieldDesk } from './desktop/dist-flow.mjs';
import { ensureNative, nodeRuntime } from './desktop/native-modules.mjs';
import { lastLine } from './desktop/one-line.mjs';
import { electronIo, electronRuntime, nodeIo } from './desktop/runtimes.mjs';
import { electronBinary } from './electron-binary.cjs';

const root = fileURLToPath(new URL('..', import.meta.url));

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk) => {
      errors += chunk;
      process.stderr.write(chunk);
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(lastLine(errors) || `${basename(command)} exited with ${code}`))));
  });
}

try {
  await distFieldDesk({
    env: process.env,
    findElectron: electronBinary,
    downloadElectron: () => downloadElectron({ root, showProgress: Boolean(process.stdout.isTTY) }),
    buildApp: () => run(process.execPath, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build']),
    ensureNative: (runtime, binary) => {
      if (runtime === 'node') return ensureNative(nodeRuntime(), nodeIo(root));
      const electron = electronRuntime(root);
      return ensureNative(electron, electronIo(root, binary, electron));
    },
    makePackages: async () => {
      const { build } = await import('electron-builder');
      const files = await build({ projectDir: root, config: join(root, 'electron-builder.yml'), publish: 'never' });
      return files.map((file) => basename(file));
    },
    say: (line) => console.log(line),
  });
} catch (error) {
  console.error(error instanceof DistError ? error.message : `npm run dist stops: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  process.exit(1);
}
