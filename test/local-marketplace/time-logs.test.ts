import { describe, expect, it } from 'vitest';
import { TimeLogListSchema } from '../../src-shared/api/time-log';
import { assignedOrder, expectError, publishedOrder, simulate, simulated } from './provider-fixtures';
import { testMarketplace } from './support';
import { giveToAnotherCompany } from './work-orders-fixtures';

// Time logs are written by the simulated provider (check in, check out, log time) and read by the
// buyer (decisions §6). The demo orders' times show in Chicago time (the READY_ORDER address).

const HOUR = 3600;
/** Long enough that advancing the clock by hours keeps the test's token valid. */
const LONG_TOKENS = { tokenLifetimeSeconds: 30 * 24 * HOUR };

describe('time logs', () => {
  it('checking in opens a log, checking out closes it; logged hours add closed ones', async () => {
    const { rest, marketplace } = await testMarketplace(LONG_TOKENS);
    const id = await assignedOrder(rest, 3001);
    const step = { work_order_id: id, provider_id: 3001 };
    expect((await rest('GET', `workorders/${id}/time_logs`)).body).toMatchObject({ metadata: { total: 0 }, results: [], hours: 0 });

    await simulated(marketplace, 'check-in', step);
    const open = (await rest('GET', `workorders/${id}/time_logs`)).body.results;
    expect(open).toEqual([expect.objectContaining({ out: null, hours: 0, verified: false, logged_by: expect.objectContaining({ id: 3001 }) })]);
    // Checking in again while on site keeps the open log.
    await simulated(marketplace, 'check-in', step);
    marketplace.context.clock.advance(2.5 * HOUR);
    await simulated(marketplace, 'check-out', step);
    await simulated(marketplace, 'log-time', `work_order_id=${id}&provider_id=3001&hours=1.25&verified=true`);

    const answer = await rest('GET', `workorders/${id}/time_logs`);
    expect(answer.status).toBe(200);
    const list = TimeLogListSchema.parse(answer.body);
    expect(list.results.map((log) => [log.hours, log.verified])).toEqual([
      [2.5, false],
      [1.25, true],
    ]);
    expect(answer.body.hours).toBe(3.75);
    const [first] = answer.body.results;
    expect(first.in.local.time).not.toBe(first.in.utc.slice(11));
    expect(Date.parse(`${first.out.utc}Z`) - Date.parse(`${first.in.utc}Z`)).toBe(2.5 * HOUR * 1000);
  });

  it('completing the work ends a log left open', async () => {
    const { rest, marketplace } = await testMarketplace(LONG_TOKENS);
    const id = await assignedOrder(rest, 3002);
    await simulated(marketplace, 'check-in', { work_order_id: id, provider_id: 3002 });
    marketplace.context.clock.advance(HOUR);
    await simulated(marketplace, 'complete', { work_order_id: id, provider_id: 3002 });
    expect((await rest('GET', `workorders/${id}/time_logs`)).body.results).toEqual([expect.objectContaining({ hours: 1, out: expect.objectContaining({ utc: expect.any(String) }) })]);
  });

  it('refuses time from anyone but the assignee, in the future, or out of range', async () => {
    const { rest, marketplace } = await testMarketplace();
    const id = await assignedOrder(rest, 3003);
    expectError(await simulate(marketplace, 'check-out', { work_order_id: id, provider_id: 3003 }), 400, /provider 3003 is not checked in/);
    expectError(await simulate(marketplace, 'log-time', { work_order_id: id, provider_id: 3004, hours: 1 }), 400, /provider 3004 is not the assignee/);
    const future = await simulate(marketplace, 'log-time', { work_order_id: id, provider_id: 3003, hours: 2, in: '2099-01-01 10:00:00' });
    expectError(future, 400, /would end in the future/);
    expect(future.body.fields).toBe('in');
    for (const hours of [0, -1, 25, 'many']) expect((await simulate(marketplace, 'log-time', { work_order_id: id, provider_id: 3003, hours })).status).toBe(400);
    const published = await publishedOrder(rest);
    expectError(await simulate(marketplace, 'log-time', { work_order_id: published, provider_id: 3003, hours: 1 }), 400, /^Can not log time: work order is Published$/);
  });

  it('answers 404 for an unknown order and 403 for another company’s', async () => {
    const { rest, marketplace } = await testMarketplace();
    expectError(await rest('GET', 'workorders/999999/time_logs'), 404, /Work order 999999 not found/);
    const id = await assignedOrder(rest, 3005);
    giveToAnotherCompany(marketplace, id);
    expectError(await rest('GET', `workorders/${id}/time_logs`), 403, /another company/);
  });
});
