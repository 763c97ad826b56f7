import { describe, expect, it } from 'vitest';
import { WorkerAnswerSchema } from '../../src-shared/api/auto-dispatch';
import { insertSelectionRule } from '../../src-main/local-marketplace/domain/selection-rules';
import { testMarketplace, type TestMarketplace } from './support';
import { createOrder, READY_ORDER } from './work-orders-fixtures';

// Auto-dispatch by the company's selection rules (seed/selection-rules.ts): 1101 the nearest who
// does the work (under 100 miles), 1102 the best rated under 250 miles, 1103 talent pool members
// first then the nearest, 1104 screened providers who worked for the company before. Network work
// near Naperville: Tomasz Kowalski (3003) lives there, Luis Ramos (3001, 4.9★) in Chicago; in
// Sacramento only Brandon Lee (3018), in no pool. Jamal Washington (3009, Tampa) is the best rated
// network provider of all. Victor Nguyen (3020) has finished POS work for the demo company.

type Rest = TestMarketplace['rest'];

const HOURS_3 = { type: 'hourly', base: { amount: 65, units: 3 } } as const;

/** A network job ready for auto-dispatch at a city, starting at a UTC time. */
function networkJob(city: string, state: string, zip: string, start = '2030-01-15 15:00:00') {
  return {
    ...READY_ORDER,
    title: `Replace a switch in ${city}`,
    auto_dispatch: true,
    types_of_work: [{ id: 4, isPrimary: true }],
    service_types: [{ id: 11 }],
    location: { mode: 'custom', address1: '1 Main St', city, state, zip, country: 'US' },
    schedule: { service_window: { mode: 'exact', start: { utc: start } } },
    pay: HOURS_3,
  };
}

const NAPERVILLE = ['Naperville', 'IL', '60540'] as const;
const SACRAMENTO = ['Sacramento', 'CA', '95814'] as const;

async function dispatched(test: TestMarketplace, body: object) {
  const answer = await test.rest('POST', 'workorders/auto_dispatch', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const worker = WorkerAnswerSchema.parse(answer.body).__worker;
  await test.marketplace.context.background.settled();
  return (await test.marketplace.app.inject({ method: 'GET', url: `/__local/workers/${worker.id}` })).json();
}

const chosen = (done: { response: { results: { provider?: { id: number } }[] } }) => done.response.results.map((result) => result.provider?.id ?? null);
const status = async (rest: Rest, id: number) => (await rest('GET', `workorders/${id}`)).body.status.name;

describe('auto-dispatch by a selection rule', () => {
  it('assigns the best provider by each rule', async () => {
    const test = await testMarketplace();
    const day = (n: number) => `2030-02-${String(n).padStart(2, '0')} 15:00:00`;
    const naperville = [await createOrder(test.rest, networkJob(...NAPERVILLE, day(1))), await createOrder(test.rest, networkJob(...NAPERVILLE, day(2))), await createOrder(test.rest, networkJob(...NAPERVILLE, day(3)))];
    expect(chosen(await dispatched(test, { work_order_ids: [naperville[0]], selection_rule_id: 1101 }))).toEqual([3003]);
    expect(chosen(await dispatched(test, { work_order_ids: [naperville[1]], selection_rule_id: 1102 }))).toEqual([3001]);
    expect(chosen(await dispatched(test, { work_order_ids: [naperville[2]] }))).toEqual([3009]);

    const sacramento = [await createOrder(test.rest, networkJob(...SACRAMENTO, day(4))), await createOrder(test.rest, networkJob(...SACRAMENTO, day(5)))];
    expect(chosen(await dispatched(test, { work_order_ids: [sacramento[0]], selection_rule_id: 1101 }))).toEqual([3018]);
    const pools = await dispatched(test, { work_order_ids: [sacramento[1]], selection_rule_id: 1103 });
    // Members of a pool outrank the nearest; among them the nearest, Miguel Herrera in Phoenix.
    expect(pools.response.results[0]).toMatchObject({
      result: 'assigned',
      provider: { id: 3007 },
      selection_rule: {
        id: 1103,
        status: 'no_match_optional',
        sum: { match: 2, no_match_optional: 1, no_match_required: 0, total: 3 },
        results: [
          { name: 'SC_MY_TECHNICIAN_GROUP', status: 'match' },
          { name: 'SC_DISTANCE_FROM_WORK_ORDER', status: 'no_match_optional' },
          { name: 'SC_SERVICE_CATEGORY_OF_WORKORDER', status: 'match' },
        ],
      },
    });

    const pos = { ...READY_ORDER, auto_dispatch: true, schedule: { service_window: { mode: 'exact', start: { utc: day(6) } } } };
    const screened = await dispatched(test, { work_order_ids: [await createOrder(test.rest, pos)], selection_rule_id: 1104 });
    expect(screened.response.results[0]).toMatchObject({ provider: { id: 3020 }, selection_rule: { id: 1104, status: 'match', sum: { match: 5, total: 5 } } });
  });

  it('never double-books: a provider whose assigned order overlaps is passed over', async () => {
    const test = await testMarketplace();
    // Three hours from 15:00 (the hourly pay's units); the second starts inside them, the third as they end.
    const first = await createOrder(test.rest, networkJob(...NAPERVILLE, '2030-01-15 15:00:00'));
    const inside = await createOrder(test.rest, networkJob(...NAPERVILLE, '2030-01-15 17:00:00'));
    const after = await createOrder(test.rest, networkJob(...NAPERVILLE, '2030-01-15 18:00:00'));
    expect(chosen(await dispatched(test, { work_order_ids: [first, inside, after], selection_rule_id: 1101 }))).toEqual([3003, 3001, 3003]);
  });

  it('routes instead with should_route', async () => {
    const test = await testMarketplace();
    const id = await createOrder(test.rest, networkJob(...NAPERVILLE));
    const done = await dispatched(test, { work_order_ids: [id], selection_rule_id: 1101, should_route: true });
    expect(done.response.results[0]).toMatchObject({ result: 'routed', status: 'Routed', provider: { id: 3003 }, selection_rule: { id: 1101, status: 'match' } });
    const order = (await test.rest('GET', `workorders/${id}`)).body;
    expect(order.routes.results.map((route: { technician: { id: number } }) => route.technician.id)).toEqual([3003]);
    expect(order.assignee).toBeNull();
  });

  it('says why when no provider meets the rule, and leaves the order published for requests', async () => {
    const test = await testMarketplace();
    // POS work in Austin: Victor Nguyen (Houston) is 146 miles away, Luis Ramos in Chicago.
    const austin = { ...READY_ORDER, auto_dispatch: true, location: { mode: 'custom', address1: '500 E 6th St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' } };
    const id = await createOrder(test.rest, austin);
    const done = await dispatched(test, { work_order_ids: [id], selection_rule_id: 1101 });
    expect(done.response.results).toEqual([{ work_order_id: id, result: 'no_provider', status: 'Published', message: 'No available provider meets selection rule 1101 (Nearest qualified provider)' }]);
    expect(chosen(await dispatched(test, { work_order_ids: [id], selection_rule_id: 1102 }))).toEqual([3020]);
  });
});

describe('a delayed dispatch by a rule', () => {
  it('waits on the marketplace clock, then chooses as things are then', async () => {
    const test = await testMarketplace();
    const id = await createOrder(test.rest, networkJob(...NAPERVILLE));
    const waiting = await dispatched(test, { work_order_ids: [id], selection_rule_id: 1101, delay: 600 });
    expect(waiting.status).toBe('in_progress');
    // Meanwhile the coordinator gives Tomasz Kowalski another order at the same time.
    const taken = await createOrder(test.rest, { ...networkJob(...NAPERVILLE), auto_dispatch: false });
    expect((await test.rest('POST', `workorders/${taken}/assignee`, { assignee: 3003 })).status).toBe(200);
    await test.marketplace.app.inject({ method: 'POST', url: '/__local/clock', payload: { advance_seconds: 599 } });
    expect(await status(test.rest, id)).toBe('Draft');
    await test.marketplace.app.inject({ method: 'POST', url: '/__local/clock', payload: { advance_seconds: 1 } });
    expect((await test.rest('GET', `workorders/${id}`)).body.assignee.user.id).toBe(3001);
    const done = (await test.marketplace.app.inject({ method: 'GET', url: `/__local/workers/${waiting.id}` })).json();
    expect(done).toMatchObject({ status: 'done', response: { results: [{ result: 'assigned', provider: { id: 3001 }, selection_rule: { id: 1101 } }] } });
  });

  it('fails an order whose rule is gone by then, saying so', async () => {
    const test = await testMarketplace();
    const id = await createOrder(test.rest, networkJob(...NAPERVILLE));
    const waiting = await dispatched(test, { work_order_ids: [id], selection_rule_id: 1102, delay: 60 });
    test.marketplace.context.db.prepare('DELETE FROM selection_rules WHERE id = 1102').run();
    await test.marketplace.app.inject({ method: 'POST', url: '/__local/clock', payload: { advance_seconds: 60 } });
    const done = (await test.marketplace.app.inject({ method: 'GET', url: `/__local/workers/${waiting.id}` })).json();
    expect(done.response.results).toEqual([{ work_order_id: id, result: 'failed', status: 'Draft', message: 'Selection rule 1102 not found' }]);
  });
});

describe('refusals, before any worker', () => {
  it("refuses an unknown rule, or another company's, with the orders that cannot go, and dispatches none", async () => {
    const test = await testMarketplace();
    const { db } = test.marketplace.context;
    db.prepare("INSERT INTO companies (id, name) VALUES (1002, 'Other Buyer Inc')").run();
    const theirs = insertSelectionRule(db, 1002, 'Theirs', []);
    const ready = await createOrder(test.rest, networkJob(...NAPERVILLE));
    const unflagged = await createOrder(test.rest, { ...networkJob(...NAPERVILLE), auto_dispatch: false });
    for (const ruleId of [999_999, theirs]) {
      const answer = await test.rest('POST', 'workorders/auto_dispatch', { work_order_ids: [ready], selection_rule_id: ruleId });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 400, fields: 'selection_rule_id', message: `Selection rule ${ruleId} not found` });
    }
    const both = await test.rest('POST', 'workorders/auto_dispatch', { work_order_ids: [ready, unflagged], selection_rule_id: 999_999 });
    expect(both.body).toMatchObject({ code: 400, fields: `${unflagged},selection_rule_id`, message: `Can not auto-dispatch work order ${unflagged}: auto_dispatch is not true. Selection rule 999999 not found` });
    for (const bad of [0, -1, 'nearest', 1.5]) {
      expect((await test.rest('POST', 'workorders/auto_dispatch', { work_order_ids: [ready], selection_rule_id: bad })).body).toMatchObject({ code: 400, fields: 'selection_rule_id' });
    }
    await test.marketplace.context.background.settled();
    expect(await status(test.rest, ready)).toBe('Draft');
    expect(db.prepare('SELECT COUNT(*) AS count FROM async_workers').get()).toEqual({ count: 0 });
  });
});

describe('where the choices live', () => {
  it('an order takes auto_dispatch on create and update; the rule and routing go with the auto-dispatch call', async () => {
    const test = await testMarketplace();
    const id = await createOrder(test.rest, { ...networkJob(...NAPERVILLE), auto_dispatch: false });
    expect((await test.rest('PUT', `workorders/${id}`, { auto_dispatch: true })).body.auto_dispatch).toBe(true);
    for (const key of ['selection_rule_id', 'should_route']) {
      expect((await test.rest('PUT', `workorders/${id}`, { [key]: 1 })).body).toMatchObject({ code: 400, fields: key });
      expect((await test.rest('POST', 'workorders', { ...networkJob(...NAPERVILLE), [key]: true })).body).toMatchObject({ code: 400, fields: key });
    }
  });
});

describe('the demo', () => {
  it('has ready open orders set for auto-dispatch, and each is dispatched to a provider free then', async () => {
    const test = await testMarketplace();
    const orders = (await test.rest('GET', 'workorders?per_page=100')).body.results as { id: number; auto_dispatch: boolean; status: { name: string } }[];
    const flagged = orders.filter((order) => order.auto_dispatch).map((order) => order.id).sort();
    expect(flagged).toEqual([10003, 10005, 10007, 10009, 10011, 10013, 10015, 10017]);
    expect(new Set(orders.filter((order) => order.auto_dispatch).map((order) => order.status.name))).toEqual(new Set(['Draft', 'Published', 'Routed']));
    const done = await dispatched(test, { work_order_ids: flagged });
    expect(done.response.results.map((result: { result: string }) => result.result)).toEqual(flagged.map(() => 'assigned'));
    for (const result of done.response.results as { work_order_id: number; provider: { id: number } }[]) {
      const user = (await test.rest('GET', `users/${result.provider.id}`)).body;
      const order = (await test.rest('GET', `workorders/${result.work_order_id}`)).body;
      // Booked from the order's start, told in the provider's own zone.
      const start = new Date(`${order.schedule.service_window.start.utc.replace(' ', 'T')}Z`);
      const [date, from] = new Intl.DateTimeFormat('en-CA', { timeZone: user.time_zone.name, dateStyle: 'short', timeStyle: 'short', hourCycle: 'h23' }).format(start).split(', ');
      expect(user.upcoming_schedule, `${result.work_order_id}`).toContainEqual(expect.objectContaining({ date, from }));
    }
  });
});
