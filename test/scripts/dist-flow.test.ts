import { describe, expect, it, vi } from 'vitest';
import { DistError, distFieldDesk, noElectron, type DistDeps } from '../../scripts/desktop/dist-flow.mjs';

function machine({ installed = true, downloadWorks = false, env = {} as Record<string, string> } = {}) {
  let present = installed;
  const steps: string[] = [];
  const lines: string[] = [];
  const deps = {
    env,
    findElectron: vi.fn(() => (present ? '/repo/node_modules/electron/dist/electron' : undefined)),
    downloadElectron: vi.fn(async () => {
      if (!downloadWorks) return { ok: false, reason: 'TypeError: fetch failed' };
      present = true;
      return { ok: true };
    }),
    buildApp: vi.fn(async () => void steps.push('build')),
    ensureNative: vi.fn(async (runtime: 'node' | 'electron') => void steps.push(`native:${runtime}`)),
    makePackages: vi.fn(async () => {
      steps.push('package');
      return ['Field Desk-0.1.0-x86_64.AppImage', 'field-desk_0.1.0_amd64.deb'];
    }),
    say: (line: string) => void lines.push(line),
  } satisfies DistDeps;
  return { deps, steps, lines };
}

describe('npm run dist', () => {
  it('builds, makes the native modules Electron’s, packages, then puts the Node build back', async () => {
    const { deps, steps, lines } = machine();
    expect(await distFieldDesk(deps)).toHaveLength(2);
    expect(steps).toEqual(['build', 'native:electron', 'package', 'native:node']);
    expect(lines).toEqual(['Packages in dist/: Field Desk-0.1.0-x86_64.AppImage, field-desk_0.1.0_amd64.deb']);
  });

  it('fetches a missing Electron first', async () => {
    const { deps, steps } = machine({ installed: false, downloadWorks: true });
    await distFieldDesk(deps);
    expect(deps.downloadElectron).toHaveBeenCalledTimes(1);
    expect(steps[0]).toBe('build');
  });

  it('stops in one line, before building anything, when Electron cannot be had (this machine)', async () => {
    const { deps, steps } = machine({ installed: false });
    const failure = distFieldDesk(deps);
    await expect(failure).rejects.toBeInstanceOf(DistError);
    await expect(failure).rejects.toThrow(noElectron('TypeError: fetch failed'));
    expect(noElectron('x')).not.toContain('\n');
    expect(steps).toEqual([]);
  });

  it('says so without downloading when ELECTRON_SKIP_BINARY_DOWNLOAD is set', async () => {
    const { deps } = machine({ installed: false, env: { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } });
    await expect(distFieldDesk(deps)).rejects.toThrow(noElectron('ELECTRON_SKIP_BINARY_DOWNLOAD is set'));
    expect(deps.downloadElectron).not.toHaveBeenCalled();
  });

  it('names the step that failed, in one line, and still restores the Node build after a failed packaging', async () => {
    const { deps, steps } = machine();
    deps.makePackages.mockRejectedValueOnce(new Error('Cannot find module dmg-license\n    at require'));
    await expect(distFieldDesk(deps)).rejects.toThrow('npm run dist stops: Packaging failed (Cannot find module dmg-license).');
    expect(steps).toEqual(['build', 'native:electron', 'native:node']);
  });

  it('does not package when the native modules cannot be built for Electron', async () => {
    const { deps } = machine();
    deps.ensureNative.mockRejectedValueOnce(new Error('gyp ERR! 404'));
    await expect(distFieldDesk(deps)).rejects.toThrow('npm run dist stops: Building the native modules for Electron failed (gyp ERR! 404).');
    expect(deps.makePackages).not.toHaveBeenCalled();
  });
});
