import { AppError } from '../../src-shared/errors';
import type { EnvironmentId } from '../../src-shared/ipc/channels';
import { rememberSecret } from './known-secrets';

/** `svc_token` and `company_id` open the webhook service (decisions §7); the rest sign in to the REST API. */
export const SECRET_FIELDS = ['client_id', 'client_secret', 'username', 'password', 'refresh_token', 'svc_token', 'company_id'] as const;
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

/**
 * The fields whose values are secret wherever they appear. `client_id` and `username` name a client
 * and a person: identifiers, kept readable in logs as the key-name redaction keeps them.
 */
const SECRET_VALUE_FIELDS: ReadonlySet<SecretField> = new Set(['client_secret', 'password', 'refresh_token', 'svc_token']);

/**
 * Every store calls this with each value it reads or writes, so the log redaction replaces that
 * value even inside free text (a server's error message that echoes the form it was sent).
 */
export function rememberSecretValue(field: SecretField, value: string | undefined): void {
  if (SECRET_VALUE_FIELDS.has(field)) rememberSecret(value);
}
