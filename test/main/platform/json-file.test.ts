import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJsonObject, writeJsonAtomic } from '../../../src-main/platform/json-file';
import { temporaryDir } from '../../support/temporary-dir';

describe('the JSON settings file helpers', () => {
  it('tell a first run (missing) from a file that is there but unusable', () => {
    const dir = temporaryDir();
    expect(readJsonObject(join(dir, 'absent.json'))).toEqual({ kind: 'missing' });
    const cases = { 'half.json': '{"theme": ', 'array.json': '[1, 2]', 'null.json': 'null', 'text.json': '"dark"' };
    for (const [name, text] of Object.entries(cases)) {
      writeFileSync(join(dir, name), text);
      expect(readJsonObject(join(dir, name)), name).toEqual({ kind: 'unreadable' });
    }
    // A folder where the file should be cannot be read either; it is not a first run.
    mkdirSync(join(dir, 'folder.json'));
    expect(readJsonObject(join(dir, 'folder.json'))).toEqual({ kind: 'unreadable' });
  });

  it('writes into a new folder, reads the object back and leaves no temporary file', () => {
    const dir = join(temporaryDir(), 'nested');
    const file = join(dir, 'settings.json');
    writeJsonAtomic(file, { theme: 'dark' });
    writeJsonAtomic(file, { theme: 'light' });
    expect(readJsonObject(file)).toEqual({ kind: 'object', value: { theme: 'light' } });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ theme: 'light' });
    expect(readdirSync(dir)).toEqual(['settings.json']);
  });
});
