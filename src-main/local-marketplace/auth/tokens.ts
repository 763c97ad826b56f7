import type { MarketplaceContext } from '../context';
import { preparedStatement } from '../store/database';
import { hashToken, newToken } from './secrets';

export interface IssuedToken {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: 'Bearer';
  scope: 'viewprofile';
}

export interface TokenOwner {
  userId: number;
  companyId: number;
  clientId: string;
}

export function issueToken(context: MarketplaceContext, clientId: string, userId: number): IssuedToken {
  const accessToken = newToken();
  const refreshToken = newToken();
  const lifetime = context.options.tokenLifetimeSeconds;
  context.db
    .prepare('INSERT INTO tokens (access_token, refresh_token, client_id, user_id, expires_at) VALUES (?, ?, ?, ?, ?)')
    .run(hashToken(accessToken), hashToken(refreshToken), clientId, userId, context.clock.now() + lifetime * 1000);
  return { access_token: accessToken, refresh_token: refreshToken, expires_in: lifetime, token_type: 'Bearer', scope: 'viewprofile' };
}

/** The owner of a live access token, or undefined when it is unknown or expired. */
export function findAccessToken(context: MarketplaceContext, accessToken: string): TokenOwner | undefined {
  const row = preparedStatement(
    context,
    `SELECT t.user_id, t.client_id, t.expires_at, c.company_id FROM tokens t JOIN api_clients c ON c.client_id = t.client_id
     WHERE t.access_token = ?`,
  ).get(hashToken(accessToken)) as { user_id: number; client_id: string; expires_at: number; company_id: number } | undefined;
  if (!row || row.expires_at <= context.clock.now()) return undefined;
  return { userId: row.user_id, companyId: row.company_id, clientId: row.client_id };
}

/**
 * Trades a refresh token for a new pair (decisions §4). The old pair stops working at once, so a
 * stolen refresh token is good for one use at most.
 */
export function refreshToken(context: MarketplaceContext, clientId: string, refresh: string): { token: IssuedToken; userId: number } | undefined {
  return context.db.transaction(() => {
    const row = context.db.prepare('SELECT access_token, user_id FROM tokens WHERE refresh_token = ? AND client_id = ?').get(hashToken(refresh), clientId) as
      | { access_token: string; user_id: number }
      | undefined;
    if (!row) return undefined;
    context.db.prepare('DELETE FROM tokens WHERE access_token = ?').run(row.access_token);
    return { token: issueToken(context, clientId, row.user_id), userId: row.user_id };
  })();
}
