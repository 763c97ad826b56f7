import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { SmokeFailure, devToolsEndpoint, packagedExecutable, smokeChecks } from '../../scripts/desktop/smoke.mjs';

describe('finding the packaged app', () => {
  it('finds electron-builder’s unpacked app on each platform', () => {
    expect(packagedExecutable('/d', 'linux', ['linux-unpacked', '.icon-set', 'builder-debug.yml'])).toBe(join('/d', 'linux-unpacked', 'field-desk'));
    expect(packagedExecutable('/d', 'linux', ['linux-arm64-unpacked'])).toBe(join('/d', 'linux-arm64-unpacked', 'field-desk'));
    expect(packagedExecutable('/d', 'win32', ['win-unpacked'])).toBe(join('/d', 'win-unpacked', 'Field Desk.exe'));
    expect(packagedExecutable('/d', 'darwin', ['mac-arm64'])).toBe(join('/d', 'mac-arm64', 'Field Desk.app', 'Contents', 'MacOS', 'Field Desk'));
  });

  it('finds nothing before npm run dist or for another platform', () => {
    expect(packagedExecutable('/d', 'linux', [])).toBeUndefined();
    expect(packagedExecutable('/d', 'linux', ['win-unpacked'])).toBeUndefined();
    expect(packagedExecutable('/d', 'freebsd', ['linux-unpacked'])).toBeUndefined();
  });
});

describe('the smoke checks', () => {
  const info = { name: 'Field Desk', version: '0.1.0', environment: 'local', host: 'electron', dataDir: '/tmp/x', logDir: '/tmp/x/logs', keychain: { persistent: true } };
  const answers = (overrides: Record<string, unknown> = {}) =>
    vi.fn(async (channel: string) => overrides[channel] ?? ({ 'app:info': { ok: true, value: info }, 'session:sign-in': { ok: true, value: { environment: 'local', state: 'signed-in' } } } as Record<string, unknown>)[channel]);

  it('passes when the window shows, app:info answers from Electron on the local marketplace, and it signs in', async () => {
    const invoke = answers();
    const log = vi.fn();
    await expect(smokeChecks({ windowVisible: async () => true, invoke, log })).resolves.toMatchObject({ session: { state: 'signed-in' } });
    expect(invoke.mock.calls.map(([channel]) => channel)).toEqual(['app:info', 'session:sign-in']);
    expect(log).toHaveBeenCalledTimes(3);
  });

  it('fails on a window that never shows', async () => {
    await expect(smokeChecks({ windowVisible: async () => false, invoke: answers() })).rejects.toThrow('the main window did not become visible');
  });

  it('fails when app:info answers an error or from browser mode', async () => {
    await expect(smokeChecks({ windowVisible: async () => true, invoke: answers({ 'app:info': { ok: false, error: { code: 'IPC_FORBIDDEN_SENDER', message: 'no' } } }) })).rejects.toThrow(
      'app:info answered IPC_FORBIDDEN_SENDER: no',
    );
    await expect(smokeChecks({ windowVisible: async () => true, invoke: answers({ 'app:info': { ok: true, value: { ...info, host: 'web' } } }) })).rejects.toBeInstanceOf(SmokeFailure);
    await expect(smokeChecks({ windowVisible: async () => true, invoke: answers({ 'app:info': { ok: true, value: { ...info, environment: 'sandbox' } } }) })).rejects.toThrow(/not the local marketplace/);
  });

  it('fails when the local marketplace does not sign in', async () => {
    const invoke = answers({ 'session:sign-in': { ok: true, value: { environment: 'local', state: 'signed-out' } } });
    await expect(smokeChecks({ windowVisible: async () => true, invoke })).rejects.toThrow('signing in to the local marketplace left the session signed-out');
  });
});

describe('the DevTools address', () => {
  it('is read from what Chromium prints once remote debugging listens, whatever comes around it', () => {
    expect(devToolsEndpoint('[1234:ERROR:gpu] no GPU\n\nDevTools listening on ws://127.0.0.1:40123/devtools/browser/5f1c-a9\nmore')).toBe('ws://127.0.0.1:40123/devtools/browser/5f1c-a9');
    expect(devToolsEndpoint('DevTools listening on ')).toBeUndefined();
    expect(devToolsEndpoint('')).toBeUndefined();
  });
});
