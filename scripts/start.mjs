// `npm start`: launch the desktop app, or browser mode when the Electron binary is missing
// (it cannot be downloaded on every machine; see README "Browser mode").
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { electronBinary } from './electron-binary.cjs';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('..', import.meta.url));

const forced = Boolean(process.env.FIELD_DESK_BROWSER_MODE);
const binary = forced ? undefined : electronBinary();
if (binary) {
  const child = spawn(binary, ['.', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  console.log(
    forced
      ? 'FIELD_DESK_BROWSER_MODE is set, so Field Desk starts in browser mode.'
      : 'Electron is not installed on this machine, so Field Desk starts in browser mode (npm run electron:fetch installs it where downloads work).',
  );
  // The web host reads --port and --data-dir from the same command line.
  require(`${root}out/main/web-host.js`);
}
