import type { Migration } from './index';

/** 30 days in milliseconds: the default refresh lifetime, given to pairs issued before this version. */
const DEFAULT_REFRESH_MS = 30 * 24 * 3600 * 1000;

/**
 * Refresh tokens get a lifetime and a chain (decisions §4; the options' `refreshTokenTtlSeconds`).
 * - `chain_id`: the pairs that descend from one password grant by refreshes. Using a refresh token
 *   ends every older pair of its chain; using one a second time (a copy in other hands) ends the
 *   whole chain, the pair it produced included.
 * - `refresh_expires_at`: after it the refresh token is refused. Pairs from before this version
 *   count the default 30 days from their access token's expiry (their issue time is not kept).
 * - `refresh_revoked` (in the table since 0001, unused until now): the pair is spent. Its row stays
 *   until its refresh lifetime ends, so that a second use is recognised as one.
 */
export const migration0008: Migration = {
  version: 8,
  name: 'token-chains',
  up: `
    ALTER TABLE tokens ADD COLUMN chain_id TEXT NOT NULL DEFAULT '';
    ALTER TABLE tokens ADD COLUMN refresh_expires_at INTEGER NOT NULL DEFAULT 0;
    UPDATE tokens SET chain_id = access_token, refresh_expires_at = expires_at + ${DEFAULT_REFRESH_MS};
    CREATE INDEX tokens_chain ON tokens(chain_id);
    CREATE INDEX tokens_refresh_expires ON tokens(refresh_expires_at);
  `,
};
