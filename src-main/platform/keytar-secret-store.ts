import type * as KeytarModule from 'keytar';
import { AppError } from '../../src-shared/errors';
import type { EnvironmentId } from '../../src-shared/ipc/channels';
import type { Logger } from './logger';
import { assertSecretValue, rememberSecretValue, SECRET_FIELDS, secretAccount, type SecretField, type SecretStore } from './secret-store';

export type Keytar = Pick<typeof KeytarModule, 'getPassword' | 'setPassword' | 'deletePassword' | 'findCredentials'>;
export type KeytarLoader = () => Promise<Keytar>;

export const KEYCHAIN_SERVICE = 'Field Desk';
// An account no one writes: probing reads nothing real, so no secret is pulled into memory for it.
const PROBE_ACCOUNT = 'probe:availability';

/** Loaded on first use, so a missing native module or Secret Service is a rejected promise, not a crash at import. */
export const loadKeytar: KeytarLoader = async () => {
  const module = await import('keytar');
  return module.default ?? module;
};

export interface KeytarSecretStoreOptions {
  /** Tests pass a unique name so they never touch the user's own entries. */
  service?: string;
  loadKeytar?: KeytarLoader;
}

/** The OS keychain through keytar: one service for the app, one account per environment and field. */
export class KeytarSecretStore implements SecretStore {
  readonly #service: string;
  readonly #load: KeytarLoader;
  #keytar: Promise<Keytar> | undefined;

  constructor(
    private readonly logger: Logger,
    { service = KEYCHAIN_SERVICE, loadKeytar: load = loadKeytar }: KeytarSecretStoreOptions = {},
  ) {
    this.#service = service;
    this.#load = load;
  }

  /** Resolves when the keychain answers; rejects with the raw cause and logs nothing, so the caller logs it once. */
  async probe(): Promise<void> {
    const keytar = await this.#load();
    await keytar.getPassword(this.#service, PROBE_ACCOUNT);
  }

  async get(environment: EnvironmentId, field: SecretField): Promise<string | undefined> {
    const value = await this.#call('get', { environment, field }, (keytar) => keytar.getPassword(this.#service, secretAccount(environment, field)));
    rememberSecretValue(field, value ?? undefined);
    return value ?? undefined;
  }

  async set(environment: EnvironmentId, field: SecretField, value: string): Promise<void> {
    assertSecretValue(value);
    // Before the write: a failing keychain's error must not be the first place the value shows up.
    rememberSecretValue(field, value);
    await this.#call('set', { environment, field }, (keytar) => keytar.setPassword(this.#service, secretAccount(environment, field), value));
  }

  async delete(environment: EnvironmentId, field: SecretField): Promise<void> {
    await this.#call('delete', { environment, field }, (keytar) => keytar.deletePassword(this.#service, secretAccount(environment, field)));
  }

  async clear(environment: EnvironmentId): Promise<void> {
    // Try every field even when one fails: a sign-out should leave as little behind as it can.
    const results = await Promise.allSettled(SECRET_FIELDS.map((field) => this.delete(environment, field)));
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
  }

  async has(environment: EnvironmentId, field: SecretField): Promise<boolean> {
    return (await this.get(environment, field)) !== undefined;
  }

  async accounts(): Promise<ReadonlySet<string>> {
    // keytar lists accounts only with their values; the values are dropped here and never leave.
    const found = await this.#call('list', null, (keytar) => keytar.findCredentials(this.#service));
    return new Set(found.map((credential) => credential.account).filter((account) => account !== PROBE_ACCOUNT));
  }

  #keytarModule(): Promise<Keytar> {
    this.#keytar ??= this.#load().catch((error: unknown) => {
      this.logger.warn('keychain: keytar could not be loaded', { cause: describeCause(error) });
      throw new AppError('KEYCHAIN_UNAVAILABLE');
    });
    return this.#keytar;
  }

  /** Runs one keytar call; its errors become AppErrors and are logged by location only, never with a value. */
  async #call<T>(operation: string, location: { environment: EnvironmentId; field: SecretField } | null, run: (keytar: Keytar) => Promise<T>): Promise<T> {
    const keytar = await this.#keytarModule();
    try {
      // Awaited inside the try: keytar also throws synchronously, on bad arguments.
      return await run(keytar);
    } catch (error) {
      this.logger.error(`keychain: ${operation} failed`, { ...location, cause: describeCause(error) });
      throw new AppError('KEYCHAIN_FAILED');
    }
  }
}

/** Only the message of a keytar or libsecret error: those name the failure, never the stored value. */
export function describeCause(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
