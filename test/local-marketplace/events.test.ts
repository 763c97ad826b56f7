import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '../../src-shared/api/webhook';
import type { Marketplace } from '../../src-main/local-marketplace/server';
import { assignedOrder, publishedOrder, simulated } from './provider-fixtures';
import { testMarketplace } from './support';
import { createOrder, READY_ORDER, recordEvents, transition } from './work-orders-fixtures';

// Decisions §7: every change of the buyer's announces its event exactly once, in order, and
// nothing else does. Status ids are those of decisions §1; 2001 is the demo API user.
const STATUS = { draft: 1, published: 2, assigned: 3, workDone: 4, approved: 5, paid: 6, cancelled: 7, routed: 9 } as const;
const BUYER = 2001;

interface SeenEvent {
  name: string;
  workOrderId: number;
  statusId: number;
  previousStatusId: number;
  triggeredByUserId: number;
}

/** The event as these tests compare it; `name` without its `workorder.` prefix. */
function event(name: string, workOrderId: number, statusId: number, previousStatusId: number, triggeredByUserId = BUYER): SeenEvent {
  return { name: `workorder.${name}`, workOrderId, statusId, previousStatusId, triggeredByUserId };
}

/** Answers what `action` emitted, once it is answered; every name must be one of §7. */
function eventLog(marketplace: Marketplace) {
  const events = recordEvents(marketplace);
  return async (action: () => Promise<unknown>): Promise<SeenEvent[]> => {
    const start = events.length;
    await action();
    const seen = events.slice(start).map(({ name, workOrderId, statusId, previousStatusId, triggeredByUserId }) => ({ name, workOrderId, statusId, previousStatusId, triggeredByUserId }));
    for (const { name } of seen) expect(WEBHOOK_EVENTS).toContain(name);
    return seen;
  };
}

const NEW_SCHEDULE = { service_window: { mode: 'exact', start: { utc: '2030-02-01 15:00:00' } } };

describe("the buyer's changes", () => {
  it('create, and the updates that have an event: a new schedule, new custom field values', async () => {
    const { rest, marketplace } = await testMarketplace();
    const during = eventLog(marketplace);
    let id = 0;
    const created = await during(async () => (id = await createOrder(rest)));
    expect(created).toEqual([event('created', id, STATUS.draft, 0)]);
    const put = (body: object) => during(async () => expect((await rest('PUT', `workorders/${id}`, body)).status).toBe(200));
    expect(await put({ schedule: NEW_SCHEDULE })).toEqual([event('schedule_updated', id, STATUS.draft, STATUS.draft)]);
    expect(await put({ schedule: NEW_SCHEDULE })).toEqual([]);
    expect(await put({ title: 'Install three POS terminals' })).toEqual([]);
    expect(await put({ custom_fields: { po_number: 'PO-1' } })).toEqual([event('custom_field_value_updated', id, STATUS.draft, STATUS.draft)]);
    expect(await put({ custom_fields: { po_number: 'PO-1' } })).toEqual([]);
    expect(await put({ schedule: READY_ORDER.schedule, custom_fields: { po_number: 'PO-2' } })).toEqual([
      event('schedule_updated', id, STATUS.draft, STATUS.draft),
      event('custom_field_value_updated', id, STATUS.draft, STATUS.draft),
    ]);
    expect(await during(async () => expect((await rest('PUT', `workorders/${id}`, { title: '', schedule: NEW_SCHEDULE })).status).toBe(400))).toEqual([]);
  });

  it('publish, unpublish and revert; again in the same state, nothing', async () => {
    const { rest, marketplace } = await testMarketplace();
    const during = eventLog(marketplace);
    const id = await createOrder(rest);
    expect(await during(() => transition(rest, 'POST', id, '/publish'))).toEqual([event('status.published', id, STATUS.published, STATUS.draft)]);
    expect(await during(() => transition(rest, 'POST', id, '/publish'))).toEqual([]);
    expect(await during(() => transition(rest, 'DELETE', id, '/publish'))).toEqual([event('status.draft', id, STATUS.draft, STATUS.published)]);
    expect(await during(() => transition(rest, 'DELETE', id, '/publish'))).toEqual([]);
    await transition(rest, 'POST', id, '/publish');
    expect(await during(() => transition(rest, 'DELETE', id, '/draft'))).toEqual([event('status.draft', id, STATUS.draft, STATUS.published)]);
  });

  it('route: the offer, then the status, once; more routes and their closing', async () => {
    const { rest, marketplace } = await testMarketplace();
    const during = eventLog(marketplace);
    const id = await publishedOrder(rest);
    const route = (method: 'POST' | 'DELETE', provider: number) => during(() => transition(rest, method, id, '/route', { route: { technician: { id: provider } } }));
    expect(await route('POST', 3001)).toEqual([event('routed', id, STATUS.routed, STATUS.published), event('status.routed', id, STATUS.routed, STATUS.published)]);
    expect(await route('POST', 3002)).toEqual([event('routed', id, STATUS.routed, STATUS.routed)]);
    expect(await route('POST', 3002)).toEqual([]);
    expect(await route('DELETE', 3002)).toEqual([]);
    expect(await route('DELETE', 3001)).toEqual([event('status.published', id, STATUS.published, STATUS.routed)]);
  });

  it('assign and unassign; assigning the assignee again changes nothing', async () => {
    const { rest, marketplace } = await testMarketplace();
    const during = eventLog(marketplace);
    const id = await publishedOrder(rest);
    const assign = (provider: number) => during(() => rest('POST', `workorders/${id}/assignee`, { assignee: provider }));
    expect(await assign(3001)).toEqual([event('status.assigned', id, STATUS.assigned, STATUS.published)]);
    expect(await assign(3001)).toEqual([]);
    expect(await assign(3002)).toEqual([]);
    expect(await during(() => transition(rest, 'DELETE', id, '/assignee'))).toEqual([event('status.assigned_cancelled', id, STATUS.published, STATUS.assigned)]);
  });

  it('cancel, once', async () => {
    const { rest, marketplace } = await testMarketplace();
    const during = eventLog(marketplace);
    const id = await assignedOrder(rest, 3001);
    expect(await during(() => transition(rest, 'DELETE', id, '', { cancel_reason: 1 }))).toEqual([event('status.deleted', id, STATUS.cancelled, STATUS.assigned)]);
    expect(await during(() => transition(rest, 'DELETE', id, '', { cancel_reason: 1 }))).toEqual([]);
  });

  it('a refused change announces nothing', async () => {
    const { rest, marketplace } = await testMarketplace();
    const during = eventLog(marketplace);
    const draft = await createOrder(rest, { title: 'Not ready' });
    const refusals = [
      () => rest('POST', `workorders/${draft}/publish`),
      () => rest('POST', `workorders/${draft}/assignee`, { assignee: 3001 }),
      () => rest('POST', `workorders/${draft}/approve`),
      () => rest('DELETE', `workorders/${draft}/assignee`),
      () => rest('POST', `workorders/${draft}/route`, { route: { technician: { id: 99 } } }),
      () => rest('POST', 'workorders', { title: '' }),
      () => rest('PUT', 'workorders/10001', { schedule: NEW_SCHEDULE, manager: { id: 999_999 } }),
    ];
    for (const refusal of refusals) {
      const seen = await during(async () => expect((await refusal()).status).toBeGreaterThanOrEqual(400));
      expect(seen).toEqual([]);
    }
  });

  it('with async=true, announces once, when the worker does the work', async () => {
    const { rest, marketplace } = await testMarketplace();
    const during = eventLog(marketplace);
    const id = await createOrder(rest);
    const answered = await during(async () => expect((await rest('POST', `workorders/${id}/publish?async=true`)).body.__worker).toBeDefined());
    expect(answered).toEqual([]);
    expect(await during(() => marketplace.context.background.settled())).toEqual([event('status.published', id, STATUS.published, STATUS.draft)]);
    expect(await during(() => marketplace.context.background.settled())).toEqual([]);
  });

  it('auto-dispatch publishes a draft, then assigns it, in that order', async () => {
    const { rest, marketplace } = await testMarketplace();
    const during = eventLog(marketplace);
    const id = await createOrder(rest, { ...READY_ORDER, auto_dispatch: true });
    const seen = await during(async () => {
      expect((await rest('POST', 'workorders/auto_dispatch', { work_order_ids: [id] })).status).toBe(200);
      await marketplace.context.background.settled();
    });
    expect(seen).toEqual([event('status.published', id, STATUS.published, STATUS.draft), event('status.assigned', id, STATUS.assigned, STATUS.published)]);
  });
});

describe('swaps', () => {
  it('accepting is an unassign then an assign; declining announces nothing', async () => {
    const { rest, marketplace } = await testMarketplace();
    const during = eventLog(marketplace);
    const id = await assignedOrder(rest, 3001);
    const first = await simulated(marketplace, 'swap', { work_order_id: id, provider_id: 3001, to_provider_id: 3009 });
    expect(await during(() => rest('POST', `workorders/${id}/swaps/${first.id}/decline`))).toEqual([]);
    const second = await simulated(marketplace, 'swap', { work_order_id: id, provider_id: 3001, to_provider_id: 3009 });
    expect(await during(() => rest('POST', `workorders/${id}/swaps/${second.id}/accept`))).toEqual([
      event('status.assigned_cancelled', id, STATUS.published, STATUS.assigned),
      event('status.assigned', id, STATUS.assigned, STATUS.published),
    ]);
  });

  it('a swap refused half-way announces nothing: the unassign was undone with it', async () => {
    const { rest, marketplace } = await testMarketplace();
    const during = eventLog(marketplace);
    const id = await assignedOrder(rest, 3001);
    const swap = await simulated(marketplace, 'swap', { work_order_id: id, provider_id: 3001, to_provider_id: 3009 });
    // Without a type of work the order can be unassigned but not assigned again.
    expect((await rest('PUT', `workorders/${id}`, { types_of_work: [], service_types: [] })).status).toBe(200);
    expect(await during(async () => expect((await rest('POST', `workorders/${id}/swaps/${swap.id}/accept`)).status).toBe(400))).toEqual([]);
    expect((await rest('GET', `workorders/${id}`)).body.assignee.user.id).toBe(3001);
    // The next change that commits is announced alone, and the swap can still go through.
    expect((await rest('PUT', `workorders/${id}`, { types_of_work: READY_ORDER.types_of_work, service_types: READY_ORDER.service_types })).status).toBe(200);
    expect((await during(() => rest('POST', `workorders/${id}/swaps/${swap.id}/accept`))).map((seen) => seen.name)).toEqual([
      'workorder.status.assigned_cancelled',
      'workorder.status.assigned',
    ]);
  });
});

describe("the provider's steps", () => {
  it('request, the day on site, messages, uploads and shipments: each once, by whoever acted', async () => {
    const { rest, marketplace } = await testMarketplace();
    const during = eventLog(marketplace);
    const step = (name: string, body: object = {}) => during(() => simulated(marketplace, name, { work_order_id: id, provider_id: 3001, ...body }));
    const id = await publishedOrder(rest);
    const published = (name: string) => event(name, id, STATUS.published, STATUS.published, 3001);
    expect(await step('request')).toEqual([published('requested')]);
    expect(await during(() => rest('POST', `workorders/${id}/assignee`, { assignee: 3001 }))).toEqual([event('status.assigned', id, STATUS.assigned, STATUS.published)]);

    const onSite = (name: string, by = 3001) => event(name, id, STATUS.assigned, STATUS.assigned, by);
    expect(await step('confirm')).toEqual([onSite('status.confirmed')]);
    expect(await step('confirm')).toEqual([]);
    expect(await step('on-my-way')).toEqual([onSite('status.on_my_way')]);
    expect(await step('delay', { delay_seconds: 900 })).toEqual([onSite('status.delayed')]);
    expect(await step('check-in')).toEqual([onSite('status.checked_in')]);
    expect(await step('message', { message: 'On site' })).toEqual([onSite('message_posted')]);
    expect(await during(() => rest('POST', `workorders/${id}/messages`, { message: 'Thanks' }))).toEqual([onSite('message_posted', BUYER)]);
    expect(await step('log-time', { hours: 1 })).toEqual([]);
    expect(await step('check-out')).toEqual([onSite('status.checked_out')]);
    const subStatus = (value: string) => during(() => simulated(marketplace, 'sub-status', { work_order_id: id, sub_status: value }));
    expect(await subStatus('at_risk')).toEqual([onSite('status.at_risk')]);
    expect(await subStatus('on_hold')).toEqual([]);
    expect(await subStatus('')).toEqual([]);

    expect(await step('upload', { content: 'Report' })).toEqual([onSite('provider_upload')]);
    expect(await during(() => uploadAsBuyer(rest, id))).toEqual([]);
    let shipment = 0;
    const added = await during(async () => (shipment = (await simulated(marketplace, 'shipment', { work_order_id: id, provider_id: 3001, name: 'POS kit', carrier: 'UPS', tracking_number: '1Z9' })).id));
    expect(added).toEqual([onSite('part_updated')]);
    expect(await step('shipment-status', { shipment_id: shipment, status: 'en route' })).toEqual([onSite('part_updated')]);
    expect(await step('shipment-status', { shipment_id: shipment, status: 'en route' })).toEqual([]);

    expect(await step('complete')).toEqual([event('status.work_done', id, STATUS.workDone, STATUS.assigned, 3001)]);
    expect(await step('complete')).toEqual([]);
    expect(await during(async () => expect((await simulate(marketplace, 'check-in', id)).status).toBe(400))).toEqual([]);
  });

  it('complete, incomplete, approve, unapprove, and the automatic payment', async () => {
    const { rest, marketplace } = await testMarketplace({ payDelaySeconds: 5 });
    const during = eventLog(marketplace);
    const id = await assignedOrder(rest, 3001);
    expect(await during(() => transition(rest, 'POST', id, '/complete'))).toEqual([event('status.work_done', id, STATUS.workDone, STATUS.assigned)]);
    expect(await during(() => transition(rest, 'DELETE', id, '/complete?reason=1'))).toEqual([event('status.assigned', id, STATUS.assigned, STATUS.workDone)]);
    await transition(rest, 'POST', id, '/complete');
    expect(await during(() => transition(rest, 'POST', id, '/approve'))).toEqual([event('status.approved', id, STATUS.approved, STATUS.workDone)]);
    expect(await during(() => transition(rest, 'DELETE', id, '/approve'))).toEqual([event('status.work_done', id, STATUS.workDone, STATUS.approved)]);
    // Unapproved, the booked payment is gone: time passing pays nothing.
    expect(await during(() => advanceClock(marketplace, 10))).toEqual([]);
    await transition(rest, 'POST', id, '/approve');
    expect(await during(() => advanceClock(marketplace, 5))).toEqual([event('status.paid', id, STATUS.paid, STATUS.approved)]);
    expect(await during(() => advanceClock(marketplace, 60))).toEqual([]);
  });

  it("the autopilot's steps are announced in the order it took them, across orders", async () => {
    const { marketplace } = await testMarketplace();
    const during = eventLog(marketplace);
    const announces: Record<string, string> = {
      request: 'requested',
      'counter-offer': 'requested',
      confirm: 'status.confirmed',
      'on-my-way': 'status.on_my_way',
      delay: 'status.delayed',
      'check-in': 'status.checked_in',
      message: 'message_posted',
      'check-out': 'status.checked_out',
      upload: 'provider_upload',
      complete: 'status.work_done',
    };
    const taken = new Set<string>();
    for (let tick = 0; tick < 12; tick += 1) {
      let steps: { work_order_id: number; step: string }[] = [];
      const seen = await during(async () => (steps = (await simulated(marketplace, 'tick', { orders: 6 })).steps));
      expect(seen.map(({ workOrderId, name }) => [workOrderId, name])).toEqual(steps.map((step) => [step.work_order_id, `workorder.${announces[step.step]}`]));
      for (const step of steps) taken.add(step.step);
    }
    // The sequence is seeded: these ticks reach the steps that run inside a transaction.
    expect([...taken]).toEqual(expect.arrayContaining(['check-in', 'check-out', 'complete']));
  });
});

async function simulate(marketplace: Marketplace, step: string, workOrderId: number) {
  return marketplace.app.inject({ method: 'POST', url: `/__local/simulate/${step}`, payload: { work_order_id: workOrderId, provider_id: 3001 } }).then((answer) => ({ status: answer.statusCode }));
}

async function advanceClock(marketplace: Marketplace, seconds: number): Promise<void> {
  const answer = await marketplace.app.inject({ method: 'POST', url: '/__local/clock', payload: { advance_seconds: seconds } });
  expect(answer.statusCode).toBe(200);
}

/** The buyer's own file in the order's first folder: not a provider upload, so no event. */
async function uploadAsBuyer(rest: Awaited<ReturnType<typeof testMarketplace>>['rest'], id: number): Promise<void> {
  const folder = (await rest('GET', `workorders/${id}/attachments`)).body.results[0].id as number;
  const form = new FormData();
  form.append('file', new Blob(['site plan'], { type: 'text/plain' }), 'plan.txt');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const answer = await rest('POST', `workorders/${id}/attachments/${folder}`, Buffer.from(await request.arrayBuffer()), { 'content-type': request.headers.get('content-type') ?? '' });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}
