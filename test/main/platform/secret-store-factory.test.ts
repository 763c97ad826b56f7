import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Keytar, KeytarSecretStore } from '../../../src-main/platform/keytar-secret-store';
import { createMemoryLogger } from '../../../src-main/platform/logger';
import { MemorySecretStore } from '../../../src-main/platform/memory-secret-store';
import { NO_KEYCHAIN_REASON, openSecretStore } from '../../../src-main/platform/secret-store-factory';

const keytar = await import('keytar').then((module) => module.default ?? module).catch(() => undefined);
const keychainAvailable = keytar ? await keytar.findCredentials('field-desk-probe').then(() => true, () => false) : false;
const keychainRequired = Boolean(process.env.FIELD_DESK_REQUIRE_KEYCHAIN);

function fakeKeytar(getPassword: Keytar['getPassword']): Keytar {
  return { getPassword, setPassword: async () => undefined, deletePassword: async () => true, findCredentials: async () => [] };
}

const failures: { name: string; loadKeytar: () => Promise<Keytar>; cause: string }[] = [
  {
    name: 'the native module is missing',
    loadKeytar: async () => {
      throw new Error("Cannot find module 'keytar'");
    },
    cause: "Cannot find module 'keytar'",
  },
  {
    name: 'no Secret Service answers',
    loadKeytar: async () =>
      fakeKeytar(async () => {
        throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY');
      }),
    cause: 'Cannot autolaunch D-Bus',
  },
  {
    name: 'the Secret Service hangs',
    loadKeytar: async () => fakeKeytar(() => new Promise(() => undefined)),
    cause: 'did not answer within 50 ms',
  },
];

describe('openSecretStore', () => {
  for (const failure of failures) {
    it(`falls back to memory for this session when ${failure.name}, with one clear warning`, async () => {
      const logger = createMemoryLogger();
      const opened = await openSecretStore(logger, { loadKeytar: failure.loadKeytar, probeTimeoutMs: 50 });
      expect(opened.persistent).toBe(false);
      expect(opened.reason).toBe(NO_KEYCHAIN_REASON);
      expect(opened.store).toBeInstanceOf(MemorySecretStore);
      expect(logger.records).toHaveLength(1);
      expect(logger.records[0]).toMatchObject({ level: 'warn', message: expect.stringContaining(NO_KEYCHAIN_REASON) });
      expect(JSON.stringify(logger.records[0])).toContain(failure.cause);

      await opened.store.set('sandbox', 'password', 'kept in memory');
      expect(await opened.store.get('sandbox', 'password')).toBe('kept in memory');
    });
  }

  it('never logs a value stored in the fallback', async () => {
    const logger = createMemoryLogger();
    const opened = await openSecretStore(logger, {
      loadKeytar: async () => {
        throw new Error('no keytar');
      },
    });
    await opened.store.set('production', 'client_secret', 'sEcReT-vAlUe-123');
    await opened.store.set('production', 'refresh_token', 'rEfReSh-vAlUe-456');
    await opened.store.clear('production');
    const logged = JSON.stringify(logger.records);
    expect(logged).not.toContain('sEcReT-vAlUe-123');
    expect(logged).not.toContain('rEfReSh-vAlUe-456');
  });

  it('uses the keychain when the probe answers', async () => {
    const logger = createMemoryLogger();
    const opened = await openSecretStore(logger, { loadKeytar: async () => fakeKeytar(async () => null) });
    expect(opened).toEqual({ store: expect.any(KeytarSecretStore), persistent: true });
    expect(logger.records).toEqual([]);
  });

  it.runIf(keychainAvailable || keychainRequired)('opens the real keychain as persistent', async () => {
    const opened = await openSecretStore(createMemoryLogger(), { service: `field-desk-test-${randomUUID()}` });
    expect(opened.persistent).toBe(true);
    expect(opened.store).toBeInstanceOf(KeytarSecretStore);
  });
});
