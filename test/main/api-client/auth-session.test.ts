import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src-main/api-client/api-error';
import type { AuthState } from '../../../src-main/api-client/auth-session';
import { clientUnderTest, control, expireTokens, revokeRefreshToken } from './support';

// The auth session against a real local marketplace: one refresh for every waiting call, then the
// password grant, then signed out (ARCHITECTURE.md, How data flows: Auth; decisions §4).

describe('auth session', () => {
  it('signs in with the password grant on the first call and reuses the token', async () => {
    const { client, grants } = await clientUnderTest();
    const states: AuthState[] = [];
    client.session.onStateChange((state) => states.push(state));
    expect(client.session.state).toBe('signed-out');
    await client.workOrders.get(10001);
    await client.company.tags();
    expect(grants).toEqual(['password']);
    expect(states).toEqual(['signing-in', 'signed-in']);
  });

  it('shares one refresh among concurrent calls that meet an expired token', async () => {
    const { market, client, credentials, grants } = await clientUnderTest();
    await client.workOrders.get(10001);
    const firstToken = await client.session.getAccessToken();
    const firstRefresh = await credentials.refreshToken();
    expireTokens(market);
    const orders = await Promise.all([10001, 10002, 10003, 10004, 10005, 10006].map((id) => client.workOrders.get(id)));
    expect(orders.map((order) => order.id)).toEqual([10001, 10002, 10003, 10004, 10005, 10006]);
    expect(grants).toEqual(['password', 'refresh_token']);
    expect(await client.session.getAccessToken()).not.toBe(firstToken);
    expect(await credentials.refreshToken()).not.toBe(firstRefresh);
    expect(client.session.state).toBe('signed-in');
  });

  it('falls back to the password grant when the refresh token is refused', async () => {
    const { market, client, credentials, grants } = await clientUnderTest();
    await client.workOrders.get(10001);
    await revokeRefreshToken(market, (await credentials.refreshToken()) ?? '');
    expireTokens(market);
    await Promise.all([client.workOrders.get(10001), client.company.tags(), client.company.typesOfWork()]);
    expect(grants).toEqual(['password', 'refresh_token', 'password']);
    expect(client.session.state).toBe('signed-in');
  });

  it('falls back to the password grant after a reset forgot every token', async () => {
    const { market, client, grants } = await clientUnderTest();
    await client.workOrders.get(10001);
    await control(market, 'reset', {});
    expect((await client.workOrders.get(10001)).id).toBe(10001);
    expect(grants).toEqual(['password', 'refresh_token', 'password']);
  });

  it('signs out when the password is refused too, and stays out until signIn()', async () => {
    const { market, client, credentials, grants } = await clientUnderTest();
    const states: AuthState[] = [];
    client.session.onStateChange((state) => states.push(state));
    await client.workOrders.get(10001);
    const stored = await credentials.credentials();
    if (!stored) throw new Error('no credentials');
    credentials.update({ ...stored, password: 'not-the-password' });
    await revokeRefreshToken(market, (await credentials.refreshToken()) ?? '');
    expireTokens(market);
    const failures = await Promise.allSettled([client.workOrders.get(10001), client.workOrders.get(10002), client.company.tags()]);
    for (const failure of failures) {
      expect(failure.status).toBe('rejected');
      expect((failure as PromiseRejectedResult).reason).toMatchObject({ code: 'AUTH_SIGNED_OUT' });
    }
    expect(grants).toEqual(['password', 'refresh_token', 'password']);
    expect(client.session.state).toBe('signed-out');
    expect(states).toEqual(['signing-in', 'signed-in', 'signing-in', 'signed-out']);
    expect(await credentials.refreshToken()).toBeUndefined();

    // Signed out means no more attempts with the refused credentials: the outbox waits.
    await expect(client.company.tags()).rejects.toMatchObject({ code: 'AUTH_SIGNED_OUT' });
    expect(grants).toHaveLength(3);

    await expect(client.session.signIn()).rejects.toMatchObject({ code: 'AUTH_INVALID_CREDENTIALS' });
    credentials.update(stored);
    await client.session.signIn();
    expect(client.session.state).toBe('signed-in');
    expect((await client.workOrders.get(10001)).id).toBe(10001);
  });

  it('stays signed out without stored credentials', async () => {
    const { client, credentials, grants } = await clientUnderTest();
    await credentials.setRefreshToken(undefined);
    const stored = await credentials.credentials();
    if (!stored) throw new Error('no credentials');
    credentials.update({ ...stored, username: '' });
    const failure = await client.workOrders.get(10001).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: 'AUTH_SIGNED_OUT' });
    expect(grants).toEqual([]);
  });

  it('keeps the credentials when the token endpoint cannot be reached', async () => {
    const { market, client } = await clientUnderTest();
    await market.close();
    await expect(client.workOrders.get(10001)).rejects.toMatchObject({ code: 'API_UNREACHABLE' });
    expect(client.session.state).toBe('signed-out');
    // Not refused: a later call tries again rather than failing with AUTH_SIGNED_OUT.
    await expect(client.workOrders.get(10001)).rejects.toMatchObject({ code: 'API_UNREACHABLE' });
  });
});
