import { AppError } from '../../src-shared/errors';
import type { EnvironmentId } from '../../src-shared/ipc/channels';

export const SECRET_FIELDS = ['client_id', 'client_secret', 'username', 'password', 'refresh_token'] as const;
export type SecretField = (typeof SECRET_FIELDS)[number];

/**
 * Credentials per environment and field. Main holds the only reader: IPC handlers may call `set`,
 * `has`, `delete` and `clear` for the renderer, never `get`, so a secret never travels back to a window.
 */
export interface SecretStore {
  get(environment: EnvironmentId, field: SecretField): Promise<string | undefined>;
  set(environment: EnvironmentId, field: SecretField, value: string): Promise<void>;
  delete(environment: EnvironmentId, field: SecretField): Promise<void>;
  /** Sign-out: removes every field of `environment` and leaves other environments alone. */
  clear(environment: EnvironmentId): Promise<void>;
  has(environment: EnvironmentId, field: SecretField): Promise<boolean>;
  /** Every `environment:field` account holding a value, in one keychain read: lists ask for all environments at once. */
  accounts(): Promise<ReadonlySet<string>>;
}

export function secretAccount(environment: EnvironmentId, field: SecretField): string {
  return `${environment}:${field}`;
}

/** Every store rejects an empty value the same way, because the keychain cannot hold one. */
export function assertSecretValue(value: string): void {
  if (typeof value !== 'string' || value.length === 0) throw new AppError('SECRET_EMPTY');
}
