import { describe, expect, it } from 'vitest';
import { TOKEN_PATH } from '../../src-shared/api/token';
import type { Marketplace } from '../../src-main/local-marketplace/server';
import { DEMO_CREDENTIALS } from '../../src-main/local-marketplace/seed/demo-credentials';
import { DEMO_PASSWORD_GRANT, testMarketplace } from './support';

// Refresh tokens have a lifetime (refreshTokenTtlSeconds), and a refresh chain keeps one live
// pair: using a refresh token ends every older pair; using one twice ends the whole chain.

interface Pair {
  access_token: string;
  refresh_token: string;
}

async function passwordGrant(marketplace: Marketplace): Promise<Pair> {
  return (await marketplace.app.inject({ method: 'POST', url: TOKEN_PATH, payload: DEMO_PASSWORD_GRANT })).json();
}

function refresh(marketplace: Marketplace, refreshToken: string) {
  const payload = { grant_type: 'refresh_token', client_id: DEMO_CREDENTIALS.clientId, client_secret: DEMO_CREDENTIALS.clientSecret, refresh_token: refreshToken };
  return marketplace.app.inject({ method: 'POST', url: TOKEN_PATH, payload });
}

async function works(marketplace: Marketplace, accessToken: string): Promise<boolean> {
  const answer = await marketplace.app.inject({ method: 'GET', url: `/api/rest/v2/types-of-work?access_token=${accessToken}` });
  return answer.statusCode === 200;
}

const tokenRows = (marketplace: Marketplace) => (marketplace.context.db.prepare('SELECT COUNT(*) AS count FROM tokens').get() as { count: number }).count;

describe('refresh token lifetime', () => {
  it('refuses a refresh token once its lifetime has passed, and accepts it before', async () => {
    const { marketplace } = await testMarketplace({ tokenLifetimeSeconds: 60, refreshTokenTtlSeconds: 600 });
    const early = await passwordGrant(marketplace);
    const late = await passwordGrant(marketplace);
    marketplace.context.clock.advance(599);
    expect((await refresh(marketplace, early.refresh_token)).statusCode).toBe(200);
    marketplace.context.clock.advance(2);
    const expired = await refresh(marketplace, late.refresh_token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ error: 'invalid_grant', error_description: expect.stringContaining('expired') });
  });

  it('gives each refreshed pair a full lifetime of its own', async () => {
    const { marketplace } = await testMarketplace({ tokenLifetimeSeconds: 60, refreshTokenTtlSeconds: 600 });
    let pair = await passwordGrant(marketplace);
    // Three refreshes, each 400 s apart: 1,200 s after the password grant, the chain still lives.
    for (let round = 0; round < 3; round += 1) {
      marketplace.context.clock.advance(400);
      const answer = await refresh(marketplace, pair.refresh_token);
      expect(answer.statusCode, `round ${round}`).toBe(200);
      pair = answer.json();
    }
    expect(await works(marketplace, pair.access_token)).toBe(true);
  });

  it('lasts 30 days by default', async () => {
    const { marketplace } = await testMarketplace();
    const pair = await passwordGrant(marketplace);
    const other = await passwordGrant(marketplace);
    marketplace.context.clock.advance(30 * 24 * 3600 - 60);
    expect((await refresh(marketplace, pair.refresh_token)).statusCode).toBe(200);
    marketplace.context.clock.advance(120);
    expect((await refresh(marketplace, other.refresh_token)).statusCode).toBe(400);
  });

  it('forgets pairs whose refresh lifetime has passed', async () => {
    const { marketplace } = await testMarketplace({ tokenLifetimeSeconds: 60, refreshTokenTtlSeconds: 120 });
    for (let index = 0; index < 5; index += 1) await passwordGrant(marketplace);
    const before = tokenRows(marketplace);
    marketplace.context.clock.advance(121);
    await passwordGrant(marketplace);
    expect(before).toBeGreaterThanOrEqual(6);
    expect(tokenRows(marketplace)).toBe(1);
  });
});

describe('refresh chains', () => {
  it('ends every older pair of the chain when a refresh token is used', async () => {
    const { marketplace } = await testMarketplace();
    const first = await passwordGrant(marketplace);
    const second: Pair = (await refresh(marketplace, first.refresh_token)).json();
    const third: Pair = (await refresh(marketplace, second.refresh_token)).json();
    expect(await works(marketplace, first.access_token)).toBe(false);
    expect(await works(marketplace, second.access_token)).toBe(false);
    expect(await works(marketplace, third.access_token)).toBe(true);
    for (const old of [first, second]) expect((await refresh(marketplace, old.refresh_token)).json().error).toBe('invalid_grant');
  });

  it('ends the whole chain when a spent refresh token comes back (a copy in other hands)', async () => {
    const { marketplace } = await testMarketplace();
    const stolen = await passwordGrant(marketplace);
    const legitimate: Pair = (await refresh(marketplace, stolen.refresh_token)).json();
    expect(await works(marketplace, legitimate.access_token)).toBe(true);

    const replay = await refresh(marketplace, stolen.refresh_token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('invalid_grant');
    expect(await works(marketplace, legitimate.access_token)).toBe(false);
    expect((await refresh(marketplace, legitimate.refresh_token)).statusCode).toBe(400);
  });

  it('leaves other chains alone: another sign-in of the same user keeps working', async () => {
    const { marketplace } = await testMarketplace();
    const app = await passwordGrant(marketplace);
    const script = await passwordGrant(marketplace);
    await refresh(marketplace, app.refresh_token);
    await refresh(marketplace, app.refresh_token);
    expect(await works(marketplace, script.access_token)).toBe(true);
    expect((await refresh(marketplace, script.refresh_token)).statusCode).toBe(200);
  });
});
