import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The node tests share one module graph per worker (vitest.config.mts, isolate: false): a file that
// mocks a module would hand its mock to every file after it. Those files are listed to run isolated.
const ROOT = join(__dirname, '..', '..');

function testFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return ['e2e', 'renderer'].includes(entry.name) && folder === join(ROOT, 'test') ? [] : testFiles(path);
    return entry.name.endsWith('.test.ts') ? [relative(ROOT, path)] : [];
  });
}

describe('vitest projects', () => {
  it('run every node test that mocks a module, or stubs the environment, in the isolated project', async () => {
    const config = readFileSync(join(ROOT, 'vitest.config.mts'), 'utf8');
    const mocking = testFiles(join(ROOT, 'test')).filter((file) => /\bvi\.(mock|doMock|stubEnv|stubGlobal)\(/.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(mocking.length).toBeGreaterThan(0);
    for (const file of mocking) expect(config, `${file} mocks a module: list it in MOCKING`).toContain(`'${file}'`);
  });
});
