import { describe, expect, it } from 'vitest';
import { REST_API_BASE_PATH } from '../../src-shared/api/common';
import { TOKEN_PATH } from '../../src-shared/api/token';
import { DEMO_PASSWORD_GRANT, type RestAnswer, testMarketplace, type TestMarketplace } from './support';

// The rate limit of decisions §8: requests per minute per access token, on the marketplace clock,
// so advancing `/__local/clock` frees slots without waiting.

async function local(test: TestMarketplace, method: 'GET' | 'POST', path: string, payload?: object): Promise<RestAnswer> {
  const answer = await test.marketplace.app.inject({ method, url: `/__local/${path}`, ...(payload === undefined ? {} : { payload }) });
  return { status: answer.statusCode, body: answer.json(), headers: answer.headers };
}

async function advance(test: TestMarketplace, seconds: number): Promise<void> {
  expect((await local(test, 'POST', 'clock', { advance_seconds: seconds })).status).toBe(200);
}

async function signIn(test: TestMarketplace): Promise<string> {
  const answer = await test.marketplace.app.inject({
    method: 'POST',
    url: TOKEN_PATH,
    payload: DEMO_PASSWORD_GRANT,
  });
  expect(answer.statusCode).toBe(200);
  return answer.json().access_token as string;
}

async function getAs(test: TestMarketplace, token: string | undefined): Promise<RestAnswer> {
  const query = token === undefined ? '' : `?access_token=${encodeURIComponent(token)}`;
  const answer = await test.marketplace.app.inject({ method: 'GET', url: `${REST_API_BASE_PATH}/workorders/10001${query}` });
  return { status: answer.statusCode, body: answer.json(), headers: answer.headers };
}

async function statuses(test: TestMarketplace, requests: number): Promise<number[]> {
  const seen: number[] = [];
  for (let index = 0; index < requests; index += 1) seen.push((await test.rest('GET', 'workorders/10001')).status);
  return seen;
}

function expectLimited(answer: RestAnswer): number {
  expect(answer.status).toBe(429);
  expect(answer.body).toEqual({ code: 429, message: expect.stringMatching(/^Too many requests/), trace: [], fields: '' });
  const retryAfter = Number(answer.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  return retryAfter;
}

describe('the rate limit', () => {
  it('is off by default', async () => {
    const test = await testMarketplace();
    expect((await local(test, 'GET', 'rate-limit')).body).toEqual({ per_minute: 0 });
    expect(new Set(await statuses(test, 30))).toEqual(new Set([200]));
  });

  it('answers the 4th request of a minute 429 at 3 a minute, and lets it through a minute later', async () => {
    const test = await testMarketplace({ rateLimitPerMinute: 3 });
    expect(await statuses(test, 3)).toEqual([200, 200, 200]);
    const retryAfter = expectLimited(await test.rest('GET', 'workorders/10001'));
    expect(retryAfter).toBeGreaterThanOrEqual(59);
    expect(retryAfter).toBeLessThanOrEqual(60);
    await advance(test, 60);
    expect(await statuses(test, 3)).toEqual([200, 200, 200]);
    expectLimited(await test.rest('GET', 'workorders/10001'));
  });

  it('slides: Retry-After is the wait until the oldest request of the window leaves it', async () => {
    const test = await testMarketplace({ rateLimitPerMinute: 3 });
    expect(await statuses(test, 1)).toEqual([200]);
    await advance(test, 20);
    expect(await statuses(test, 2)).toEqual([200, 200]);
    // Real time runs too, by milliseconds: the wait is 40 s, or 39 on a slow machine.
    expect([39, 40]).toContain(expectLimited(await test.rest('GET', 'workorders/10001')));
    await advance(test, 40);
    expect(await statuses(test, 1)).toEqual([200]);
    expect([19, 20]).toContain(expectLimited(await test.rest('GET', 'workorders/10001')));
  });

  it('counts each access token apart, and requests without one together', async () => {
    const test = await testMarketplace({ rateLimitPerMinute: 2 });
    const other = await signIn(test);
    expect(await statuses(test, 2)).toEqual([200, 200]);
    expectLimited(await test.rest('GET', 'workorders/10001'));
    expect((await getAs(test, other)).status).toBe(200);
    expect((await getAs(test, undefined)).status).toBe(401);
    expect((await getAs(test, '')).status).toBe(401);
    expectLimited(await getAs(test, undefined));
    // A wrong token is counted under itself, before the token check refuses it.
    expect((await getAs(test, 'not-a-token')).status).toBe(401);
  });

  it('is set at run time through /__local/rate-limit; 0 turns it off', async () => {
    const test = await testMarketplace();
    expect((await local(test, 'POST', 'rate-limit', { per_minute: 1 })).body).toEqual({ per_minute: 1 });
    expect(await statuses(test, 1)).toEqual([200]);
    expectLimited(await test.rest('GET', 'workorders/10001'));
    expect((await local(test, 'POST', 'rate-limit', { per_minute: 0 })).body).toEqual({ per_minute: 0 });
    expect(new Set(await statuses(test, 5))).toEqual(new Set([200]));
    for (const body of [{}, { per_minute: -1 }, { per_minute: 1.5 }, { per_minute: 'many' }, { per_minute: 1, burst: 2 }]) {
      const answer = await local(test, 'POST', 'rate-limit', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ code: 400, trace: [] });
    }
  });

  it('never limits the token endpoint or the control plane', async () => {
    const test = await testMarketplace({ rateLimitPerMinute: 1 });
    expect(await statuses(test, 1)).toEqual([200]);
    expectLimited(await test.rest('GET', 'workorders/10001'));
    for (let index = 0; index < 3; index += 1) {
      await signIn(test);
      expect((await local(test, 'GET', 'clock')).status).toBe(200);
    }
  });

  it('comes after injected faults: a faulted request takes no slot', async () => {
    const test = await testMarketplace({ rateLimitPerMinute: 1 });
    const added = await local(test, 'POST', 'faults', { status: 503, count: 2 });
    expect(added.status).toBe(200);
    expect(await statuses(test, 3)).toEqual([503, 503, 200]);
    expectLimited(await test.rest('GET', 'workorders/10001'));
  });
});
