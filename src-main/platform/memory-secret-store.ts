import type { EnvironmentId } from '../../src-shared/ipc/channels';
import { assertSecretValue, rememberSecretValue, SECRET_FIELDS, secretAccount, type SecretField, type SecretStore } from './secret-store';

/**
 * Secrets held in this process only: the fake for tests and the session fallback when no keychain
 * answers. It has no file system access on purpose, so a fallback can never leave a secret on disk.
 */
export class MemorySecretStore implements SecretStore {
  readonly #values = new Map<string, string>();

  async get(environment: EnvironmentId, field: SecretField): Promise<string | undefined> {
    const value = this.#values.get(secretAccount(environment, field));
    rememberSecretValue(field, value);
    return value;
  }

  async set(environment: EnvironmentId, field: SecretField, value: string): Promise<void> {
    assertSecretValue(value);
    rememberSecretValue(field, value);
    this.#values.set(secretAccount(environment, field), value);
  }

  async delete(environment: EnvironmentId, field: SecretField): Promise<void> {
    this.#values.delete(secretAccount(environment, field));
  }

  async clear(environment: EnvironmentId): Promise<void> {
    for (const field of SECRET_FIELDS) this.#values.delete(secretAccount(environment, field));
  }

  async has(environment: EnvironmentId, field: SecretField): Promise<boolean> {
    return this.#values.has(secretAccount(environment, field));
  }

  async accounts(): Promise<ReadonlySet<string>> {
    return new Set(this.#values.keys());
  }
}
