// `node scripts/native-modules.mjs node`: puts the Node build of better-sqlite3 and keytar in place
// (from the cache when `npm start` swapped in Electron's; desktop/native-modules.mjs). package.json
// runs it before tests, browser mode and the benchmarks; it costs a few milliseconds when nothing changes.
import { fileURLToPath } from 'node:url';
import { ensureNative, nodeRuntime } from './desktop/native-modules.mjs';
import { reasonOf } from './desktop/one-line.mjs';
import { nodeIo } from './desktop/runtimes.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const runtime = process.argv[2] ?? 'node';
if (runtime !== 'node') {
  console.error('Usage: node scripts/native-modules.mjs node   (Electron builds are made by npm start and npm run dist)');
  process.exit(2);
}
try {
  const { restored, built } = await ensureNative(nodeRuntime(), nodeIo(root));
  if (restored.length + built.length > 0) console.log(`Native modules for Node: ${[...restored.map((name) => `${name} restored`), ...built.map((name) => `${name} rebuilt`)].join(', ')}.`);
} catch (error) {
  console.error(`The native modules could not be built for Node (${reasonOf(error)}); run npm rebuild.`);
  process.exit(1);
}
