import { randomUUID } from 'node:crypto';
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

/**
 * A new pair: a password grant starts a chain, a refresh continues the chain of the token it
 * traded. Pairs whose refresh lifetime has ended go first, so the table holds live chains only.
 */
export function issueToken(context: MarketplaceContext, clientId: string, userId: number, chainId: string = randomUUID()): IssuedToken {
  const accessToken = newToken();
  const refreshToken = newToken();
  const lifetime = context.options.tokenLifetimeSeconds;
  const now = context.clock.now();
  preparedStatement(context, 'DELETE FROM tokens WHERE refresh_expires_at <= @now AND (expires_at <= @now OR refresh_revoked = 1)').run({ now });
  preparedStatement(context, 'INSERT INTO tokens (access_token, refresh_token, client_id, user_id, expires_at, chain_id, refresh_expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
    hashToken(accessToken),
    hashToken(refreshToken),
    clientId,
    userId,
    now + lifetime * 1000,
    chainId,
    now + context.options.refreshTokenTtlSeconds * 1000,
  );
  return { access_token: accessToken, refresh_token: refreshToken, expires_in: lifetime, token_type: 'Bearer', scope: 'viewprofile' };
}

/** The owner of a live access token, or undefined when it is unknown, expired or spent. */
export function findAccessToken(context: MarketplaceContext, accessToken: string): TokenOwner | undefined {
  const row = preparedStatement(
    context,
    `SELECT t.user_id, t.client_id, t.expires_at, c.company_id FROM tokens t JOIN api_clients c ON c.client_id = t.client_id
     WHERE t.access_token = ? AND t.refresh_revoked = 0`,
  ).get(hashToken(accessToken)) as { user_id: number; client_id: string; expires_at: number; company_id: number } | undefined;
  if (!row || row.expires_at <= context.clock.now()) return undefined;
  return { userId: row.user_id, companyId: row.company_id, clientId: row.client_id };
}

/**
 * Trades a refresh token for a new pair of the same chain (decisions §4: the old refresh token
 * stops working). Every older pair of the chain ends with it, so a chain has one live pair. A
 * refresh token used a second time means two holders (a copy was taken): the whole chain ends,
 * and both fall back to the password grant, as decisions §4 asks of any client.
 */
export function refreshToken(context: MarketplaceContext, clientId: string, refresh: string): { token: IssuedToken; userId: number } | undefined {
  return context.db.transaction(() => {
    const row = preparedStatement(context, 'SELECT user_id, chain_id, refresh_expires_at, refresh_revoked FROM tokens WHERE refresh_token = ? AND client_id = ?').get(hashToken(refresh), clientId) as
      | { user_id: number; chain_id: string; refresh_expires_at: number; refresh_revoked: number }
      | undefined;
    if (!row || row.refresh_expires_at <= context.clock.now()) return undefined;
    preparedStatement(context, 'UPDATE tokens SET refresh_revoked = 1 WHERE chain_id = ?').run(row.chain_id);
    if (row.refresh_revoked) return undefined;
    return { token: issueToken(context, clientId, row.user_id, row.chain_id), userId: row.user_id };
  })();
}
