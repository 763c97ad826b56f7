// `npm run electron:fetch`: the Electron binary, once, where downloads work; one line when they do not.
import { fileURLToPath } from 'node:url';
import { downloadElectron } from './desktop/electron-download.mjs';
import { electronBinary } from './electron-binary.cjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// electron's install script does nothing when told to skip; here the user asked for the download.
const env = { ...process.env };
delete env.ELECTRON_SKIP_BINARY_DOWNLOAD;
const result = await downloadElectron({ root, env, showProgress: Boolean(process.stdout.isTTY) });
const binary = electronBinary();
if (binary) {
  console.log(`Electron is installed: ${binary}`);
} else {
  console.error(`Electron could not be downloaded (${result.ok ? 'the binary is still missing' : result.reason}).`);
  process.exit(1);
}
