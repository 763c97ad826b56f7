import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCache } from '../../../src-main/db/database';
import { stagedFileIds } from '../../../src-main/outbox/outbox-store';
import { temporaryDir } from '../../support/temporary-dir';

describe('stagedFileIds', () => {
  it('answers none for a missing file or a cache from before the outbox, and refuses a file it cannot read', () => {
    const dir = temporaryDir();
    expect(stagedFileIds(join(dir, 'missing.sqlite3'))).toEqual([]);
    const fresh = join(dir, 'fresh.sqlite3');
    openCache(fresh).close();
    expect(stagedFileIds(fresh)).toEqual([]);
    // Not a database: "nothing staged" would let the launch cleanup delete what queued uploads need.
    const broken = join(dir, 'broken.sqlite3');
    writeFileSync(broken, 'this is not a sqlite file, but long enough to be read as one'.repeat(100));
    expect(() => stagedFileIds(broken)).toThrow();
  });
});
