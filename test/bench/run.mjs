// `npm run bench [-- name]`: runs the TypeScript benchmarks of this folder with Vite's module
// runner (no tsx here), one after the other. Benchmarks are not part of `npm test`.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const folder = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const benches = readdirSync(folder)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
  .filter((file) => wanted.length === 0 || wanted.some((name) => file.startsWith(name)));

if (benches.length === 0) {
  console.error(`No benchmark matches ${wanted.join(', ')} in ${folder}`);
  process.exit(2);
}
// A Vite server in middleware mode only to run modules: its runner stays open while a benchmark
// runs, so the benchmark's own dynamic imports still load.
const vite = await createServer({ configFile: false, logLevel: 'warn', appType: 'custom', server: { middlewareMode: true, ws: false } });
try {
  for (const file of benches) {
    console.log(`\n# ${file}`);
    const module = await vite.ssrLoadModule(join(folder, file));
    await module.default();
  }
} finally {
  await vite.close();
}
// Benchmarks close what they open; this guards against a stray handle keeping node up.
process.exit(process.exitCode ?? 0);
