import { TokenErrorSchema } from '../../src-shared/api/errors';
import {
  PasswordGrantRequestSchema,
  RefreshTokenGrantRequestSchema,
  TOKEN_PATH,
  TokenResponseSchema,
  type TokenRequest,
  type TokenResponse,
} from '../../src-shared/api/token';
import { ERROR_CODES } from '../../src-shared/errors';
import { rememberSecret } from '../platform/known-secrets';
import type { Logger } from '../platform/logger';
import { ApiError, errorFromAnswer } from './api-error';
import type { CredentialSource, Credentials } from './credential-source';
import type { HttpTransport } from './http-transport';
import { joinUrl } from './join-url';

export type AuthState = 'signed-out' | 'signing-in' | 'signed-in';

export interface AuthSessionOptions {
  transport: HttpTransport;
  /** `{auth_url}`; the token path is appended to it. */
  authUrl: string;
  credentials: CredentialSource;
  logger?: Logger;
  /** Renew this long before the stated expiry, so a token does not die in flight. */
  expiryMarginSeconds?: number;
  now?: () => number;
}

interface AccessToken {
  value: string;
  expiresAt: number;
}

/** The marketplace refused the grant itself (as opposed to being unreachable). */
class GrantRefused extends Error {}

/**
 * The access token of one environment. Every renewal is single-flight: callers that need a new
 * token while one is being fetched wait for the same promise, so N requests that meet a 401 together
 * cause one refresh, not N (a refresh also revokes the previous refresh token, so racing ones would
 * fail). A renewal tries the refresh grant, then the password grant with the stored credentials;
 * when the marketplace refuses both, the session is signed out and stays so until `signIn()`, which
 * is what pauses the outbox.
 */
export class AuthSession {
  private token: AccessToken | undefined;
  /** Who the marketplace says signed in (decisions §4), for calls that name the acting user. */
  private signedInUserId: number | undefined;
  private renewal: Promise<string> | undefined;
  private currentState: AuthState = 'signed-out';
  /** Set when the marketplace refused the stored credentials: no call may retry them by itself. */
  private refused = false;
  private readonly listeners = new Set<(state: AuthState) => void>();
  private readonly tokenUrl: string;
  private readonly now: () => number;
  private readonly marginMs: number;

  constructor(private readonly options: AuthSessionOptions) {
    this.tokenUrl = joinUrl(options.authUrl, TOKEN_PATH);
    this.now = options.now ?? Date.now;
    this.marginMs = (options.expiryMarginSeconds ?? 60) * 1000;
  }

  get state(): AuthState {
    return this.currentState;
  }

  /** The signed-in user's id, once a grant answered it. */
  get userId(): number | undefined {
    return this.signedInUserId;
  }

  /** Returns a function that removes the listener. */
  onStateChange(listener: (state: AuthState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A token believed valid; renews it first when it is missing or about to expire. */
  async getAccessToken(): Promise<string> {
    if (this.token && this.token.expiresAt - this.marginMs > this.now()) return this.token.value;
    return this.renew();
  }

  /**
   * The marketplace refused `rejected` (a 401, or a 400 saying `Expired token`). If a renewal has
   * replaced it already, the new token is the answer; otherwise this joins or starts the one renewal.
   */
  async tokenRejected(rejected: string): Promise<string> {
    if (this.token && this.token.value !== rejected) return this.token.value;
    this.token = undefined;
    return this.renew();
  }

  /** After the credentials changed: forgets the refusal and signs in with the password grant. */
  async signIn(): Promise<void> {
    // Nothing stored (never entered, or removed when an address moved): ask for them, not "refused".
    if (!(await this.options.credentials.credentials())) throw new ApiError('AUTH_CREDENTIALS_REQUIRED');
    this.refused = false;
    this.token = undefined;
    await this.options.credentials.setRefreshToken(undefined);
    try {
      await this.renew();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'AUTH_SIGNED_OUT') throw new ApiError('AUTH_INVALID_CREDENTIALS');
      throw error;
    }
  }

  /** Forgets the tokens; the stored credentials stay, so `signIn()` can resume. */
  async signOut(): Promise<void> {
    this.token = undefined;
    this.refused = true;
    await this.options.credentials.setRefreshToken(undefined);
    this.setState('signed-out');
  }

  private renew(): Promise<string> {
    if (this.refused) return Promise.reject(new ApiError('AUTH_SIGNED_OUT'));
    this.renewal ??= this.runRenewal().finally(() => {
      this.renewal = undefined;
    });
    return this.renewal;
  }

  private async runRenewal(): Promise<string> {
    const before = this.currentState;
    this.setState('signing-in');
    try {
      const credentials = await this.options.credentials.credentials();
      if (!credentials) throw new GrantRefused('No credentials are stored');
      const answer = (await this.refreshGrant(credentials)) ?? (await this.passwordGrant(credentials));
      rememberSecret(answer.access_token); // redacted from logs wherever it appears; the refresh token goes through the SecretStore
      await this.options.credentials.setRefreshToken(answer.refresh_token ?? undefined);
      this.token = { value: answer.access_token, expiresAt: this.now() + answer.expires_in * 1000 };
      this.signedInUserId = answer.user?.id ?? this.signedInUserId;
      this.setState('signed-in');
      return answer.access_token;
    } catch (error) {
      if (error instanceof GrantRefused) {
        this.refused = true;
        this.token = undefined;
        await this.options.credentials.setRefreshToken(undefined);
        this.options.logger?.warn('signed out of the marketplace', { reason: error.message });
        this.setState('signed-out');
        throw new ApiError('AUTH_SIGNED_OUT', `${ERROR_CODES.AUTH_SIGNED_OUT} (${error.message})`);
      }
      // Unreachable or failing: the credentials may be fine, so nothing is forgotten.
      this.setState(before);
      throw error;
    }
  }

  /** Undefined when there is no refresh token or the marketplace no longer honours it. */
  private async refreshGrant(credentials: Credentials): Promise<TokenResponse | undefined> {
    const refreshToken = await this.options.credentials.refreshToken();
    if (!refreshToken) return undefined;
    const request = RefreshTokenGrantRequestSchema.parse({
      grant_type: 'refresh_token',
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
      refresh_token: refreshToken,
    });
    try {
      return await this.grant(request);
    } catch (error) {
      if (!(error instanceof GrantRefused)) throw error;
      this.options.logger?.info('refresh token refused; trying the password grant', { reason: error.message });
      return undefined;
    }
  }

  private async passwordGrant(credentials: Credentials): Promise<TokenResponse> {
    const request = PasswordGrantRequestSchema.safeParse({
      grant_type: 'password',
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
      username: credentials.username,
      password: credentials.password,
    });
    if (!request.success) throw new GrantRefused('The stored credentials are incomplete');
    return this.grant(request.data);
  }

  private async grant(request: TokenRequest): Promise<TokenResponse> {
    const label = `POST ${TOKEN_PATH} (${request.grant_type})`;
    const answer = await this.options.transport.send({ method: 'POST', url: this.tokenUrl, form: request });
    if (answer.status === 200) {
      const parsed = TokenResponseSchema.safeParse(answer.body);
      if (!parsed.success) throw new ApiError('API_INVALID_RESPONSE', `${ERROR_CODES.API_INVALID_RESPONSE} (${label})`, { status: 200 });
      return parsed.data;
    }
    const refusal = TokenErrorSchema.safeParse(answer.body);
    // A token error is a verdict on the credentials; anything else (5xx, a proxy page) is transient.
    if (refusal.success && answer.status < 500) throw new GrantRefused(`${refusal.data.error}: ${refusal.data.error_description ?? 'refused'}`);
    throw errorFromAnswer(label, answer.status, answer.body);
  }

  private setState(state: AuthState): void {
    if (state === this.currentState) return;
    this.currentState = state;
    for (const listener of this.listeners) listener(state);
  }
}
