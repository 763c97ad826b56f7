import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';

/**
 * Bundles entries of the TypeScript sources into CommonJS files, for code that must run outside
 * the test runner's module loader (a worker thread, a spawned CLI). Tests and benchmarks only: the
 * built app ships these files. Output lives under node_modules/.cache so
 * that `require('fastify')` from it resolves, in a folder of its own per call (test files run in
 * parallel); the caller removes it when done (test runners kill their processes, so an exit hook
 * would not). `root` is the repository, for callers where `__dirname` does not exist (Vite's
 * module runner).
 */
export async function buildFromSources(entries: Record<string, string>, root = resolve(__dirname, '..', '..')): Promise<string> {
  const cache = join(root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const outDir = mkdtempSync(join(cache, 'local-marketplace-'));
  try {
    await build({
      configFile: false,
      root,
      logLevel: 'silent',
      build: {
        ssr: true,
        outDir,
        target: 'node20',
        minify: false,
        rolldownOptions: {
          input: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, resolve(root, file)])),
          output: { format: 'cjs', entryFileNames: '[name].js' },
        },
      },
    });
  } catch (error) {
    rmSync(outDir, { recursive: true, force: true });
    throw error;
  }
  return outDir;
}
