import { describe, expect, it } from 'vitest';
import { REST_API_BASE_PATH } from '../../src-shared/api/common';
import { TOKEN_PATH } from '../../src-shared/api/token';
import { DEMO_PASSWORD_GRANT, testMarketplace, type TestMarketplace } from './support';

async function control(test: TestMarketplace, method: 'GET' | 'POST', path: string, payload?: unknown, contentType?: string) {
  const answer = await test.marketplace.app.inject({
    method,
    url: `/__local/${path}`,
    ...(payload === undefined ? {} : { payload: payload as string, headers: { 'content-type': contentType ?? 'application/json' } }),
  });
  return { status: answer.statusCode, body: answer.json() };
}

/** Any authenticated list route the server has: the control plane does not depend on which. */
function restListPath(test: TestMarketplace): string {
  const found = test.marketplace.context.routes.routes.find((route) => route.method === 'GET' && route.authenticated && !route.path.includes('{'));
  if (!found) throw new Error('No authenticated GET route is registered');
  return found.path.replace(REST_API_BASE_PATH, '');
}

async function signIn(test: TestMarketplace) {
  return test.marketplace.app.inject({ method: 'POST', url: TOKEN_PATH, payload: DEMO_PASSWORD_GRANT });
}

describe('the control plane', () => {
  it('needs no access_token and answers the REST error body on bad input', async () => {
    const test = await testMarketplace();
    const cases: [string, unknown][] = [
      ['clock', {}],
      ['clock', { advance_seconds: 0 }],
      ['clock', { advance_seconds: -5 }],
      ['clock', { advance_seconds: 'soon' }],
      ['clock', { advance_seconds: 10, extra: true }],
      ['reset', { seed: 'everything' }],
      ['seed', { anything: 1 }],
    ];
    for (const [path, body] of cases) {
      const answer = await control(test, 'POST', path, JSON.stringify(body));
      expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(answer.body).toMatchObject({ code: 400, trace: [] });
      expect(typeof answer.body.fields).toBe('string');
    }
    const malformed = await control(test, 'POST', 'clock', '{"advance_seconds":');
    expect(malformed).toMatchObject({ status: 400, body: { code: 400 } });
  });

  it('reads the clock, and advancing it expires tokens', async () => {
    const test = await testMarketplace({ tokenLifetimeSeconds: 600 });
    const before = await control(test, 'GET', 'clock');
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ now_utc: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/), offset_seconds: 0 });

    expect((await test.rest('GET', restListPath(test))).status).toBe(200);
    const advanced = await control(test, 'POST', 'clock', 'advance_seconds=601', 'application/x-www-form-urlencoded');
    expect(advanced.status).toBe(200);
    expect(advanced.body.offset_seconds).toBe(601);
    expect(Date.parse(`${advanced.body.now_utc.replace(' ', 'T')}Z`) - Date.parse(`${before.body.now_utc.replace(' ', 'T')}Z`)).toBeGreaterThanOrEqual(601_000);
    const expired = await test.rest('GET', restListPath(test));
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ code: 401, fields: '' });
  });

  it('runs jobs that fell due when the clock advances', async () => {
    const test = await testMarketplace();
    const { context } = test.marketplace;
    const ran: unknown[] = [];
    context.scheduler.handle('control-test', (payload) => ran.push(payload));
    context.scheduler.schedule('control-test', context.clock.now() + 3_600_000, { n: 1 });
    await control(test, 'POST', 'clock', JSON.stringify({ advance_seconds: 3599 }));
    expect(ran).toEqual([]);
    await control(test, 'POST', 'clock', JSON.stringify({ advance_seconds: 2 }));
    expect(ran).toEqual([{ n: 1 }]);
  });

  it('resets to empty or to the demo, dropping tokens and the clock offset', async () => {
    const test = await testMarketplace();
    await control(test, 'POST', 'clock', JSON.stringify({ advance_seconds: 100 }));

    const emptied = await control(test, 'POST', 'reset', JSON.stringify({ seed: 'none' }));
    expect(emptied).toEqual({ status: 200, body: { seeded: false } });
    expect((await control(test, 'GET', 'clock')).body.offset_seconds).toBe(0);
    expect((await test.rest('GET', restListPath(test))).status).toBe(401);
    expect((await signIn(test)).statusCode).toBe(401);

    const seeded = await control(test, 'POST', 'seed');
    expect(seeded).toEqual({ status: 200, body: { seeded: true } });
    expect((await signIn(test)).statusCode).toBe(200);
    const again = await control(test, 'POST', 'seed');
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/not empty/);

    // Without a body, reset puts back what the server started with (the demo here).
    expect(await control(test, 'POST', 'reset')).toEqual({ status: 200, body: { seeded: true } });
    expect((await signIn(test)).statusCode).toBe(200);
  });

  it('resets a server started without the demo to empty', async () => {
    const test = await testMarketplace({ seed: 'none' });
    expect((await control(test, 'POST', 'reset')).body).toEqual({ seeded: false });
    expect((await control(test, 'POST', 'reset', 'seed=demo', 'application/x-www-form-urlencoded')).body).toEqual({ seeded: true });
    expect((await signIn(test)).statusCode).toBe(200);
  });

  it('answers the same data after a reset as a fresh server', async () => {
    const fresh = await testMarketplace();
    const used = await testMarketplace();
    await control(used, 'POST', 'reset');
    const signedIn = (await signIn(used)).json() as { access_token: string };
    for (const route of fresh.marketplace.context.routes.routes.filter((candidate) => candidate.method === 'GET' && !candidate.path.includes('{') && candidate.authenticated)) {
      const path = route.path.replace(REST_API_BASE_PATH, '');
      const expected = await fresh.rest('GET', path);
      const actual = await used.marketplace.app.inject({ method: 'GET', url: `${route.path}?access_token=${signedIn.access_token}` });
      expect(actual.statusCode, route.path).toBe(expected.status);
      // Lists carry timings in their metadata; the records are what must match. The two seeds ran
      // moments apart and their times are relative to then, so times may differ by a second.
      const records = (body: unknown) => (typeof body === 'object' && body !== null && 'results' in body ? body.results : body);
      const timeless = (body: unknown) =>
        JSON.stringify(records(body))
          .replace(/\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d+)?Z?/g, '<time>')
          .replace(/"date":"\d{4}-\d{2}-\d{2}"/g, '"date":"<date>"')
          .replace(/"time":"\d{2}:\d{2}:\d{2}"/g, '"time":"<time>"');
      expect(timeless(actual.json()), route.path).toEqual(timeless(expected.body));
    }
  });

  it('serves the OpenAPI document', async () => {
    const test = await testMarketplace();
    const answer = await control(test, 'GET', 'openapi.json');
    expect(answer.status).toBe(200);
    expect(answer.body.openapi).toBe('3.1.0');
  });
});
