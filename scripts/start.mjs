// `npm start`: the desktop app when Electron can run here, browser mode otherwise (README, "The
// desktop app and packages"). Fetches Electron when it is missing and builds the native modules for
// the runtime it starts; the decisions live in desktop/start-flow.mjs, tested with fakes.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { downloadElectron } from './desktop/electron-download.mjs';
import { ensureNative, nodeRuntime } from './desktop/native-modules.mjs';
import { electronIo, electronRuntime, nodeIo } from './desktop/runtimes.mjs';
import { StartError, startFieldDesk } from './desktop/start-flow.mjs';
import { electronBinary } from './electron-binary.cjs';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
// Progress is for a person at a terminal; tests read the output and expect only the decisions.
const interactive = Boolean(process.stdout.isTTY);

try {
  await startFieldDesk({
    env: process.env,
    findElectron: electronBinary,
    downloadElectron: () => downloadElectron({ root, showProgress: interactive }),
    ensureNative: async (runtime, binary) => {
      if (runtime === 'node') return ensureNative(nodeRuntime(), nodeIo(root));
      const electron = electronRuntime(root);
      if (interactive) console.log('Checking the native modules for Electron (the first time builds them, which takes a minute)…');
      return ensureNative(electron, electronIo(root, binary, electron));
    },
    launchElectron: (binary) =>
      new Promise((resolve) => {
        const env = { ...process.env };
        delete env.ELECTRON_RUN_AS_NODE;
        const child = spawn(binary, ['.', ...args], { cwd: root, stdio: 'inherit', env });
        child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
      }).then((code) => process.exit(code)),
    // The web host reads --port and --data-dir from the same command line.
    startBrowserMode: () => require(`${root}out/main/web-host.js`),
    say: (line) => console.log(line),
    progress: (line) => interactive && console.log(line),
    interactive,
  });
} catch (error) {
  // Only StartError is expected; anything else is still one line, not a stack trace.
  console.error(error instanceof StartError ? error.message : `Field Desk could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
