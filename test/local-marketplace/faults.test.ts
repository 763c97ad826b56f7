import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { TOKEN_PATH } from '../../src-shared/api/token';
import { WEBHOOK_PATH_PREFIXES } from '../../src-shared/api/webhook';
import { listenMarketplace, type ListeningMarketplace } from '../../src-main/local-marketplace/listen';
import { DEMO_CREDENTIALS } from '../../src-main/local-marketplace/seed/demo-credentials';
import { until } from '../support/until';
import { DEMO_PASSWORD_GRANT, type RestAnswer, testMarketplace, type TestMarketplace } from './support';

// Fault injection (decisions §9) through `/__local/faults`, seen by REST calls. The demo seed's
// order 10001 gives a cheap GET that answers 200.

async function faults(test: TestMarketplace, method: 'GET' | 'POST' | 'DELETE', payload?: unknown, suffix = ''): Promise<RestAnswer> {
  const form = typeof payload === 'string';
  const answer = await test.marketplace.app.inject({
    method,
    url: `/__local/faults${suffix}`,
    ...(payload === undefined ? {} : { payload: payload as string, headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' } }),
  });
  return { status: answer.statusCode, body: answer.json(), headers: answer.headers };
}

async function addRule(test: TestMarketplace, rule: object): Promise<number> {
  const answer = await faults(test, 'POST', rule);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.id as number;
}

async function statuses(test: TestMarketplace, requests: number, path = 'workorders/10001'): Promise<number[]> {
  const seen: number[] = [];
  for (let index = 0; index < requests; index += 1) seen.push((await test.rest('GET', path)).status);
  return seen;
}

function expectInjected(answer: RestAnswer, status: number): void {
  expect(answer.status).toBe(status);
  expect(answer.body).toEqual({ code: status, message: expect.stringMatching(/^Injected fault/), trace: [], fields: '' });
}

describe('fault injection', () => {
  it('is off by default', async () => {
    const test = await testMarketplace();
    expect((await faults(test, 'GET')).body).toEqual({ rules: [] });
    expect(await statuses(test, 3)).toEqual([200, 200, 200]);
  });

  it('answers a chosen status for the next N requests, then the service is back', async () => {
    const test = await testMarketplace();
    const id = await addRule(test, { status: 503, count: 2 });
    expect((await faults(test, 'GET')).body.rules).toEqual([expect.objectContaining({ id, status: 503, count: 2, remaining: 2, delay_ms: 0 })]);
    expectInjected(await test.rest('GET', 'workorders/10001'), 503);
    expect((await faults(test, 'GET')).body.rules).toEqual([expect.objectContaining({ id, remaining: 1, seen: 1, applied: 1 })]);
    expectInjected(await test.rest('POST', 'workorders', { title: 'Never made' }), 503);
    expect((await faults(test, 'GET')).body.rules).toEqual([]);
    expect(await statuses(test, 2)).toEqual([200, 200]);
    // The refused create never reached the handler.
    expect((await test.rest('GET', 'workorders?f_search=Never%20made')).body.metadata.total).toBe(0);
  });

  it('faults before the token check, as a gateway would', async () => {
    const test = await testMarketplace();
    await addRule(test, { status: 500, count: 1 });
    const answer = await test.marketplace.app.inject({ method: 'GET', url: '/api/rest/v2/workorders/10001' });
    expect(answer.statusCode).toBe(500);
    expect(answer.json().message).toMatch(/^Injected fault: 500/);
  });

  it('faults a fraction of the matching requests, evenly and the same every run', async () => {
    const test = await testMarketplace();
    await addRule(test, { status: 502, fraction: 0.25 });
    expect(await statuses(test, 8)).toEqual([200, 200, 200, 502, 200, 200, 200, 502]);
    const third = await testMarketplace();
    await addRule(third, { status: 500, fraction: '0.4' });
    expect(await statuses(third, 5)).toEqual([200, 200, 500, 200, 500]);
    expect((await faults(third, 'GET')).body.rules[0]).toMatchObject({ fraction: 0.4, seen: 5, applied: 2, remaining: null });
  });

  it('answers 429 with Retry-After', async () => {
    const test = await testMarketplace();
    await addRule(test, { status: 'rate_limit', count: 1, retry_after_seconds: 7 });
    await addRule(test, { status: 429, count: 1 });
    const first = await test.rest('GET', 'workorders/10001');
    expectInjected(first, 429);
    expect(first.headers['retry-after']).toBe('7');
    const second = await test.rest('GET', 'workorders/10001');
    expectInjected(second, 429);
    expect(second.headers['retry-after']).toBe('1');
    expect((await test.rest('GET', 'workorders/10001')).status).toBe(200);
  });

  it('adds a delay of real time, alone or before a status', async () => {
    const test = await testMarketplace();
    await addRule(test, { delay_ms: 120, count: 1 });
    let started = performance.now();
    expect((await test.rest('GET', 'workorders/10001')).status).toBe(200);
    // Timers may fire a millisecond early; no upper bound: a busy machine is slower, never wrong.
    expect(performance.now() - started).toBeGreaterThanOrEqual(118);
    await addRule(test, { delay_ms: 80, status: 504, count: 1 });
    started = performance.now();
    expectInjected(await test.rest('GET', 'workorders/10001'), 504);
    expect(performance.now() - started).toBeGreaterThanOrEqual(78);
  });

  it('limits a rule to a method and a path: a prefix of whole segments, or a glob', async () => {
    const test = await testMarketplace();
    await addRule(test, { status: 500, method: 'POST', path: '/workorders/*/publish' });
    await addRule(test, { status: 418, path: '/api/rest/v2/company' });
    expect((await test.rest('GET', 'workorders/10001')).status).toBe(200);
    expectInjected(await test.rest('POST', 'workorders/10001/publish'), 500);
    expect((await test.rest('DELETE', 'workorders/10001/publish')).status).not.toBe(500);
    expectInjected(await test.rest('GET', 'company/tags'), 418);
    expect((await test.rest('GET', 'types-of-work')).status).toBe(200);
  });

  it('tries rules oldest first; the first that takes a request is the only one', async () => {
    const test = await testMarketplace();
    await addRule(test, { status: 500, path: '/workorders', count: 1 });
    await addRule(test, { status: 503, count: 2 });
    expect(await statuses(test, 3)).toEqual([500, 503, 503]);
    expect(await statuses(test, 1, 'company/tags')).toEqual([200]);
  });

  it('removes one rule or all of them', async () => {
    const test = await testMarketplace();
    const first = await addRule(test, { status: 500 });
    await addRule(test, { status: 503 });
    expect((await faults(test, 'DELETE', undefined, `/${first}`)).body).toEqual({ removed: 1 });
    expect((await faults(test, 'DELETE', undefined, `/${first}`)).status).toBe(404);
    expect(await statuses(test, 1)).toEqual([503]);
    expect((await faults(test, 'DELETE')).body).toEqual({ removed: 1 });
    expect(await statuses(test, 1)).toEqual([200]);
  });

  it('are cleared by a reset of the marketplace', async () => {
    const test = await testMarketplace();
    await addRule(test, { status: 500 });
    expect((await test.marketplace.app.inject({ method: 'POST', url: '/__local/reset', payload: { seed: 'demo' } })).statusCode).toBe(200);
    expect((await faults(test, 'GET')).body).toEqual({ rules: [] });
  });

  it('takes JSON or a form, and refuses a rule that makes no sense', async () => {
    const test = await testMarketplace();
    expect((await faults(test, 'POST', 'status=drop&count=1&path=%2Fworkorders')).body).toMatchObject({ status: 'drop', count: 1, path: '/workorders' });
    const refused: [object, string][] = [
      [{}, 'status'],
      [{ count: 2 }, 'status'],
      [{ status: 399 }, 'status'],
      [{ status: 600 }, 'status'],
      [{ status: 'teapot' }, 'status'],
      [{ status: 500, count: 1, fraction: 0.5 }, 'fraction'],
      [{ status: 500, fraction: 0 }, 'fraction'],
      [{ status: 500, fraction: 1.5 }, 'fraction'],
      [{ status: 503, retry_after_seconds: 3 }, 'retry_after_seconds'],
      [{ delay_ms: -1 }, 'delay_ms'],
      [{ status: 500, method: 'PATCH' }, 'method'],
      [{ status: 500, colour: 'red' }, 'colour'],
    ];
    for (const [rule, field] of refused) {
      const answer = await faults(test, 'POST', rule);
      expect(answer.status, JSON.stringify(rule)).toBe(400);
      expect(answer.body).toMatchObject({ code: 400, trace: [] });
      expect(answer.body.fields.split(','), JSON.stringify(rule)).toContain(field);
    }
  });

  it('never touches the token endpoint, the control plane or the webhook service', async () => {
    const test = await testMarketplace();
    await addRule(test, { status: 500 });
    await addRule(test, { status: 'drop', path: '/**' });
    const token = await test.marketplace.app.inject({
      method: 'POST',
      url: TOKEN_PATH,
      payload: DEMO_PASSWORD_GRANT,
    });
    expect(token.statusCode).toBe(200);
    expect((await test.marketplace.app.inject({ method: 'GET', url: '/__local/clock' })).statusCode).toBe(200);
    expect((await faults(test, 'GET')).status).toBe(200);
    const webhooks = await test.marketplace.app.inject({ method: 'GET', url: `${WEBHOOK_PATH_PREFIXES.sandbox}/company/${DEMO_CREDENTIALS.companyId}` });
    expect(webhooks.statusCode).not.toBe(500);
    expect(webhooks.body).not.toMatch(/Injected fault/);
    expect(await statuses(test, 1)).toEqual([500]);
  });
});

describe('a dropped connection', () => {
  let market: ListeningMarketplace | undefined;
  afterEach(async () => {
    await market?.close();
    market = undefined;
  });

  it('closes the socket unanswered over real HTTP; the next request is answered', async () => {
    market = await listenMarketplace({ port: 0, db: ':memory:' });
    const added = await fetch(`${market.origin}/__local/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'drop', count: 1 }) });
    expect(added.status).toBe(200);
    const signIn = await fetch(`${market.authUrl}${TOKEN_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_PASSWORD_GRANT),
    });
    const { access_token: token } = (await signIn.json()) as { access_token: string };
    const url = `${market.baseUrl}/workorders/10001?access_token=${token}`;
    const dropped = await fetch(url).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(dropped).toBeInstanceOf(TypeError);
    expect(String((dropped as TypeError).cause)).toMatch(/other side closed|ECONNRESET|socket hang up/i);
    expect((await fetch(url)).status).toBe(200);
  });

  it('never forwards a delayed request whose caller gave up during the delay; a caller that waits gets it done', async () => {
    market = await listenMarketplace({ port: 0, db: ':memory:' });
    const origin = market.origin;
    const signIn = await fetch(`${market.authUrl}${TOKEN_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_PASSWORD_GRANT) });
    const { access_token: token } = (await signIn.json()) as { access_token: string };
    const rest = (method: string, path: string, signal?: AbortSignal) => fetch(`${(market as ListeningMarketplace).baseUrl}/${path}?access_token=${token}`, { method, signal });
    const statusOf = async (id: number) => ((await (await rest('GET', `workorders/${id}`)).json()) as { status: { name: string } }).status.name;
    const delay = (ms: number) => fetch(`${origin}/__local/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ delay_ms: ms, count: 1, method: 'DELETE' }) });
    const DELAY_MS = 300;

    expect(await statusOf(10_007)).toBe('Published');
    await delay(DELAY_MS);
    const started = performance.now();
    const gaveUp = new AbortController();
    const abandoned = rest('DELETE', 'workorders/10007/publish', gaveUp.signal).catch((error: unknown) => error);
    // Aborted only once the request is on the wire and the rule has taken it.
    await until(async () => (await (await fetch(`${origin}/__local/faults`)).json()) as { rules: unknown[] }, (body) => body.rules.length === 0, 'the rule took the request');
    gaveUp.abort();
    expect(await abandoned).toMatchObject({ name: 'AbortError' });
    // Through the delay and well past it, the order stays as it was.
    await until(
      async () => ({ status: await statusOf(10_007), elapsed: performance.now() - started }),
      ({ status, elapsed }) => status !== 'Published' || elapsed > DELAY_MS * 2,
      'the delay passed',
    ).then(({ status }) => expect(status).toBe('Published'));

    await delay(DELAY_MS);
    expect((await rest('DELETE', 'workorders/10007/publish')).status).toBe(200);
    expect(await statusOf(10_007)).toBe('Draft');
  });

  it('makes inject() fail as a reset connection would', async () => {
    const test = await testMarketplace();
    await addRule(test, { status: 'drop', count: 1, delay_ms: 20 });
    await expect(test.rest('GET', 'workorders/10001')).rejects.toMatchObject({ code: 'LIGHT_ECONNRESET' });
    expect(await statuses(test, 1)).toEqual([200]);
  });
});
