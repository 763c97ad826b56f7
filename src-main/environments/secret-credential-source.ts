import type { EnvironmentId } from '../../src-shared/ipc/channels';
import type { CredentialSource, Credentials } from '../api-client/credential-source';
import { secretAccount, type SecretField, type SecretStore } from '../platform/secret-store';

/** The secret fields that make up a sign-in, in the order of `Credentials`. */
const CREDENTIAL_FIELDS = {
  clientId: 'client_id',
  clientSecret: 'client_secret',
  username: 'username',
  password: 'password',
} as const satisfies Record<keyof Credentials, SecretField>;

/**
 * The auth session's view of one environment's secrets. It reads the store on every call rather
 * than caching, so credentials entered or cleared while a session lives take effect at its next grant.
 */
export function secretCredentialSource(store: SecretStore, environment: EnvironmentId): CredentialSource {
  return {
    async credentials() {
      const [clientId, clientSecret, username, password] = await Promise.all(
        Object.values(CREDENTIAL_FIELDS).map((field) => store.get(environment, field)),
      );
      // A partial set cannot sign in; the session treats it as signed out.
      if (clientId === undefined || clientSecret === undefined || username === undefined || password === undefined) return undefined;
      return { clientId, clientSecret, username, password };
    },
    refreshToken: () => store.get(environment, 'refresh_token'),
    async setRefreshToken(token) {
      if (token === undefined) await store.delete(environment, 'refresh_token');
      else await store.set(environment, 'refresh_token', token);
    },
  };
}

/** Whether `accounts` (of `SecretStore.accounts`) hold every credential of the environment. */
export function hasAllCredentials(accounts: ReadonlySet<string>, environment: EnvironmentId): boolean {
  return Object.values(CREDENTIAL_FIELDS).every((field) => accounts.has(secretAccount(environment, field)));
}

/** Each credential with the secret field it is stored under. */
export function credentialEntries(credentials: Credentials): [SecretField, string][] {
  return Object.entries(CREDENTIAL_FIELDS).map(([key, field]) => [field, credentials[key as keyof Credentials]]);
}
