import { describe, expect, it } from 'vitest';
import { WorkerAnswerSchema } from '../../src-shared/api/auto-dispatch';
import { ProviderProfileSchema, ProviderRequestListSchema, ProviderRequestSchema } from '../../src-shared/api/provider';
import { expectError, publishedOrder, simulate, simulated } from './provider-fixtures';
import { testMarketplace } from './support';
import { createOrder, giveToAnotherCompany, recordEvents, transition } from './work-orders-fixtures';

// Providers request published orders, or counter their terms (decisions §6); the buyer reads the
// requests and assigns. Demo seed: providers 3001–3020, manager 2001.

const COUNTER = {
  pay: { type: 'hourly', base: { amount: 70, units: 3 } },
  expenses: [{ description: 'Parking', amount: 15 }],
  notes: 'Three hours at my hourly rate',
};

describe('provider requests', () => {
  it('keeps every field of the spec for a request and a counter-offer', async () => {
    const { rest, marketplace } = await testMarketplace();
    const id = await publishedOrder(rest);
    await simulated(marketplace, 'request', { work_order_id: id, provider_id: 3001, notes: 'I can do this one' });
    await simulated(marketplace, 'request', { work_order_id: id, provider_id: 3002, counter: COUNTER, eta: { start: '2030-01-15 16:00:00', end: '2030-01-15 19:30:00' } });

    const answer = await rest('GET', `workorders/${id}/requests`);
    expect(answer.status).toBe(200);
    const list = ProviderRequestListSchema.parse(answer.body);
    expect(list.metadata).toMatchObject({ total: 2, page: 1, pages: 1, per_page: 2 });
    const [plain, counter] = answer.body.results;
    const created = plain.created.utc;
    expect(plain).toMatchObject({
      schedule: { eta: { mode: 'exact', start: { utc: '2030-01-15 15:00:00', local: { date: '2030-01-15', time: '09:00:00' } }, end: { utc: '2030-01-15 17:00:00' }, hour_estimate: '2' } },
      counter: false,
      counter_notes: '',
      notes: 'I can do this one',
      work_order: { id },
      user: { id: 3001, first_name: 'Luis' },
      hour_estimate: 2,
      pay: { type: 'fixed', term: { id: 'on_approval' }, base: { amount: 240, units: 1 }, additional: { amount: 0, units: 0 }, labor_sum: 240, max_pay: 240 },
      active: true,
      expired: false,
      arrival: { utc: '2030-01-15 15:00:00' },
      type: 1,
      expenses: { results: [], total: 0, pending: 0 },
    });
    expect(Date.parse(`${plain.expires.utc}Z`) - Date.parse(`${created}Z`)).toBe(24 * 3_600_000);
    expect(counter).toMatchObject({
      schedule: { eta: { mode: 'between', start: { utc: '2030-01-15 16:00:00' }, end: { utc: '2030-01-15 19:30:00' }, hour_estimate: '3.5' } },
      counter: true,
      counter_notes: 'Three hours at my hourly rate',
      user: { id: 3002 },
      hour_estimate: 3.5,
      pay: { type: 'hourly', base: { amount: 70, units: 3 }, labor_sum: 210, max_pay: 225 },
      type: 2,
      expenses: { results: [{ description: 'Parking', amount: 15 }], total: 15, pending: 15 },
    });
  });

  it('answers one request, now or as a background worker, and 404 for one of another order', async () => {
    const { rest, marketplace } = await testMarketplace();
    const id = await publishedOrder(rest);
    const other = await publishedOrder(rest);
    const request = await simulated(marketplace, 'request', { work_order_id: id, provider_id: 3003 });
    const foreign = await simulated(marketplace, 'request', { work_order_id: other, provider_id: 3003 });

    const one = await rest('GET', `workorders/${id}/requests/${request.id}`);
    expect(one.status).toBe(200);
    expect(ProviderRequestSchema.parse(one.body)).toMatchObject({ id: request.id, user: { id: 3003 } });

    const later = await rest('GET', `workorders/${id}/requests/${request.id}?async=true`);
    expect(later.status).toBe(200);
    const worker = WorkerAnswerSchema.parse(later.body).__worker;
    expect(worker).toMatchObject({ status: 'in_progress', request: `GET /api/rest/v2/workorders/${id}/requests/${request.id}` });
    await marketplace.context.background.settled();
    expect(marketplace.context.background.find(worker.id)).toMatchObject({ status: 'done', response: { id: request.id } });

    expectError(await rest('GET', `workorders/${id}/requests/${foreign.id}`), 404, /Request \d+ of work order \d+ not found/);
    expectError(await rest('GET', `workorders/${id}/requests/999999?async=true`), 404, /not found/);
    expectError(await rest('GET', `workorders/${id}/requests/abc`), 400, /path parameter/);
    giveToAnotherCompany(marketplace, other);
    expectError(await rest('GET', `workorders/${other}/requests`), 403, /another company/);
  });

  it('lists the providers pending assignment: each profile carries its open request', async () => {
    const { rest, marketplace } = await testMarketplace();
    const id = await publishedOrder(rest);
    const empty = await rest('GET', `workorders/${id}/providers?view=list&sticky=1&list=find_providers_pending_assignment`);
    expect(empty.body).toMatchObject({ metadata: { total: 0, list: 'find_providers_pending_assignment', view: 'list' }, results: [] });
    await simulated(marketplace, 'request', { work_order_id: id, provider_id: 3004 });
    await simulated(marketplace, 'request', { work_order_id: id, provider_id: 3005, counter: { notes: 'Can only come in the afternoon' } });

    const pending = await rest('GET', `workorders/${id}/providers?view=list&sticky=1&list=find_providers_pending_assignment`);
    expect(pending.status).toBe(200);
    expect(pending.body.results.map((provider: { id: number }) => provider.id)).toEqual([3004, 3005]);
    for (const provider of pending.body.results) {
      ProviderProfileSchema.parse(provider);
      expect(provider.request).toMatchObject({ user: { id: provider.id }, work_order: { id }, active: true });
    }
    expect(pending.body.results[1].request).toMatchObject({ counter: true, counter_notes: 'Can only come in the afternoon' });
    expectError(await rest('GET', `workorders/${id}/providers?list=find_providers_nearby`), 400, /query/);
  });

  it('closes the requester’s request on assignment and makes the others inactive', async () => {
    const { rest, marketplace } = await testMarketplace();
    const events = recordEvents(marketplace);
    const id = await publishedOrder(rest);
    for (const provider of [3001, 3002, 3003]) await simulated(marketplace, 'request', { work_order_id: id, provider_id: provider });
    expect(events.filter((event) => event.name === 'workorder.requested').map((event) => event.triggeredByUserId)).toEqual([3001, 3002, 3003]);

    await transition(rest, 'POST', id, '/assignee', { assignee: 3002 });
    const requests = (await rest('GET', `workorders/${id}/requests`)).body.results;
    expect(requests.map((request: { user: { id: number }; active: boolean; expired: boolean }) => [request.user.id, request.active, request.expired])).toEqual([
      [3001, false, false],
      [3002, false, false],
      [3003, false, false],
    ]);
    expect((await rest('GET', `workorders/${id}/providers?list=find_providers_pending_assignment`)).body.results).toEqual([]);
    expectError(await simulate(marketplace, 'request', { work_order_id: id, provider_id: 3004 }), 400, /Can not request: work order is Assigned/);
  });

  it('expires by the marketplace clock, and a newer request replaces the provider’s open one', async () => {
    const { rest, marketplace } = await testMarketplace();
    const id = await publishedOrder(rest);
    await simulated(marketplace, 'request', { work_order_id: id, provider_id: 3006, expires_in_seconds: 600 });
    marketplace.context.clock.advance(601);
    const [expired] = (await rest('GET', `workorders/${id}/requests`)).body.results;
    expect(expired).toMatchObject({ active: false, expired: true });
    expect((await rest('GET', `workorders/${id}/providers?list=find_providers_pending_assignment`)).body.results).toEqual([]);

    await simulated(marketplace, 'request', 'work_order_id=' + id + '&provider_id=3007&notes=first');
    await simulated(marketplace, 'request', { work_order_id: id, provider_id: 3007, notes: 'second' });
    const requests = (await rest('GET', `workorders/${id}/requests`)).body.results;
    expect(requests.map((request: { notes: string; active: boolean }) => [request.notes, request.active])).toEqual([
      ['', false],
      ['first', false],
      ['second', true],
    ]);
    // Assigning the provider whose request expired leaves it expired.
    await transition(rest, 'POST', id, '/assignee', { assignee: 3006 });
    expect((await rest('GET', `workorders/${id}/requests`)).body.results[0]).toMatchObject({ active: false, expired: true });
  });

  it('closes open requests when the order goes back to draft or is cancelled', async () => {
    const { rest, marketplace } = await testMarketplace();
    for (const [method, path, body] of [
      ['DELETE', '/publish', undefined],
      ['DELETE', '', { cancel_reason: 1 }],
    ] as const) {
      const id = await publishedOrder(rest);
      await simulated(marketplace, 'request', { work_order_id: id, provider_id: 3008 });
      await transition(rest, method, id, path, body);
      expect((await rest('GET', `workorders/${id}/requests`)).body.results[0]).toMatchObject({ active: false, expired: false });
    }
  });

  it('lets providers request routed orders and refuses requests that cannot be', async () => {
    const { rest, marketplace } = await testMarketplace();
    const draft = await createOrder(rest);
    expectError(await simulate(marketplace, 'request', { work_order_id: draft, provider_id: 3001 }), 400, /^Can not request: work order is Draft$/);
    await transition(rest, 'POST', draft, '/route', { route: { technician: { id: 3001 } } });
    await simulated(marketplace, 'request', { work_order_id: draft, provider_id: 3001 });

    const id = await publishedOrder(rest);
    const unknown = await simulate(marketplace, 'request', { work_order_id: id, provider_id: 999999 });
    expectError(unknown, 400, /Provider 999999 not found/);
    expect(unknown.body.fields).toBe('provider_id');
    expect((await simulate(marketplace, 'request', { work_order_id: id, provider_id: 2001 })).body.fields).toBe('provider_id');
    expect((await simulate(marketplace, 'request', { work_order_id: 999999, provider_id: 3001 })).body).toMatchObject({ code: 400, fields: 'work_order_id' });
    for (const body of [
      { work_order_id: id, provider_id: 3001, counter: {} },
      { work_order_id: id, provider_id: 3001, eta: { start: '2030-01-15 16:00:00', end: '2030-01-15 15:00:00' } },
      { work_order_id: id, provider_id: 3001, eta: { start: '2030-02-31 16:00:00' } },
      { work_order_id: id, provider_id: 3001, counter: { pay: { type: 'barter', base: { amount: 1 } } } },
      { work_order_id: id, provider_id: 3001, expires_in_seconds: 0 },
      { work_order_id: id, provider_id: 3001, surprise: true },
    ]) {
      expect((await simulate(marketplace, 'request', body)).status, JSON.stringify(body)).toBe(400);
    }
  });
});
