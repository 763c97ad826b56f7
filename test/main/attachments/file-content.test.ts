import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileContentCache } from '../../../src-main/attachments/file-content';
import { temporaryDir } from '../../support/temporary-dir';

function setUp(maxBytes: number) {
  const dir = join(temporaryDir('file-content-'), 'cache');
  let clock = 1_000_000;
  const cache = new FileContentCache({ dir, maxBytes, now: () => clock });
  const fetches: string[] = [];
  const writer = (key: string, size: number) => async (destination: string) => {
    fetches.push(key);
    writeFileSync(destination, Buffer.alloc(size, key.charCodeAt(0)));
  };
  return { dir, cache, fetches, writer, tick: () => (clock += 1000) };
}

describe('FileContentCache', () => {
  it('fetches once, then answers the held file without fetching again', async () => {
    const { cache, fetches, writer } = setUp(1000);
    const first = await cache.getOrFetch('local-1-2-abc', writer('a', 10));
    const second = await cache.getOrFetch('local-1-2-abc', writer('a', 10));
    expect(second).toBe(first);
    expect(readFileSync(first)).toEqual(Buffer.alloc(10, 'a'.charCodeAt(0)));
    expect(fetches).toEqual(['a']);
  });

  it('shares one fetch between two asks for the same key', async () => {
    const { cache, fetches, writer } = setUp(1000);
    const [one, two] = await Promise.all([cache.getOrFetch('k-1', writer('a', 5)), cache.getOrFetch('k-1', writer('b', 5))]);
    expect(one).toBe(two);
    expect(fetches).toEqual(['a']);
  });

  it('drops the files used longest ago first when past its bound, never the one just fetched', async () => {
    const { dir, cache, writer, tick } = setUp(250);
    await cache.getOrFetch('k-a', writer('a', 100));
    tick();
    await cache.getOrFetch('k-b', writer('b', 100));
    tick();
    // Using a makes b the oldest.
    expect(await cache.get('k-a')).toBeDefined();
    tick();
    await cache.getOrFetch('k-c', writer('c', 100));
    expect(await cache.get('k-b')).toBeUndefined();
    expect(await cache.get('k-a')).toBeDefined();
    expect(await cache.get('k-c')).toBeDefined();
    expect(cache.size).toBe(200);
    // A file larger than the bound is not kept (the fetch was told the bound, and ignored it here).
    await expect(cache.getOrFetch('k-d', writer('d', 400))).rejects.toMatchObject({ code: 'ATTACHMENT_TOO_LARGE' });
    expect(existsSync(join(dir, 'k-d'))).toBe(false);
    expect(cache.size).toBe(200);
  });

  it('keeps the order of use across a restart (mtime), and clears leftovers of a cut fetch', async () => {
    const { dir, cache, writer, tick } = setUp(250);
    await cache.getOrFetch('k-a', writer('a', 100));
    tick();
    await cache.getOrFetch('k-b', writer('b', 100));
    tick();
    await cache.get('k-a');
    writeFileSync(join(dir, 'k-c.part'), 'half');
    const reopened = new FileContentCache({ dir, maxBytes: 250, now: () => 10_000_000 });
    await reopened.getOrFetch('k-c', writer('c', 100));
    expect(readdirSync(dir).sort()).toEqual(['k-a', 'k-c']);
  });

  it('keeps nothing of a failed fetch, and tries again next time', async () => {
    const { dir, cache, writer } = setUp(1000);
    await expect(
      cache.getOrFetch('k-x', async (destination) => {
        writeFileSync(`${destination}.part`, 'half');
        throw new Error('cut');
      }),
    ).rejects.toThrow('cut');
    expect(readdirSync(dir)).toEqual([]);
    await cache.getOrFetch('k-x', writer('x', 3));
    expect(readdirSync(dir)).toEqual(['k-x']);
  });

  it('refuses a key that could name a path', async () => {
    const { cache, writer } = setUp(1000);
    await expect(cache.getOrFetch('../etc', writer('a', 1))).rejects.toThrow('Not a cache key');
  });
});
