import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src-shared/errors';
import { createApp } from '../../../src-main/app/create-app';
import { createDispatcher, type Handlers, type Sender } from '../../../src-main/ipc/dispatcher';
import { createMemoryLogger } from '../../../src-main/platform/logger';
import { temporaryDir } from '../../support/temporary-dir';

const trusted: Sender = { transport: 'web', url: 'http://127.0.0.1:1' };

function setup(overrides: Partial<Handlers> = {}) {
  const logger = createMemoryLogger();
  const app = createApp({ dataDir: temporaryDir(), host: 'web', logger });
  const dispatch = createDispatcher({
    handlers: { ...app.handlers, ...overrides },
    logger,
    isTrustedSender: (sender) => sender.url === trusted.url,
  });
  return { dispatch, logger };
}

describe('the IPC dispatcher', () => {
  it('answers app:info with the contract output', async () => {
    const { dispatch } = setup();
    const result = await dispatch('app:info', undefined, trusted);
    expect(result).toMatchObject({ ok: true, value: { name: 'Field Desk', environment: 'local', host: 'web' } });
  });

  it('answers a clear IPC_INVALID_INPUT naming the bad field', async () => {
    const { dispatch } = setup();
    const result = await dispatch('settings:update', { theme: 'purple' }, trusted);
    expect(result).toEqual({
      ok: false,
      error: { code: 'IPC_INVALID_INPUT', message: expect.stringMatching(/^Invalid input for settings:update: theme: /) },
    });
  });

  it('refuses unknown keys and stray input on a channel that takes none', async () => {
    const { dispatch } = setup();
    expect(await dispatch('settings:update', { theme: 'dark', extra: 1 }, trusted)).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT' } });
    expect(await dispatch('app:info', { please: true }, trusted)).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT' } });
  });

  it('answers IPC_UNKNOWN_CHANNEL for a channel outside the table, including prototype names', async () => {
    const { dispatch } = setup();
    for (const channel of ['workorders:explode', 'constructor', '__proto__', 42, null]) {
      expect(await dispatch(channel, undefined, trusted)).toMatchObject({ ok: false, error: { code: 'IPC_UNKNOWN_CHANNEL' } });
    }
  });

  it('refuses an untrusted sender before looking at the channel', async () => {
    const { dispatch } = setup();
    const result = await dispatch('app:info', undefined, { transport: 'web', url: 'http://evil.example' });
    expect(result).toEqual({ ok: false, error: { code: 'IPC_FORBIDDEN_SENDER', message: expect.any(String) } });
  });

  it('passes an AppError through as its {code, message}', async () => {
    const { dispatch } = setup({
      'settings:get': () => {
        throw new AppError('SETTINGS_WRITE_FAILED', 'Disk full.');
      },
    });
    expect(await dispatch('settings:get', undefined, trusted)).toEqual({ ok: false, error: { code: 'SETTINGS_WRITE_FAILED', message: 'Disk full.' } });
  });

  it('turns any other failure into INTERNAL without leaking its message, and logs it redacted', async () => {
    const { dispatch, logger } = setup({
      'settings:get': () => {
        throw new Error('boom at https://x/api?access_token=s3cr3t');
      },
    });
    const result = await dispatch('settings:get', undefined, trusted);
    expect(result).toEqual({ ok: false, error: { code: 'INTERNAL', message: 'Something went wrong inside the app.' } });
    const logged = JSON.stringify(logger.records);
    expect(logged).toContain('boom');
    expect(logged).not.toContain('s3cr3t');
  });

  it('refuses a handler answer outside the output contract, logging where it failed but not the value', async () => {
    const { dispatch, logger } = setup({ 'settings:get': () => ({ theme: 'customer-data-7731' }) as never });
    expect(await dispatch('settings:get', undefined, trusted)).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    const logged = JSON.stringify(logger.records);
    expect(logged).toContain('"path":"theme"');
    expect(logged).not.toContain('customer-data-7731');
  });

  it('answers INTERNAL instead of rejecting when the sender check itself throws', async () => {
    const logger = createMemoryLogger();
    const app = createApp({ dataDir: temporaryDir(), host: 'web', logger });
    const dispatch = createDispatcher({
      handlers: app.handlers,
      logger,
      isTrustedSender: () => {
        throw new Error('bad sender url');
      },
    });
    await expect(dispatch('app:info', undefined, trusted)).resolves.toEqual({ ok: false, error: { code: 'INTERNAL', message: expect.any(String) } });
  });
});
