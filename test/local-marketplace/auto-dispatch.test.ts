import { describe, expect, it } from 'vitest';
import { WorkerAnswerSchema } from '../../src-shared/api/auto-dispatch';
import type { Marketplace } from '../../src-main/local-marketplace/server';
import { createOrder, giveToAnotherCompany, READY_ORDER, recordEvents } from './work-orders-fixtures';
import { testMarketplace, type TestMarketplace } from './support';

// Providers by type of work (from their profiles): POS 3001 (4.9★, 212) then 3020 (4.8★);
// Networking 3009 (4.9★, 254) best, 3018 the only W2 one; Server 3012.
const POS_ORDER = { ...READY_ORDER, auto_dispatch: true };
const NETWORK_ORDER = { ...POS_ORDER, title: 'Replace a switch', types_of_work: [{ id: 4, isPrimary: true }], service_types: [{ id: 11 }] };

async function dispatch(marketplace: Marketplace, rest: TestMarketplace['rest'], body: object) {
  const answer = await rest('POST', 'workorders/auto_dispatch', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const worker = WorkerAnswerSchema.parse(answer.body).__worker;
  await marketplace.context.background.settled();
  const done = (await marketplace.app.inject({ method: 'GET', url: `/__local/workers/${worker.id}` })).json();
  return { worker, done };
}

async function order(rest: TestMarketplace['rest'], id: number) {
  return (await rest('GET', `workorders/${id}`)).body;
}

describe('POST workorders/auto_dispatch', () => {
  it('answers the AUTODISP worker at once, then publishes the draft and assigns the best-rated matching provider', async () => {
    const { marketplace, rest } = await testMarketplace();
    const id = await createOrder(rest, POS_ORDER);
    const events = recordEvents(marketplace);
    // 1101 (seed/selection-rules.ts): the nearest who does POS work, Luis Ramos in Chicago.
    const { worker, done } = await dispatch(marketplace, rest, { work_order_ids: [id], selection_rule_id: 1101 });
    expect(worker).toMatchObject({
      type: 'AUTODISP',
      status: 'in_progress',
      request: 'POST /api/rest/v2/workorders/auto_dispatch',
      user: { id: 2001 },
      payload: { body: { work_order_ids: [id], selection_rule_id: 1101 } },
      actions: ['delete'],
    });
    expect(done).toMatchObject({
      status: 'done',
      response: {
        results: [{ work_order_id: id, result: 'assigned', status: 'Assigned', provider: { id: 3001, first_name: 'Luis', w2: false }, selection_rule: { id: 1101, status: 'match', sum: { match: 2, total: 2 } } }],
      },
    });
    expect((await order(rest, id)).assignee.user.id).toBe(3001);
    expect(events.map((event) => event.name)).toEqual(['workorder.status.published', 'workorder.status.assigned']);
  });

  it('routes instead with should_route, and dispatches a published order as it is', async () => {
    const { marketplace, rest } = await testMarketplace();
    const id = await createOrder(rest, POS_ORDER);
    await rest('POST', `workorders/${id}/publish`);
    const { done } = await dispatch(marketplace, rest, { work_order_ids: [id, id], should_route: true });
    expect(done.response.results).toEqual([{ work_order_id: id, result: 'routed', status: 'Routed', provider: { id: 3001, first_name: 'Luis', last_name: 'Ramos', w2: false } }]);
    const routed = await order(rest, id);
    expect(routed.routes.results.map((route: { technician: { id: number } }) => route.technician.id)).toEqual([3001]);
    expect(routed.status.is_routed).toBe(true);
  });

  it('dispatches a seeded order once auto_dispatch is set on it', async () => {
    const { marketplace, rest } = await testMarketplace();
    // 10007: a published server room survey.
    expect((await rest('PUT', 'workorders/10007', { auto_dispatch: true })).status).toBe(200);
    const { done } = await dispatch(marketplace, rest, { work_order_ids: [10007] });
    expect(done.response.results[0]).toMatchObject({ result: 'assigned', provider: { id: 3012 } });
  });

  it('takes the ids as JSON in a form body', async () => {
    const { marketplace, rest } = await testMarketplace();
    const id = await createOrder(rest, POS_ORDER);
    const answer = await rest('POST', 'workorders/auto_dispatch', `work_order_ids=${encodeURIComponent(JSON.stringify([id]))}&should_route=true`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    await marketplace.context.background.settled();
    expect((await order(rest, id)).status.name).toBe('Routed');
  });
});

describe('W2 flags', () => {
  it('without them ranks every provider together', async () => {
    const { marketplace, rest } = await testMarketplace();
    const id = await createOrder(rest, NETWORK_ORDER);
    expect((await dispatch(marketplace, rest, { work_order_ids: [id] })).done.response.results[0].provider.id).toBe(3009);
  });

  it('w2_failswitch tries W2 providers first and falls back to the others', async () => {
    const { marketplace, rest } = await testMarketplace();
    const network = await createOrder(rest, NETWORK_ORDER);
    const pos = await createOrder(rest, POS_ORDER);
    const { done } = await dispatch(marketplace, rest, { work_order_ids: [network, pos], w2_failswitch: true });
    expect(done.response.results.map((result: { provider: { id: number } }) => result.provider.id)).toEqual([3018, 3001]);
    expect((await rest('GET', `workorders/${network}/milestones`)).body.published).not.toBeNull();
  });

  it('w2_skippub assigns a W2 provider straight from Draft, and leaves alone an order no W2 provider matches', async () => {
    const { marketplace, rest } = await testMarketplace();
    const network = await createOrder(rest, NETWORK_ORDER);
    const pos = await createOrder(rest, POS_ORDER);
    const events = recordEvents(marketplace);
    const { done } = await dispatch(marketplace, rest, { work_order_ids: [network, pos], w2_skippub: true });
    expect(done.response.results).toMatchObject([
      { work_order_id: network, result: 'assigned', provider: { id: 3018, w2: true } },
      { work_order_id: pos, result: 'no_provider', status: 'Draft' },
    ]);
    expect((await rest('GET', `workorders/${network}/milestones`)).body.published).toBeNull();
    expect(events.map((event) => event.name)).toEqual(['workorder.status.assigned']);
  });

  it('leaves an order no provider matches published for requests', async () => {
    const { marketplace, rest } = await testMarketplace();
    const id = await createOrder(rest, POS_ORDER);
    marketplace.context.db.prepare("UPDATE users SET data = json_set(data, '$.routable', json('false')) WHERE id IN (3001, 3020)").run();
    const { done } = await dispatch(marketplace, rest, { work_order_ids: [id] });
    expect(done.response.results).toEqual([{ work_order_id: id, result: 'no_provider', status: 'Published', message: 'No provider matches the type of work' }]);
  });
});

describe('refusals, all or nothing before any worker', () => {
  it('answers 400 naming every order that cannot go, and dispatches none', async () => {
    const { marketplace, rest } = await testMarketplace();
    const ready = await createOrder(rest, POS_ORDER);
    const noFlag = await createOrder(rest, READY_ORDER);
    const { service_types: _serviceTypes, ...withoutServiceType } = POS_ORDER;
    const noServiceType = await createOrder(rest, withoutServiceType);
    const bare = await createOrder(rest, { title: 'Bare', auto_dispatch: true });
    const theirs = await createOrder(rest, POS_ORDER);
    giveToAnotherCompany(marketplace, theirs);
    const answer = await rest('POST', 'workorders/auto_dispatch', { work_order_ids: [ready, noFlag, noServiceType, bare, theirs, 99999, 10018] });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toBe([noFlag, noServiceType, bare, theirs, 99999, 10018].join(','));
    expect(answer.body.message).toContain(`${noFlag}: auto_dispatch is not true`);
    expect(answer.body.message).toContain(`${noServiceType}: it has no service type`);
    expect(answer.body.message).toContain(`${bare}: it has no service type, it has no types_of_work, it has no location, it has no schedule.service_window, it has no pay.base.amount`);
    expect(answer.body.message).toContain(`${theirs}: belongs to another company`);
    expect(answer.body.message).toContain('99999: not found');
    expect(answer.body.message).toContain('10018: it is Assigned, auto_dispatch is not true');
    await marketplace.context.background.settled();
    expect((await order(rest, ready)).status.name).toBe('Draft');
    expect(marketplace.context.db.prepare('SELECT COUNT(*) AS count FROM async_workers').get()).toEqual({ count: 0 });
  });

  it('validates the body', async () => {
    const { rest } = await testMarketplace();
    const cases: [unknown, string][] = [
      [{ work_order_ids: [] }, 'work_order_ids'],
      [{}, 'work_order_ids'],
      [{ work_order_ids: ['x'] }, 'work_order_ids.0'],
      [{ work_order_ids: [10007], priority: 1 }, 'priority'],
      [{ work_order_ids: [10007], delay: -1 }, 'delay'],
      [{ work_order_ids: [10007], delay: 400 * 24 * 3600 }, 'delay'],
      [{ work_order_ids: [10007], should_route: 'yes' }, 'should_route'],
    ];
    for (const [body, field] of cases) {
      const answer = await rest('POST', 'workorders/auto_dispatch', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.fields).toBe(field);
    }
  });
});

describe('delay', () => {
  it('books the dispatch delay seconds later on the marketplace clock; the worker stays in progress until then', async () => {
    const { marketplace, rest } = await testMarketplace();
    const id = await createOrder(rest, POS_ORDER);
    const { worker, done } = await dispatch(marketplace, rest, { work_order_ids: [id], delay: 60 });
    expect(done).toMatchObject({ status: 'in_progress', actions: ['delete'] });
    expect((await order(rest, id)).status.name).toBe('Draft');
    await marketplace.app.inject({ method: 'POST', url: '/__local/clock', payload: { advance_seconds: 30 } });
    expect((await order(rest, id)).status.name).toBe('Draft');
    await marketplace.app.inject({ method: 'POST', url: '/__local/clock', payload: { advance_seconds: 31 } });
    expect((await order(rest, id)).assignee.user.id).toBe(3001);
    const finished = (await marketplace.app.inject({ method: 'GET', url: `/__local/workers/${worker.id}` })).json();
    expect(finished).toMatchObject({ status: 'done', response: { results: [{ work_order_id: id, result: 'assigned', provider: { id: 3001 } }] } });
  });

  it('checks each order again when the time comes', async () => {
    const { marketplace, rest } = await testMarketplace();
    const cancelled = await createOrder(rest, POS_ORDER);
    const ready = await createOrder(rest, POS_ORDER);
    await dispatch(marketplace, rest, { work_order_ids: [cancelled, ready], delay: 5, should_route: true });
    expect((await rest('DELETE', `workorders/${cancelled}`, { cancel_reason: 1 })).status).toBe(200);
    await marketplace.app.inject({ method: 'POST', url: '/__local/clock', payload: { advance_seconds: 5 } });
    expect((await order(rest, cancelled)).status.name).toBe('Cancelled');
    expect((await order(rest, ready)).status.name).toBe('Routed');
  });
});
