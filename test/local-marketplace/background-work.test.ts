import { describe, expect, it } from 'vitest';
import { BackgroundWorkerSchema } from '../../src-shared/api/auto-dispatch';
import { CONTINUES_LATER, nowOrLater } from '../../src-main/local-marketplace/background-work';
import { invalidInput } from '../../src-main/local-marketplace/http/errors';
import { DEMO_CREDENTIALS } from '../../src-main/local-marketplace/seed/demo-credentials';
import { testMarketplace } from './support';

const auth = { userId: DEMO_CREDENTIALS.userId, companyId: DEMO_CREDENTIALS.companyId, clientId: DEMO_CREDENTIALS.clientId };
const request = { method: 'POST', url: '/api/rest/v2/workorders/10001/expenses?async=true&access_token=secret-token', query: { async: 'true', access_token: 'secret-token' } };

describe('background work (async=true)', () => {
  it('runs at once when not asked to wait', async () => {
    const { marketplace } = await testMarketplace();
    expect(nowOrLater(marketplace.context, false, { request, auth }, () => 42)).toBe(42);
  });

  it('answers a __worker in progress, runs after the answer, and records how it ended', async () => {
    const { marketplace } = await testMarketplace();
    let ran = false;
    const answer = nowOrLater(marketplace.context, true, { request, auth, body: { amount: 5 } }, () => {
      ran = true;
      return { id: 7 };
    }) as { __worker: unknown };
    expect(ran).toBe(false);
    const worker = BackgroundWorkerSchema.parse(answer.__worker);
    expect(worker).toMatchObject({
      type: 'ASYNC',
      status: 'in_progress',
      request: 'POST /api/rest/v2/workorders/10001/expenses',
      user: { id: DEMO_CREDENTIALS.userId, first_name: 'Dana' },
      payload: { query: [{ name: 'async', value: 'true' }], body: { amount: 5 }, additional_params: [] },
      actions: ['delete'],
    });
    expect(JSON.stringify(answer)).not.toContain('secret-token');

    await marketplace.context.background.settled();
    expect(ran).toBe(true);
    const done = await marketplace.app.inject({ method: 'GET', url: `/__local/workers/${worker.id}` });
    expect(done.json()).toMatchObject({ status: 'done', response: { id: 7 }, actions: [] });
  });

  it('records a refusal as failed with its error body, and never throws into the server', async () => {
    const { marketplace } = await testMarketplace();
    const answer = nowOrLater(marketplace.context, true, { request, auth }, () => {
      throw invalidInput('Expense 9 does not exist', ['expense_id']);
    }) as { __worker: { id: number } };
    await marketplace.context.background.settled();
    const failed = await marketplace.app.inject({ method: 'GET', url: `/__local/workers/${answer.__worker.id}` });
    expect(failed.json()).toMatchObject({ status: 'failed', response: { code: 400, message: 'Expense 9 does not exist', fields: 'expense_id' } });
    expect((await marketplace.app.inject({ method: 'GET', url: '/__local/workers/999' })).statusCode).toBe(404);
  });

  it('keeps only the newest finished workers, and a running one however old', async () => {
    const { marketplace } = await testMarketplace({ asyncWorkersKept: 2 });
    const status = async (id: number) => {
      const answer = await marketplace.app.inject({ method: 'GET', url: `/__local/workers/${id}` });
      return answer.statusCode === 200 ? (answer.json() as { status: string }).status : answer.statusCode;
    };
    const start = (work: () => unknown) => (nowOrLater(marketplace.context, true, { request, auth }, work) as { __worker: { id: number } }).__worker.id;
    const running = start(() => CONTINUES_LATER);
    const finished = [start(() => 1), start(() => 2), start(() => 3)];
    await marketplace.context.background.settled();
    expect(await Promise.all([running, ...finished].map(status))).toEqual(['in_progress', 404, 'done', 'done']);
  });
});

