import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../src-shared/errors';
import type { EnvironmentId } from '../../../src-shared/ipc/channels';
import { type Keytar, KeytarSecretStore } from '../../../src-main/platform/keytar-secret-store';
import { createMemoryLogger } from '../../../src-main/platform/logger';
import { MemorySecretStore } from '../../../src-main/platform/memory-secret-store';
import { SECRET_FIELDS, type SecretStore } from '../../../src-main/platform/secret-store';

// The keytar store runs against the real keychain where a Secret Service answers (CI runs
// gnome-keyring on a session bus) and must run when FIELD_DESK_REQUIRE_KEYCHAIN is set.
const keytar = await import('keytar').then((module) => module.default ?? module).catch(() => undefined);
const keychainAvailable = keytar ? await keytar.findCredentials('field-desk-probe').then(() => true, () => false) : false;
const keychainRequired = Boolean(process.env.FIELD_DESK_REQUIRE_KEYCHAIN);
// A service of its own per run, so the tests never see or touch the user's real entries.
const service = `field-desk-test-${randomUUID()}`;

const ENVIRONMENTS: EnvironmentId[] = ['local', 'sandbox', 'production', 'custom'];
const UNICODE_VALUE = 'pässwörd 密码 🔐 "quoted" \'single\' \\ back\nnew line\ttab';
const LONG_VALUE = 'ä€😀x'.repeat(4_000);

const subjects: { name: string; run: boolean; create: () => SecretStore }[] = [
  { name: 'MemorySecretStore', run: true, create: () => new MemorySecretStore() },
  {
    name: 'KeytarSecretStore (real keychain)',
    run: keychainAvailable || keychainRequired,
    create: () => new KeytarSecretStore(createMemoryLogger(), { service }),
  },
];

for (const subject of subjects) {
  describe.runIf(subject.run)(`${subject.name}: the SecretStore contract`, () => {
    let store: SecretStore;

    beforeEach(async () => {
      store = subject.create();
      for (const environment of ENVIRONMENTS) await store.clear(environment);
    });

    it('has nothing before anything is set', async () => {
      expect(await store.get('sandbox', 'password')).toBeUndefined();
      expect(await store.has('sandbox', 'password')).toBe(false);
    });

    it('sets, reads back and overwrites one field without touching the others', async () => {
      await store.set('sandbox', 'client_id', 'first id');
      await store.set('sandbox', 'client_id', 'second id');
      expect(await store.get('sandbox', 'client_id')).toBe('second id');
      expect(await store.has('sandbox', 'client_id')).toBe(true);
      expect(await store.has('sandbox', 'client_secret')).toBe(false);
      expect(await store.has('production', 'client_id')).toBe(false);
    });

    it('deletes a field, and deleting a missing field is not an error', async () => {
      await store.set('local', 'refresh_token', 'a refresh token');
      await store.delete('local', 'refresh_token');
      expect(await store.get('local', 'refresh_token')).toBeUndefined();
      await expect(store.delete('local', 'refresh_token')).resolves.toBeUndefined();
    });

    it('clear(environment) removes every field of that environment and leaves the others', async () => {
      for (const field of SECRET_FIELDS) {
        await store.set('sandbox', field, `sandbox ${field}`);
        await store.set('production', field, `production ${field}`);
      }
      await store.clear('sandbox');
      for (const field of SECRET_FIELDS) {
        expect(await store.has('sandbox', field)).toBe(false);
        expect(await store.get('production', field)).toBe(`production ${field}`);
      }
    });

    it('lists the accounts that hold a value, and only those', async () => {
      await store.set('sandbox', 'client_id', 'an id');
      await store.set('production', 'refresh_token', 'a refresh token');
      expect([...(await store.accounts())].sort()).toEqual(['production:refresh_token', 'sandbox:client_id']);
      await store.delete('sandbox', 'client_id');
      expect([...(await store.accounts())]).toEqual(['production:refresh_token']);
    });

    it('keeps unicode and long values exactly', async () => {
      await store.set('custom', 'password', UNICODE_VALUE);
      await store.set('custom', 'refresh_token', LONG_VALUE);
      expect(await store.get('custom', 'password')).toBe(UNICODE_VALUE);
      expect(await store.get('custom', 'refresh_token')).toBe(LONG_VALUE);
    });

    it('rejects an empty value with SECRET_EMPTY', async () => {
      await expect(store.set('local', 'username', '')).rejects.toMatchObject({ code: 'SECRET_EMPTY' });
      expect(await store.has('local', 'username')).toBe(false);
    });
  });
}

afterAll(async () => {
  if (!keychainAvailable) return;
  for (const { account } of await keytar!.findCredentials(service)) await keytar!.deletePassword(service, account);
});

describe.runIf(keychainAvailable || keychainRequired)('KeytarSecretStore in the real keychain', () => {
  it('stores one account per environment and field under the given service', async () => {
    expect(keytar, 'keytar did not load').toBeDefined();
    const store = new KeytarSecretStore(createMemoryLogger(), { service });
    await store.set('production', 'username', 'dispatcher@example.com');
    expect(await keytar!.getPassword(service, 'production:username')).toBe('dispatcher@example.com');
    await store.clear('production');
    expect(await keytar!.findCredentials(service)).toEqual([]);
  });
});

describe('KeytarSecretStore errors', () => {
  const value = 'hunter2-do-not-leak';

  it('turns a failing keytar call into KEYCHAIN_FAILED without the value in the error or the log', async () => {
    const failing: Keytar = {
      findCredentials: async () => [],
      getPassword: async () => null,
      setPassword: async () => {
        throw new Error('Cannot create an item in a locked collection');
      },
      deletePassword: async () => true,
    };
    const logger = createMemoryLogger();
    const store = new KeytarSecretStore(logger, { service, loadKeytar: async () => failing });
    const error = await store.set('sandbox', 'password', value).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'KEYCHAIN_FAILED' });
    expect(String((error as AppError).message)).not.toContain(value);
    expect(JSON.stringify(logger.records)).toContain('locked collection');
    expect(JSON.stringify(logger.records)).not.toContain(value);
  });

  it('turns a keytar that cannot load into KEYCHAIN_UNAVAILABLE', async () => {
    const store = new KeytarSecretStore(createMemoryLogger(), {
      service,
      loadKeytar: async () => {
        throw new Error('Cannot find module keytar.node');
      },
    });
    await expect(store.get('local', 'client_id')).rejects.toMatchObject({ code: 'KEYCHAIN_UNAVAILABLE' });
  });
});

describe('MemorySecretStore', () => {
  it('cannot write files: it imports nothing but the store contract', () => {
    const source = readFileSync(new URL('../../../src-main/platform/memory-secret-store.ts', import.meta.url), 'utf8');
    const imports = [...source.matchAll(/from '([^']+)'/g)].map((match) => match[1]);
    expect(imports.sort()).toEqual(['../../src-shared/ipc/channels', './secret-store']);
    const contract = readFileSync(new URL('../../../src-main/platform/secret-store.ts', import.meta.url), 'utf8');
    expect([...contract.matchAll(/from '([^']+)'/g)].map((match) => match[1]).sort()).toEqual(['../../src-shared/errors', '../../src-shared/ipc/channels', './known-secrets']);
    // The contract tells the log redaction each value; that registry imports nothing at all.
    const registry = readFileSync(new URL('../../../src-main/platform/known-secrets.ts', import.meta.url), 'utf8');
    expect([...registry.matchAll(/from '([^']+)'/g)]).toEqual([]);
  });
});
