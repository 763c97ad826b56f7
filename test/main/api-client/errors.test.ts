import { describe, expect, it } from 'vitest';
import { ApiError, parseRetryAfter } from '../../../src-main/api-client/api-error';
import { clientUnderTest, control, failureOf } from './support';

// Failures mapped to error codes, against a real local marketplace with `/__local/faults`; and no
// secret in any message, error JSON or log record.

describe('error mapping', () => {
  it('maps a 404 to API_NOT_FOUND with the server message', async () => {
    const { client } = await clientUnderTest();
    const failure = await failureOf(client.workOrders.get(99999));
    expect(failure).toMatchObject({ code: 'API_NOT_FOUND', status: 404 });
    expect(failure.message).toMatch(/99999/);
    expect(failure.toBody()).toEqual({ code: 'API_NOT_FOUND', message: failure.message });
  });

  it('maps a 400 with fields to API_REJECTED carrying the fields', async () => {
    const { client } = await clientUnderTest();
    const first = await client.workOrders.create({ title: 'First', integration: { id: 'outbox-7', name: 'REST' } });
    const failure = await failureOf(client.workOrders.create({ title: 'Retry', integration: { id: 'outbox-7', name: 'REST' } }));
    expect(failure).toMatchObject({ code: 'API_REJECTED', status: 400, fields: ['integration.id'] });
    expect(failure.message).toContain(String(first.id));
  });

  it('refuses to send a body the strict request schema rejects', async () => {
    const { client, grants } = await clientUnderTest();
    const failure = await failureOf(client.workOrders.cancel(10001, { cancel_reason: -1 }));
    expect(failure).toMatchObject({ code: 'API_REJECTED', status: undefined, fields: ['cancel_reason'] });
    expect(grants).toEqual([]);
  });

  it('maps a 429 to API_RATE_LIMITED with Retry-After', async () => {
    const { market, client } = await clientUnderTest();
    await control(market, 'faults', { status: 'rate_limit', retry_after_seconds: 7, count: 1 });
    const failure = await failureOf(client.workOrders.get(10001));
    expect(failure).toMatchObject({ code: 'API_RATE_LIMITED', status: 429, retryAfterSeconds: 7 });
    expect((await client.workOrders.get(10001)).id).toBe(10001);
  });

  it('maps a 5xx to API_SERVER_ERROR', async () => {
    const { market, client } = await clientUnderTest();
    await control(market, 'faults', { status: 503, count: 1 });
    expect(await failureOf(client.company.tags())).toMatchObject({ code: 'API_SERVER_ERROR', status: 503 });
  });

  it('maps a dropped connection to API_UNREACHABLE', async () => {
    const { market, client } = await clientUnderTest();
    await client.workOrders.get(10001);
    // A GET is sent once more after a dropped connection (reset-socket.test.ts): both dropped, it fails.
    await control(market, 'faults', { status: 'drop', count: 2 });
    expect(await failureOf(client.workOrders.get(10001))).toMatchObject({ code: 'API_UNREACHABLE', status: undefined });
    await control(market, 'faults', { status: 'drop', count: 1 });
    expect(await client.workOrders.get(10001)).toMatchObject({ id: 10001 });
  });

  it('maps a late answer to API_TIMEOUT', async () => {
    const { market, client } = await clientUnderTest({ http: { headersTimeoutMs: 100 } });
    await client.workOrders.get(10001);
    // undici checks headersTimeout on its fast timers (about 1 s resolution), so the delay is well beyond it.
    await control(market, 'faults', { delay_ms: 2500, count: 1 });
    expect(await failureOf(client.workOrders.get(10001))).toMatchObject({ code: 'API_TIMEOUT' });
  });

  it('maps an aborted signal to API_ABORTED, before and during the call', async () => {
    const { market, client } = await clientUnderTest();
    await client.workOrders.get(10001);
    expect(await failureOf(client.workOrders.get(10001, { signal: AbortSignal.abort() }))).toMatchObject({ code: 'API_ABORTED' });
    await control(market, 'faults', { delay_ms: 500, count: 1 });
    const controller = new AbortController();
    const call = client.workOrders.get(10001, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await failureOf(call)).toMatchObject({ code: 'API_ABORTED' });
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(parseRetryAfter('12')).toBe(12);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:30 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(30);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });
});

describe('secrets', () => {
  it('never appear in an error message, an error JSON or a log record', async () => {
    const { market, client, credentials, logger } = await clientUnderTest();
    await client.workOrders.get(10001);
    const accessToken = await client.session.getAccessToken();
    const refreshToken = await credentials.refreshToken();
    const secrets = [accessToken, refreshToken, market.credentials.clientSecret, market.credentials.password];
    for (const secret of secrets) expect(secret).toBeTruthy();

    const failures: ApiError[] = [];
    failures.push(await failureOf(client.workOrders.get(99999)));
    await control(market, 'faults', { status: 'rate_limit', retry_after_seconds: 3, count: 1 });
    failures.push(await failureOf(client.workOrders.get(10001)));
    await control(market, 'faults', { status: 'drop', count: 2 });
    failures.push(await failureOf(client.company.tags()));
    await control(market, 'faults', { status: 500, count: 1 });
    failures.push(await failureOf(client.company.tags()));
    failures.push(await failureOf(client.workOrders.get(10001, { signal: AbortSignal.abort() })));
    // A refused sign-in, with the stored password in play.
    const stored = await credentials.credentials();
    if (!stored) throw new Error('no credentials');
    credentials.update({ ...stored, password: `${market.credentials.password}-wrong` });
    await expect(client.session.signIn()).rejects.toBeInstanceOf(ApiError);
    failures.push(await failureOf(client.workOrders.get(10001)));
    secrets.push(`${market.credentials.password}-wrong`);

    const seen = [
      ...failures.flatMap((failure) => [failure.message, failure.stack ?? '', JSON.stringify(failure), JSON.stringify(failure.toBody())]),
      JSON.stringify(logger.records),
    ].join('\n');
    expect(logger.records.length).toBeGreaterThan(0);
    for (const secret of secrets) expect(seen).not.toContain(secret);
  });
});
