import { describe, expect, it, vi } from 'vitest';
import { FORCED, NOT_INSTALLED, StartError, mayDownload, nativeFailed, startFieldDesk, type StartDeps } from '../../scripts/desktop/start-flow.mjs';

/** A machine as `npm start` sees it: whether the binary is there, what a download does, how builds go. */
function machine({
  installed = false,
  downloadWorks = false,
  electronBuildFails = false,
  nodeBuildFails = false,
  env = {},
  interactive = true,
}: { installed?: boolean; downloadWorks?: boolean; electronBuildFails?: boolean; nodeBuildFails?: boolean; env?: Record<string, string>; interactive?: boolean } = {}) {
  let present = installed;
  const lines: string[] = [];
  const deps = {
    env,
    findElectron: vi.fn(() => (present ? '/repo/node_modules/electron/dist/electron' : undefined)),
    downloadElectron: vi.fn(async () => {
      if (!downloadWorks) return { ok: false, reason: 'TypeError: fetch failed' };
      present = true;
      return { ok: true };
    }),
    ensureNative: vi.fn(async (runtime: 'node' | 'electron') => {
      if (runtime === 'electron' && electronBuildFails) throw new Error('gyp ERR! could not download headers\n    at stack');
      if (runtime === 'node' && nodeBuildFails) throw new Error('node-gyp not found');
    }),
    launchElectron: vi.fn(async () => 0),
    startBrowserMode: vi.fn(),
    say: (line: string) => lines.push(line),
    progress: vi.fn(),
    interactive,
  } satisfies StartDeps;
  return { deps, lines };
}

describe('npm start', () => {
  it('launches Electron when the binary is there, after building the native modules for it', async () => {
    const { deps, lines } = machine({ installed: true });
    expect(await startFieldDesk(deps)).toEqual({ mode: 'electron', code: 0 });
    expect(deps.downloadElectron).not.toHaveBeenCalled();
    expect(deps.ensureNative.mock.calls).toEqual([['electron', '/repo/node_modules/electron/dist/electron']]);
    expect(deps.launchElectron).toHaveBeenCalledWith('/repo/node_modules/electron/dist/electron');
    expect(deps.startBrowserMode).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
  });

  it('fetches a missing binary, then launches it', async () => {
    const { deps, lines } = machine({ downloadWorks: true });
    expect(await startFieldDesk(deps)).toEqual({ mode: 'electron', code: 0 });
    expect(deps.downloadElectron).toHaveBeenCalledTimes(1);
    expect(deps.ensureNative.mock.calls.map(([runtime]) => runtime)).toEqual(['electron']);
    expect(lines).toEqual([]);
  });

  it('falls back to browser mode in one line when the download fails, with the Node build in place', async () => {
    const { deps, lines } = machine();
    expect(await startFieldDesk(deps)).toEqual({ mode: 'browser', line: NOT_INSTALLED });
    expect(lines).toEqual([NOT_INSTALLED]);
    expect(deps.ensureNative.mock.calls).toEqual([['node']]);
    expect(deps.startBrowserMode).toHaveBeenCalledTimes(1);
    expect(deps.launchElectron).not.toHaveBeenCalled();
    // The reason goes to a person at a terminal only; tests and logs get the one line.
    expect(deps.progress).toHaveBeenCalledWith('The Electron download failed: TypeError: fetch failed.');
  });

  it('does not try to download when ELECTRON_SKIP_BINARY_DOWNLOAD is set', async () => {
    const { deps, lines } = machine({ env: { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } });
    await startFieldDesk(deps);
    expect(deps.downloadElectron).not.toHaveBeenCalled();
    expect(lines).toEqual([NOT_INSTALLED]);
  });

  it('leaves the download to a person at a terminal: a test or script reading the output gets browser mode at once', async () => {
    const { deps, lines } = machine({ downloadWorks: true, interactive: false });
    await startFieldDesk(deps);
    expect(deps.downloadElectron).not.toHaveBeenCalled();
    expect(lines).toEqual([NOT_INSTALLED]);
    expect(mayDownload({ env: { FIELD_DESK_FETCH_ELECTRON: '1' }, interactive: false })).toBe(true);
    expect(mayDownload({ env: { FIELD_DESK_FETCH_ELECTRON: '1', ELECTRON_SKIP_BINARY_DOWNLOAD: '1' }, interactive: true })).toBe(false);
    expect(mayDownload({ env: {}, interactive: true })).toBe(true);
  });

  it('starts browser mode without looking for Electron when FIELD_DESK_BROWSER_MODE is set', async () => {
    const { deps, lines } = machine({ installed: true, env: { FIELD_DESK_BROWSER_MODE: '1' } });
    await startFieldDesk(deps);
    expect(lines).toEqual([FORCED]);
    expect(deps.findElectron).not.toHaveBeenCalled();
    expect(deps.ensureNative.mock.calls).toEqual([['node']]);
  });

  it('falls back to browser mode, saying why in one line, when the native modules cannot be built for Electron', async () => {
    const { deps, lines } = machine({ installed: true, electronBuildFails: true });
    const result = await startFieldDesk(deps);
    expect(result.mode).toBe('browser');
    expect(lines).toEqual([nativeFailed('gyp ERR! could not download headers')]);
    expect(lines[0]).not.toContain('\n');
    // Browser mode runs in Node: the Node build goes back before the web host loads it.
    expect(deps.ensureNative.mock.calls.map(([runtime]) => runtime)).toEqual(['electron', 'node']);
    expect(deps.launchElectron).not.toHaveBeenCalled();
  });

  it('stops with one line when even the Node build cannot be made', async () => {
    const { deps } = machine({ nodeBuildFails: true });
    const failure = startFieldDesk(deps);
    await expect(failure).rejects.toBeInstanceOf(StartError);
    await expect(failure).rejects.toThrow(/^The native modules \(better-sqlite3, keytar\) could not be built for Node \(node-gyp not found\); run npm rebuild, then npm start\.$/);
    expect(deps.startBrowserMode).not.toHaveBeenCalled();
  });

  it('passes on the exit code of Electron', async () => {
    const { deps } = machine({ installed: true });
    deps.launchElectron.mockResolvedValueOnce(3);
    expect(await startFieldDesk(deps)).toEqual({ mode: 'electron', code: 3 });
  });
});
