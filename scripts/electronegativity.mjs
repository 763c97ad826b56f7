// `npm run security`: electronegativity over the built shell (out/main and out/preload). The tool
// exits 0 whatever it finds, so this script reads its results and fails on any finding that
// .electronegativity-allowlist.json does not explain, and on allow-list entries nothing matches.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const run = require('@doyensec/electronegativity');
const root = fileURLToPath(new URL('..', import.meta.url));
const allowListPath = join(root, '.electronegativity-allowlist.json');

// This check downloads Electron's release list from GitHub; the tests run offline. The Electron
// version is pinned in package.json and upgraded like any other dependency.
const EXCLUDED_CHECKS = ['availablesecurityfixesglobalcheck'];

function loadAllowList() {
  const entries = JSON.parse(readFileSync(allowListPath, 'utf8'));
  if (!Array.isArray(entries)) throw new Error(`${allowListPath} must hold an array of {check, file, snippet?, reason}`);
  for (const entry of entries) {
    for (const field of ['check', 'file', 'reason']) {
      if (typeof entry[field] !== 'string' || entry[field].trim() === '') {
        throw new Error(`${allowListPath}: every entry needs a non-empty "${field}": ${JSON.stringify(entry)}`);
      }
    }
  }
  return entries;
}

/** Paths relative to out/, with the content hash of shared chunks dropped so entries survive rebuilds. */
function stableFile(file, scanRoot) {
  if (!file || file === 'N/A') return 'N/A';
  const path = file.startsWith(scanRoot) ? relative(scanRoot, file) : file;
  return path.split(sep).join('/').replace(/-[\w-]{8}\.js$/, '.js');
}

// The global and atomic checks only see what is in the one folder they scan: main and preload go
// in together so a check for navigation limits in the preload sees the handlers in main.
async function scan() {
  const scanRoot = mkdtempSync(join(tmpdir(), 'field-desk-electronegativity-'));
  try {
    cpSync(join(root, 'out', 'main'), join(scanRoot, 'main'), { recursive: true });
    cpSync(join(root, 'out', 'preload'), join(scanRoot, 'preload'), { recursive: true });
    const electronVersion = require('electron/package.json').version;
    const result = await run({ input: scanRoot, electronVersionOverride: electronVersion, excludeFromScan: [...EXCLUDED_CHECKS] });
    const findings = result.issues.map((issue) => ({
      check: issue.id,
      file: stableFile(issue.file, scanRoot),
      line: `${issue.location.line}:${issue.location.column}`,
      sample: String(issue.sample ?? '').replace(/\s+/g, ' ').slice(0, 160),
      description: issue.description,
    }));
    // A file the tool cannot parse is a file it did not check: that needs explaining as well.
    const unparsed = result.errors.map((error) => ({
      check: 'PARSE_ERROR',
      file: stableFile(error.file, scanRoot),
      line: '-',
      sample: '',
      description: error.message,
    }));
    return [...findings, ...unparsed];
  } finally {
    rmSync(scanRoot, { recursive: true, force: true });
  }
}

const matches = (entry, finding) =>
  entry.check === finding.check && entry.file === finding.file && (entry.snippet === undefined || finding.sample.includes(entry.snippet));

const allowList = loadAllowList();
const findings = await scan();
const used = new Set();
let allowed = 0;
let failed = false;

for (const finding of findings) {
  const entry = allowList.find((candidate) => matches(candidate, finding));
  if (entry) {
    used.add(entry);
    allowed += 1;
  } else failed = true;
  console.log(`${entry ? 'allowed  ' : 'NOT ALLOWED'} ${finding.check} ${finding.file} ${finding.line} ${finding.sample}`);
  console.log(`           ${entry ? `reason: ${entry.reason}` : finding.description}`);
}
for (const entry of allowList.filter((candidate) => !used.has(candidate))) {
  failed = true;
  console.log(`STALE allow-list entry, nothing matches it any more: ${JSON.stringify(entry)}`);
}
console.log(`electronegativity: ${findings.length} finding(s), ${allowed} allowed by ${allowListPath}.`);
process.exitCode = failed ? 1 : 0;
