import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetKnownSecrets, rememberSecret } from '../../../src-main/platform/known-secrets';
import { type Keytar, KeytarSecretStore } from '../../../src-main/platform/keytar-secret-store';
import { createLogger, createMemoryLogger } from '../../../src-main/platform/logger';
import { MemorySecretStore } from '../../../src-main/platform/memory-secret-store';
import { REDACTED, redact, redactText } from '../../../src-main/platform/redact';
import { temporaryDir } from '../../support/temporary-dir';

const PASSWORD = 'correct-horse-42';

beforeEach(() => forgetKnownSecrets());

describe('redaction of the stored secrets by value', () => {
  it("keeps a stored password out of main.log when a server's error text echoes it", async () => {
    const store = new MemorySecretStore();
    await store.set('sandbox', 'password', PASSWORD);
    const logDir = temporaryDir();
    const logger = createLogger({ logDir, echo: false });
    // No key names a secret here: only the value gives it away.
    const error = new Error(`Upstream said: user ann with ${PASSWORD} is locked`);
    logger.error(`sign-in failed: ${PASSWORD}`, { error, nested: [{ note: `tried ${PASSWORD}` }] });
    const bytes = readFileSync(join(logDir, 'main.log'));
    expect(bytes.includes(PASSWORD)).toBe(false);
    const record = JSON.parse(bytes.toString('utf8')) as { message: string; details: { error: { message: string; stack: string } } };
    expect(record.message).toBe(`sign-in failed: ${REDACTED}`);
    expect(record.details.error.message).toBe(`Upstream said: user ann with ${REDACTED} is locked`);
    expect(record.details.error.stack).toContain(REDACTED);
  });

  it('learns a value when the keychain store reads it, not only when it writes it', async () => {
    const keytar: Keytar = {
      getPassword: async () => 'client-secret-from-last-run',
      setPassword: async () => undefined,
      deletePassword: async () => true,
      findCredentials: async () => [],
    };
    const store = new KeytarSecretStore(createMemoryLogger(), { loadKeytar: async () => keytar });
    expect(redactText('secret client-secret-from-last-run')).toContain('client-secret-from-last-run');
    await store.get('production', 'client_secret');
    expect(redactText('echo: client-secret-from-last-run!')).toBe(`echo: ${REDACTED}!`);
  });

  it('leaves identifiers (client id, user name) readable', async () => {
    const store = new MemorySecretStore();
    await store.set('sandbox', 'client_id', 'public-client-7');
    await store.set('sandbox', 'username', 'ann.dispatcher');
    expect(redactText('client public-client-7 user ann.dispatcher')).toBe('client public-client-7 user ann.dispatcher');
  });

  it('catches the value as a JSON body or a form body spells it', () => {
    rememberSecret('p@ss "word" & more');
    expect(redactText('form: grant=x&pw=p%40ss+%22word%22+%26+more&y=1')).toBe(`form: grant=x&pw=${REDACTED}&y=1`);
    expect(redactText('url: p%40ss%20%22word%22%20%26%20more')).toBe(`url: ${REDACTED}`);
    expect(redactText('{"pw":"p@ss \\"word\\" & more"}')).toBe(`{"pw":"${REDACTED}"}`);
  });

  it('ignores values too short to be told from ordinary words, and replaces a longer secret whole', () => {
    rememberSecret('abc12');
    rememberSecret('token-1');
    rememberSecret('token-1-and-more');
    expect(redactText('abc12 token-1-and-more token-1')).toBe(`abc12 ${REDACTED} ${REDACTED}`);
  });

  it('redacts values in nested details and in what the memory logger keeps', () => {
    rememberSecret('access-token-xyz');
    expect(redact({ list: ['Bearer access-token-xyz'], n: 3 })).toEqual({ list: [`Bearer ${REDACTED}`], n: 3 });
    const logger = createMemoryLogger();
    logger.warn('got access-token-xyz', new Error('bad access-token-xyz'));
    expect(JSON.stringify(logger.records)).not.toContain('access-token-xyz');
  });

  it('forgets the oldest values beyond its bound, so the scan per string stays short', () => {
    for (let index = 0; index < 100; index += 1) rememberSecret(`rotated-token-${index}`);
    expect(redactText('rotated-token-99')).toBe(REDACTED);
    expect(redactText('rotated-token-0')).toBe('rotated-token-0');
  });
});
