// Where the Electron binary is, if its download ever happened. One check for `npm start` (which
// falls back to browser mode without it) and the e2e test of that fallback (which skips with it).
// CommonJS so both the ESM start script and Playwright's TypeScript loader can load it.
const { existsSync } = require('node:fs');

/** The binary's path, or undefined when Electron is not installed on this machine. */
function electronBinary() {
  try {
    // The electron package exports the binary's path, and throws when its download never happened.
    const binary = require('electron');
    return typeof binary === 'string' && existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}

module.exports = { electronBinary };
