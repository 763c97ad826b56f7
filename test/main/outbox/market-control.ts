import { REST_API_BASE_PATH } from '../../../src-shared/api/common';
import { TOKEN_PATH } from '../../../src-shared/api/token';
import type { ListeningMarketplace } from '../../../src-main/local-marketplace/listen';

/** A body of `POST /__local/faults` (local marketplace README, fault injection). */
export interface FaultRule {
  status?: number | 'drop' | 'rate_limit';
  delay_ms?: number;
  count?: number;
  fraction?: number;
  path?: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  retry_after_seconds?: number;
}

export interface AppliedRule extends FaultRule {
  id: number;
  seen: number;
  applied: number;
}

/**
 * The local marketplace as a test drives it: its control plane (faults, clock, tokens) and its
 * REST API under a token of the test's own, over HTTP (`inject`), never through the app.
 */
export function marketControl(listening: ListeningMarketplace) {
  const { app, context } = listening.marketplace;
  let token: string | undefined;

  async function control<T>(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object): Promise<T> {
    const answer = await app.inject({ method, url: `/__local${url}`, payload });
    if (answer.statusCode >= 300) throw new Error(`${method} /__local${url} answered ${answer.statusCode}: ${answer.body}`);
    return answer.json();
  }

  async function signIn(): Promise<string> {
    const { clientId, clientSecret, username, password } = listening.credentials;
    const answer = await app.inject({ method: 'POST', url: TOKEN_PATH, payload: { grant_type: 'password', client_id: clientId, client_secret: clientSecret, username, password } });
    return (answer.json() as { access_token: string }).access_token;
  }

  /** GET below the REST API's base path; signs in again when the test's own token expired with the clock. */
  async function get<T>(path: string): Promise<T> {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      token ??= await signIn();
      const separator = path.includes('?') ? '&' : '?';
      const answer = await app.inject({ method: 'GET', url: `${REST_API_BASE_PATH}/${path}${separator}access_token=${token}` });
      if (answer.statusCode === 401) {
        token = undefined;
        continue;
      }
      if (answer.statusCode !== 200) throw new Error(`GET ${path} answered ${answer.statusCode}: ${answer.body}`);
      return answer.json();
    }
    throw new Error(`GET ${path}: refused twice`);
  }

  return {
    addFault: (rule: FaultRule) => control<AppliedRule>('POST', '/faults', rule),
    faults: async () => (await control<{ rules: AppliedRule[] }>('GET', '/faults')).rules,
    clearFaults: () => control<{ removed: number }>('DELETE', '/faults'),
    /** Moves the marketplace's clock: every access token older than its lifetime is expired at once. */
    advanceClock: (seconds: number) => control('POST', '/clock', { advance_seconds: seconds }),
    /**
     * Ends every access and refresh token, as a revocation on the service would. The control plane
     * has no route for it, so the tokens store is emptied: the app must sign in again by itself.
     */
    /** A provider's step on the local marketplace (`/__local/simulate/<step>`). */
    simulate: (step: string, body: object) => control('POST', `/simulate/${step}`, body),
    revokeTokens: () => {
      context.db.prepare('DELETE FROM tokens').run();
    },
    get,
  };
}

export type MarketControl = ReturnType<typeof marketControl>;
