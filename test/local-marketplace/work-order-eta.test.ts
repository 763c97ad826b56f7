import { describe, expect, it } from 'vitest';
import { EtaSchema } from '../../src-shared/api/eta';
import { assignedOrder, expectError, simulated } from './provider-fixtures';
import { REFERENCE_ACTIONS, REFERENCE_ETA_MODES, REFERENCE_ETA_STATUS_NAMES } from './reference-models';
import { testMarketplace } from './support';
import { createOrder, giveToAnotherCompany, transition } from './work-orders-fixtures';

// The technician's ETA (decisions §6): the schedule's until set, set by the buyer while Assigned,
// confirmed and on-my-way by the (simulated) provider; the order's `eta` key is the same object.

const PROVIDER = 3001;
// READY_ORDER's schedule: exact, 2030-01-15 15:00:00 UTC.
const SCHEDULED = '2030-01-15 15:00:00';
const WINDOW = { mode: 'between', start: { utc: '2030-01-15 16:00:00' }, end: { utc: '2030-01-15 18:00:00' }, notes: 'Gate code 4411' };

describe('workorders/{id}/eta', () => {
  it('follows the schedule, unconfirmed, before anything is set', async () => {
    const { rest } = await testMarketplace();
    const id = await createOrder(rest);
    const answer = await rest('GET', `workorders/${id}/eta`);
    expect(answer.status).toBe(200);
    expect(EtaSchema.parse(answer.body)).toMatchObject({ work_order_id: id, mode: 'exact', start: { utc: SCHEDULED }, end: null, notes: '', status: { name: 'unconfirmed', updated: null }, user: null, actions: [] });
    expect(answer.body.start.local).toEqual({ date: '2030-01-15', time: '09:00:00' });
  });

  it('is set while Assigned, from a JSON value or a JSON string in a form field, and shows on the order and its list item', async () => {
    const { rest } = await testMarketplace();
    const id = await assignedOrder(rest, PROVIDER);
    const set = await rest('PUT', `workorders/${id}/eta`, { eta: WINDOW });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({ mode: 'between', start: { utc: '2030-01-15 16:00:00' }, end: { utc: '2030-01-15 18:00:00' }, notes: 'Gate code 4411', status: { name: 'set', updated: { utc: expect.any(String) } }, user: { id: PROVIDER }, actions: ['edit'] });
    expect((await rest('GET', `workorders/${id}/eta`)).body).toEqual(set.body);
    expect((await rest('GET', `workorders/${id}`)).body.eta).toEqual(set.body);
    expect((await rest('GET', `workorders?f_work_order_id=${id}`)).body.results[0].eta).toEqual(set.body);

    const hours = { mode: 'hours', start: { utc: '2030-01-16 08:00:00' }, hour_estimate: 2.5 };
    const form = await rest('PUT', `workorders/${id}/eta`, `eta=${encodeURIComponent(JSON.stringify(hours))}`);
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    expect(form.body).toMatchObject({ mode: 'hours', start: { utc: '2030-01-16 08:00:00' }, end: null, hour_estimate: 2.5, notes: '', status: { name: 'set' } });
  });

  it('answers 400 outside Assigned, and for an ETA that does not hold together', async () => {
    const { rest } = await testMarketplace();
    const draft = await createOrder(rest);
    expectError(await rest('PUT', `workorders/${draft}/eta`, { eta: WINDOW }), 400, /^Can not set the ETA: work order is Draft$/);
    const id = await assignedOrder(rest, PROVIDER);
    const backwards = await rest('PUT', `workorders/${id}/eta`, { eta: { ...WINDOW, end: { utc: '2030-01-15 15:00:00' } } });
    expect(backwards.status).toBe(400);
    expect(backwards.body.fields).toContain('eta.end');
    expect((await rest('PUT', `workorders/${id}/eta`, { eta: { mode: 'hours', start: { utc: SCHEDULED } } })).status).toBe(400);
    expect((await rest('PUT', `workorders/${id}/eta`, { eta: { mode: 'soon', start: { utc: SCHEDULED } } })).status).toBe(400);
    expect((await rest('GET', `workorders/${id}/eta`)).body.status.name).toBe('unconfirmed');
    await transition(rest, 'POST', id, '/complete');
    expectError(await rest('PUT', `workorders/${id}/eta`, { eta: WINDOW }), 400, /work order is Work Done$/);
  });

  it("answers 404 for an unknown order and 403 for another company's", async () => {
    const { marketplace, rest } = await testMarketplace();
    expect((await rest('GET', 'workorders/999999/eta')).status).toBe(404);
    const id = await assignedOrder(rest, PROVIDER);
    giveToAnotherCompany(marketplace, id);
    expect((await rest('GET', `workorders/${id}/eta`)).status).toBe(403);
    expect((await rest('PUT', `workorders/${id}/eta`, { eta: WINDOW })).status).toBe(403);
  });

  it("moves to confirmed and onmyway with the provider's steps, and starts again from the schedule for another assignee", async () => {
    const { marketplace, rest } = await testMarketplace();
    const id = await assignedOrder(rest, PROVIDER);
    await rest('PUT', `workorders/${id}/eta`, { eta: WINDOW });
    await simulated(marketplace, 'confirm', { work_order_id: id, provider_id: PROVIDER });
    expect((await rest('GET', `workorders/${id}/eta`)).body).toMatchObject({ mode: 'between', notes: 'Gate code 4411', status: { name: 'confirmed' } });
    await simulated(marketplace, 'on-my-way', { work_order_id: id, provider_id: PROVIDER });
    expect((await rest('GET', `workorders/${id}/eta`)).body.status.name).toBe('onmyway');

    await transition(rest, 'DELETE', id, '/assignee');
    await transition(rest, 'POST', id, '/assignee', { assignee: 3002 });
    expect((await rest('GET', `workorders/${id}/eta`)).body).toMatchObject({ mode: 'exact', start: { utc: SCHEDULED }, status: { name: 'unconfirmed' }, user: { id: 3002 } });
  });

  it('asks the technician again when an assigned order is rescheduled: unconfirmed, at the new time (issue 24, item 7)', async () => {
    const { marketplace, rest } = await testMarketplace();
    const id = await assignedOrder(rest, PROVIDER);
    await rest('PUT', `workorders/${id}/eta`, { eta: WINDOW });
    await simulated(marketplace, 'confirm', { work_order_id: id, provider_id: PROVIDER });
    expect((await rest('GET', `workorders/${id}`)).body).toMatchObject({ status: { sub_status: 'confirmed' }, eta: { status: { name: 'confirmed' } } });

    const later = { service_window: { mode: 'exact', start: { utc: '2030-01-16 15:00:00' } } };
    expect((await rest('PUT', `workorders/${id}`, { schedule: later })).status).toBe(200);
    const order = (await rest('GET', `workorders/${id}`)).body;
    expect(order.eta).toMatchObject({ mode: 'exact', start: { utc: '2030-01-16 15:00:00' }, status: { name: 'unconfirmed' } });
    expect(order.status.sub_status ?? '').toBe('');
    expect((await rest('GET', `workorders/${id}/eta`)).body.status.name).toBe('unconfirmed');
  });

  it('sets in the background with async=true', async () => {
    const { marketplace, rest } = await testMarketplace();
    const id = await assignedOrder(rest, PROVIDER);
    expect((await rest('PUT', `workorders/${id}/eta?async=true`, { eta: WINDOW })).body.__worker).toMatchObject({ status: 'in_progress' });
    await marketplace.context.background.settled();
    expect((await rest('GET', `workorders/${id}/eta`)).body.status.name).toBe('set');
  });
});

describe('the ETA against the reference ETA model', () => {
  it('answers only the models’ modes, status names and actions, on every seeded order', async () => {
    const { rest } = await testMarketplace();
    const orders = (await rest('GET', 'workorders?per_page=100')).body.results as { id: number; eta: Record<string, any> }[]; // eslint-disable-line @typescript-eslint/no-explicit-any -- checked key by key
    expect(orders.length).toBeGreaterThan(30);
    const names = new Set<string>();
    for (const { id, eta } of orders) {
      expect(REFERENCE_ETA_MODES, `order ${id}`).toContain(eta.mode);
      expect(REFERENCE_ETA_STATUS_NAMES, `order ${id}`).toContain(eta.status.name);
      expect(REFERENCE_ACTIONS.ETA, `order ${id}`).toEqual(expect.arrayContaining(eta.actions));
      expect(eta.hour_estimate === null || typeof eta.hour_estimate === 'number').toBe(true);
      names.add(eta.status.name);
    }
    // The seed's confirmed and travelling assignees show in their ETA.
    expect([...names].sort()).toEqual(['confirmed', 'onmyway', 'unconfirmed']);
  });
});
