import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src-shared/errors';
import { createMemoryLogger } from '../../../src-main/platform/logger';
import { DEFAULT_ENVIRONMENT_SETTINGS, EnvironmentSettingsStore } from '../../../src-main/environments/environment-settings';
import { temporaryDir } from '../../support/temporary-dir';

const SANDBOX = {
  baseUrl: 'https://sandbox.example.com/api/rest/v2',
  authUrl: 'https://sandbox.example.com',
  webhookUrl: 'https://webhooks.sandbox.example.com',
};
const CUSTOM = { baseUrl: 'http://127.0.0.1:8080/api/rest/v2', authUrl: 'http://127.0.0.1:8080', webhookUrl: 'http://127.0.0.1:8080' };

function codeOf(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    return error instanceof AppError ? error.code : 'not an AppError';
  }
  return undefined;
}

describe('the environment settings store', () => {
  it('starts on local with no remote addresses and keeps changes across a restart', () => {
    const dir = temporaryDir();
    const store = new EnvironmentSettingsStore(dir, createMemoryLogger());
    expect(store.get()).toEqual(DEFAULT_ENVIRONMENT_SETTINGS);
    store.setActive('sandbox');
    store.setUrls('sandbox', SANDBOX);
    const reopened = new EnvironmentSettingsStore(dir, createMemoryLogger()).get();
    expect(reopened.active).toBe('sandbox');
    expect(reopened.urls.sandbox).toEqual(SANDBOX);
    expect(JSON.parse(readFileSync(join(dir, 'environments.json'), 'utf8'))).toEqual(reopened);
  });

  it('falls back per key on a corrupt or hand-edited file, and says so in the log', () => {
    const logger = createMemoryLogger();
    const broken = temporaryDir();
    writeFileSync(join(broken, 'environments.json'), '{"active": ');
    expect(new EnvironmentSettingsStore(broken, logger).get()).toEqual(DEFAULT_ENVIRONMENT_SETTINGS);

    const edited = temporaryDir();
    const insecure = { ...SANDBOX, authUrl: 'http://sandbox.example.com' };
    writeFileSync(join(edited, 'environments.json'), JSON.stringify({ active: 'moon', urls: { sandbox: insecure, custom: CUSTOM, production: 7 } }));
    const settings = new EnvironmentSettingsStore(edited, logger).get();
    expect(settings.active).toBe('local');
    expect(settings.urls.sandbox).toEqual(DEFAULT_ENVIRONMENT_SETTINGS.urls.sandbox);
    expect(settings.urls.production).toEqual(DEFAULT_ENVIRONMENT_SETTINGS.urls.production);
    expect(settings.urls.custom).toEqual(CUSTOM);
    expect(logger.records.map((record) => [record.message, record.details])).toEqual([
      ['environments: unreadable file ignored', { file: join(broken, 'environments.json') }],
      ['environments: invalid value ignored', { key: 'active' }],
      ['environments: invalid value ignored', { key: 'urls.sandbox' }],
      ['environments: invalid value ignored', { key: 'urls.production' }],
    ]);
  });

  it('accepts only full http(s) addresses: https for sandbox and production, no user info', () => {
    const store = new EnvironmentSettingsStore(temporaryDir(), createMemoryLogger());
    expect(codeOf(() => store.setUrls('sandbox', { ...SANDBOX, baseUrl: 'not an address' }))).toBe('ENVIRONMENT_INVALID_URL');
    expect(codeOf(() => store.setUrls('production', { ...SANDBOX, authUrl: 'http://prod.example.com' }))).toBe('ENVIRONMENT_INVALID_URL');
    expect(codeOf(() => store.setUrls('custom', { ...CUSTOM, webhookUrl: 'ftp://files.example.com' }))).toBe('ENVIRONMENT_INVALID_URL');
    expect(codeOf(() => store.setUrls('custom', { ...CUSTOM, authUrl: 'https://user:secret@auth.example.com' }))).toBe('ENVIRONMENT_INVALID_URL');
    expect(codeOf(() => store.setUrls('custom', { ...CUSTOM, baseUrl: '' }))).toBe('ENVIRONMENT_INVALID_URL');
    expect(store.get()).toEqual(DEFAULT_ENVIRONMENT_SETTINGS);
    expect(codeOf(() => store.setUrls('custom', { ...CUSTOM, baseUrl: ` ${CUSTOM.baseUrl} ` }))).toBeUndefined();
    expect(store.get().urls.custom).toEqual(CUSTOM);
  });

  it('answers ENVIRONMENTS_WRITE_FAILED and keeps the old value when the disk refuses', () => {
    const dir = temporaryDir();
    // A folder where the file should be makes the rename fail.
    mkdirSync(join(dir, 'environments.json'));
    const store = new EnvironmentSettingsStore(dir, createMemoryLogger());
    expect(codeOf(() => store.setActive('production'))).toBe('ENVIRONMENTS_WRITE_FAILED');
    expect(store.get().active).toBe('local');
  });
});
