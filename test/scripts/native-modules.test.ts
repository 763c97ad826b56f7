import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ensureNative, fileSystemIo, planNative, runtimeKey, type NativeIo, type Runtime } from '../../scripts/desktop/native-modules.mjs';
import { temporaryDir } from '../support/temporary-dir';

const node: Runtime = { kind: 'node', version: '20.19.0', abi: '115', platform: 'linux', arch: 'x64' };
const electron: Runtime = { kind: 'electron', version: '41.10.7', abi: undefined, platform: 'linux', arch: 'x64' };
const NODE = 'node-abi115-linux-x64';
const ELECTRON = 'electron-41.10.7-linux-x64';

/** node_modules in memory: which build sits in place, which are cached, what loads where. */
function fakeIo(inPlace: Record<string, string | undefined>, { stamped = true, cached = {} as Record<string, string[]>, loads = [] as string[] } = {}) {
  const place = { ...inPlace };
  const stamps: Record<string, string | undefined> = stamped ? { ...inPlace } : {};
  const cache: Record<string, Set<string>> = Object.fromEntries(Object.keys(inPlace).map((name) => [name, new Set(cached[name] ?? [])]));
  const io = {
    readStamp: vi.fn((name: string) => stamps[name]),
    writeStamp: vi.fn((name: string, key: string) => void (stamps[name] = key)),
    hasCache: vi.fn((name: string, key: string) => cache[name]?.has(key) ?? false),
    save: vi.fn((name: string, key: string) => void cache[name]?.add(key)),
    restore: vi.fn((name: string, key: string) => {
      place[name] = key;
      stamps[name] = key;
    }),
    probe: vi.fn((name: string) => loads.includes(name)),
    build: vi.fn(async (names: string[]) => {
      for (const name of names) place[name] = 'fresh';
    }),
  } satisfies NativeIo;
  return { io, place, stamps, cache };
}

describe('which build each runtime needs', () => {
  it('files builds by runtime: Node by ABI, Electron by version', () => {
    expect(runtimeKey(node)).toBe(NODE);
    expect(runtimeKey({ ...node, version: '20.20.2' })).toBe(NODE);
    expect(runtimeKey(electron)).toBe(ELECTRON);
    expect(runtimeKey({ ...electron, arch: 'arm64', platform: 'darwin' })).toBe('electron-41.10.7-darwin-arm64');
  });

  it('keeps a matching build, restores a cached one, compiles the rest', () => {
    expect(
      planNative(ELECTRON, [
        { name: 'a', current: ELECTRON, cached: true },
        { name: 'b', current: NODE, cached: true },
        { name: 'c', current: NODE, cached: false },
        { name: 'd', current: undefined, cached: false },
      ]).map((step) => step.action),
    ).toEqual(['keep', 'restore', 'build', 'build']);
  });
});

describe('making the native modules load in a runtime', () => {
  it('does nothing when they are already built for it', async () => {
    const { io } = fakeIo({ 'better-sqlite3': NODE, keytar: NODE });
    expect(await ensureNative(node, io)).toEqual({ kept: ['better-sqlite3', 'keytar'], restored: [], built: [] });
    expect(io.build).not.toHaveBeenCalled();
    expect(io.save).not.toHaveBeenCalled();
  });

  it('builds for Electron when they were built for Node, filing the Node build first', async () => {
    const { io, cache, stamps } = fakeIo({ 'better-sqlite3': NODE, keytar: NODE });
    expect(await ensureNative(electron, io)).toEqual({ kept: [], restored: [], built: ['better-sqlite3', 'keytar'] });
    expect(io.build).toHaveBeenCalledTimes(1);
    expect(io.build).toHaveBeenCalledWith(['better-sqlite3', 'keytar']);
    expect([...(cache['better-sqlite3'] ?? [])].sort()).toEqual([ELECTRON, NODE]);
    expect(stamps).toEqual({ 'better-sqlite3': ELECTRON, keytar: ELECTRON });
  });

  it('switches back to Node from the cache, without compiling', async () => {
    const { io, place } = fakeIo({ 'better-sqlite3': ELECTRON, keytar: ELECTRON }, { cached: { 'better-sqlite3': [NODE], keytar: [NODE] } });
    expect(await ensureNative(node, io)).toEqual({ kept: [], restored: ['better-sqlite3', 'keytar'], built: [] });
    expect(io.build).not.toHaveBeenCalled();
    expect(place).toEqual({ 'better-sqlite3': NODE, keytar: NODE });
  });

  it('probes an unstamped build (fresh from npm ci) and stamps it when it loads', async () => {
    const { io, stamps } = fakeIo({ 'better-sqlite3': NODE, keytar: NODE }, { stamped: false, loads: ['better-sqlite3', 'keytar'] });
    expect((await ensureNative(node, io)).kept).toEqual(['better-sqlite3', 'keytar']);
    expect(stamps).toEqual({ 'better-sqlite3': NODE, keytar: NODE });
  });

  it('rebuilds an unstamped build that does not load (built for another runtime), filing nothing unknown', async () => {
    const { io } = fakeIo({ 'better-sqlite3': 'mystery', keytar: 'mystery' }, { stamped: false, loads: ['keytar'] });
    expect(await ensureNative(electron, io)).toEqual({ kept: ['keytar'], restored: [], built: ['better-sqlite3'] });
    expect(io.save.mock.calls).toEqual([['better-sqlite3', ELECTRON]]);
  });

  it('keeps a build that loads in both runtimes (Node-API) instead of rebuilding it', async () => {
    const { io, stamps } = fakeIo({ 'better-sqlite3': NODE, keytar: NODE }, { loads: ['keytar'] });
    expect(await ensureNative(electron, io)).toEqual({ kept: ['keytar'], restored: [], built: ['better-sqlite3'] });
    expect(io.build).toHaveBeenCalledWith(['better-sqlite3']);
    expect(stamps.keytar).toBe(ELECTRON);
  });

  it('fails without stamping when the build fails', async () => {
    const { io, stamps } = fakeIo({ 'better-sqlite3': NODE, keytar: NODE });
    io.build.mockRejectedValueOnce(new Error('gyp ERR! stack Error: 404 downloading headers'));
    await expect(ensureNative(electron, io)).rejects.toThrow(/404/);
    expect(stamps).toEqual({ 'better-sqlite3': NODE, keytar: NODE });
  });
});

describe('native builds on the file system', () => {
  function project() {
    const root = temporaryDir();
    const release = join(root, 'node_modules', 'better-sqlite3', 'build', 'Release');
    mkdirSync(release, { recursive: true });
    writeFileSync(join(release, 'better_sqlite3.node'), 'built for node');
    return { root, binary: join(release, 'better_sqlite3.node') };
  }

  it('swaps builds in place and back through the cache', async () => {
    const { root, binary } = project();
    const build = vi.fn(async () => writeFileSync(binary, 'built for electron'));
    const io = fileSystemIo({ root, probe: () => true, build });
    await ensureNative(node, io, ['better-sqlite3']);
    await ensureNative(electron, fileSystemIo({ root, probe: () => false, build }), ['better-sqlite3']);
    expect(readFileSync(binary, 'utf8')).toBe('built for electron');
    expect(readFileSync(join(root, 'node_modules', '.cache', 'field-desk-native', NODE, 'better-sqlite3', 'better_sqlite3.node'), 'utf8')).toBe('built for node');

    const back = await ensureNative(node, fileSystemIo({ root, probe: () => false, build }), ['better-sqlite3']);
    expect(back.restored).toEqual(['better-sqlite3']);
    expect(readFileSync(binary, 'utf8')).toBe('built for node');
    expect(build).toHaveBeenCalledTimes(1);
    // And to Electron again: a copy, not a second compile.
    await ensureNative(electron, fileSystemIo({ root, probe: () => false, build }), ['better-sqlite3']);
    expect(readFileSync(binary, 'utf8')).toBe('built for electron');
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('distrusts a stamp once the binary beside it was replaced', async () => {
    const { root, binary } = project();
    const io = fileSystemIo({ root, probe: () => true, build: async () => {} });
    io.writeStamp('better-sqlite3', ELECTRON);
    expect(io.readStamp('better-sqlite3')).toBe(ELECTRON);
    // npm rebuild fetched a prebuilt Node binary into the same folder.
    writeFileSync(binary, 'a prebuilt for node, longer than before');
    utimesSync(binary, new Date(), new Date(Date.now() + 5_000));
    expect(io.readStamp('better-sqlite3')).toBeUndefined();
  });

  it('reads a missing or corrupt stamp as none', () => {
    const { root } = project();
    const io = fileSystemIo({ root, probe: () => true, build: async () => {} });
    expect(io.readStamp('better-sqlite3')).toBeUndefined();
    writeFileSync(join(root, 'node_modules', 'better-sqlite3', 'build', 'Release', '.field-desk-runtime'), 'not json');
    expect(io.readStamp('better-sqlite3')).toBeUndefined();
    expect(io.hasCache('better-sqlite3', NODE)).toBe(false);
  });
});
