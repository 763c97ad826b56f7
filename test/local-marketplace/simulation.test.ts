import { afterEach, describe, expect, it, vi } from 'vitest';
import { AttachmentSchema } from '../../src-shared/api/attachment';
import { WorkOrderSchema } from '../../src-shared/api/work-order';
import { startSimulationTimer } from '../../src-main/local-marketplace/simulation/timer';
import { assignedOrder, expectError, publishedOrder, simulate, simulated } from './provider-fixtures';
import { testMarketplace } from './support';
import { recordEvents } from './work-orders-fixtures';

// The provider simulation under /__local/simulate/ (decisions §9): each step sets its sub-status
// (§1) and emits its event (§7), for the provider the caller names; invalid steps answer 400.

afterEach(() => {
  vi.useRealTimers();
});

describe('provider steps', () => {
  it('walks the assignee through its sub-statuses, each with its event', async () => {
    const { rest, marketplace } = await testMarketplace();
    const id = await assignedOrder(rest, 3001);
    const events = recordEvents(marketplace);
    const step = { work_order_id: id, provider_id: 3001 };
    const walk: [string, object, string, string, number][] = [
      ['confirm', step, 'confirmed', 'Assigned: Confirmed', 0],
      ['on-my-way', step, 'on_my_way', 'Assigned: On my way', 0],
      ['delay', { ...step, delay_seconds: 1800 }, 'delayed', 'Assigned: Delayed', 1800],
      ['check-in', step, 'checked_in', 'Assigned: Checked in', 0],
      ['check-out', step, 'checked_out', 'Assigned: Checked out', 0],
    ];
    for (const [path, body, subStatus, display, delay] of walk) {
      const order = WorkOrderSchema.parse(await simulated(marketplace, path, body));
      expect(order.status, path).toMatchObject({ id: 3, name: 'Assigned', sub_status: subStatus, display, code: subStatus, delay, confirmed: true });
      expect((await rest('GET', `workorders/${id}/status`)).body).toMatchObject({ sub_status: subStatus, display });
    }
    const done = await simulated(marketplace, 'complete', step);
    expect(done.status).toMatchObject({ id: 4, name: 'Work Done', display: 'Work Done', sub_status: '', delay: 0 });
    expect(events.map((event) => [event.name, event.triggeredByUserId])).toEqual([
      ['workorder.status.confirmed', 3001],
      ['workorder.status.on_my_way', 3001],
      ['workorder.status.delayed', 3001],
      ['workorder.status.checked_in', 3001],
      ['workorder.status.checked_out', 3001],
      ['workorder.status.work_done', 3001],
    ]);
    // Completing again changes nothing (decisions §2).
    expect((await simulated(marketplace, 'complete', step)).status.name).toBe('Work Done');
    expect(events).toHaveLength(6);
  });

  it('answers 400 naming why a step cannot be taken', async () => {
    const { rest, marketplace } = await testMarketplace();
    const published = await publishedOrder(rest);
    expectError(await simulate(marketplace, 'check-in', { work_order_id: published, provider_id: 3001 }), 400, /^Can not check in: work order is Published$/);
    expectError(await simulate(marketplace, 'complete', { work_order_id: published, provider_id: 3001 }), 400, /^Can not complete the work: work order is Published$/);
    const id = await assignedOrder(rest, 3002);
    const stranger = await simulate(marketplace, 'confirm', { work_order_id: id, provider_id: 3003 });
    expectError(stranger, 400, /^Can not confirm: provider 3003 is not the assignee of work order \d+$/);
    expect(stranger.body.fields).toBe('provider_id');
    expect((await simulate(marketplace, 'on-my-way', { work_order_id: 999999, provider_id: 3002 })).body).toMatchObject({ code: 400, fields: 'work_order_id' });
    expect((await simulate(marketplace, 'on-my-way', { work_order_id: id, provider_id: 999999 })).body).toMatchObject({ code: 400, fields: 'provider_id' });
    for (const [path, body] of [
      ['confirm', { work_order_id: id }],
      ['confirm', { work_order_id: id, provider_id: 3002, extra: 1 }],
      ['delay', { work_order_id: id, provider_id: 3002 }],
      ['delay', { work_order_id: id, provider_id: 3002, delay_seconds: -5 }],
      ['sub-status', { work_order_id: id, sub_status: 'napping' }],
      ['tick', { orders: 0 }],
    ] as const) {
      const answer = await simulate(marketplace, path, body);
      expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(answer.body).toMatchObject({ code: 400, trace: [] });
    }
  });

  it('sets the sub-statuses that are not the provider’s, and clears them', async () => {
    const { rest, marketplace } = await testMarketplace();
    const id = await assignedOrder(rest, 3004);
    const events = recordEvents(marketplace);
    expect((await simulated(marketplace, 'sub-status', { work_order_id: id, sub_status: 'at_risk' })).status).toMatchObject({ display: 'Assigned: At risk', confirmed: false });
    expect((await simulated(marketplace, 'sub-status', { work_order_id: id, sub_status: 'on_hold' })).status).toMatchObject({ display: 'Assigned: On hold' });
    expect((await simulated(marketplace, 'sub-status', { work_order_id: id, sub_status: '' })).status).toMatchObject({ display: 'Assigned', sub_status: '' });
    expect(events.map((event) => event.name)).toEqual(['workorder.status.at_risk']);
    const published = await publishedOrder(rest);
    expectError(await simulate(marketplace, 'sub-status', { work_order_id: published, sub_status: 'on_hold' }), 400, /^Can not set sub-status: work order is Published$/);
  });

  it('uploads a deliverable into the Deliverables folder as the provider', async () => {
    const { rest, marketplace } = await testMarketplace();
    const id = await assignedOrder(rest, 3005);
    const events = recordEvents(marketplace);
    const file = AttachmentSchema.parse(await simulated(marketplace, 'upload', { work_order_id: id, provider_id: 3005, name: 'photos.txt', content: 'before and after', notes: 'Lane 2' }));
    expect(file).toMatchObject({ file: { name: 'photos.txt', mime: 'text/plain', size_bytes: 16 }, author: { id: 3005 }, notes: 'Lane 2', status: 'pending' });
    expect(events.map((event) => [event.name, event.triggeredByUserId])).toEqual([['workorder.provider_upload', 3005]]);
    expectError(await simulate(marketplace, 'upload', { work_order_id: id, provider_id: 3006 }), 400, /provider 3006 is not the assignee/);
  });
});

describe('the autopilot', () => {
  async function run(rounds: number) {
    const { marketplace } = await testMarketplace();
    const steps = [];
    for (let round = 0; round < rounds; round++) steps.push(...(await simulated(marketplace, 'tick', { orders: 3 })).steps);
    return steps;
  }

  it('takes plausible steps, the same ones on every run', async () => {
    const first = await run(8);
    expect(first.length).toBeGreaterThan(10);
    expect(await run(8)).toEqual(first);
    const kinds = new Set(first.map((step: { step: string }) => step.step));
    expect([...kinds]).toEqual(expect.arrayContaining(['request', 'counter-offer', 'check-in', 'upload', 'complete']));
    for (const kind of kinds) expect(['request', 'counter-offer', 'confirm', 'on-my-way', 'delay', 'check-in', 'message', 'check-out', 'upload', 'complete']).toContain(kind);
  });

  it('runs on a timer only when asked, and stops when told', async () => {
    const off = await testMarketplace();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const offEvents = recordEvents(off.marketplace);
    // Stopped only after the advance: stopping first would pass whatever the option said.
    const stopOff = startSimulationTimer(off.marketplace.context, 1000);
    vi.advanceTimersByTime(5000);
    await Promise.resolve();
    expect(offEvents).toEqual([]);
    stopOff();
    vi.useRealTimers();

    const on = await testMarketplace({ simulationTimer: true });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const events = recordEvents(on.marketplace);
    const stop = startSimulationTimer(on.marketplace.context, 1000);
    vi.advanceTimersByTime(3000);
    await Promise.resolve();
    const seen = events.length;
    expect(seen).toBeGreaterThan(0);
    stop();
    vi.advanceTimersByTime(10_000);
    await Promise.resolve();
    expect(events).toHaveLength(seen);
    // Real timers again before the marketplace closes: its scheduler's interval is a real one.
    vi.useRealTimers();
  });
});
