export interface Credentials {
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
}

/**
 * Where the auth session finds the stored credentials and keeps the refresh token. The
 * keychain-backed store implements it; the session never persists a secret anywhere else.
 */
export interface CredentialSource {
  /** Undefined when nothing is stored yet: the session stays signed out. */
  credentials(): Promise<Credentials | undefined>;
  refreshToken(): Promise<string | undefined>;
  setRefreshToken(token: string | undefined): Promise<void>;
}

/** Credentials kept for this run only: tests, and a machine without a keychain (never a file). */
export function memoryCredentialSource(initial?: Credentials): CredentialSource & { update(credentials: Credentials): void } {
  let credentials = initial;
  let refreshToken: string | undefined;
  return {
    credentials: async () => credentials,
    refreshToken: async () => refreshToken,
    setRefreshToken: async (token) => {
      refreshToken = token;
    },
    update: (next) => {
      credentials = next;
    },
  };
}
