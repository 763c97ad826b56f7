import { describe, expect, it } from 'vitest';
import type { SavedView, WorkOrderPage } from '../../../src-shared/ipc/channels';
import { TRIAGE_REASONS, triageReasonOf } from '../../../src-shared/domain/attention';
import { outboxApp } from '../outbox/support';

describe('the work order list for the workspace', () => {
  it('marks the orders with a waiting change, and says why orders need attention, in a view with its own count', async () => {
    const { call } = await outboxApp();
    const attention = await call<WorkOrderPage>('workorders:list', { attention: true, per_page: 100 });
    expect(attention.total).toBeGreaterThan(0);
    expect(attention.attentionCount).toBe(attention.total);
    for (const order of attention.results) expect(attention.attention[String(order.id)]?.length, `order ${order.id}`).toBeGreaterThan(0);
    // The demo company has open problems and requests on published orders.
    const reasons = new Set(Object.values(attention.attention).flat());
    expect(reasons.has('problem')).toBe(true);

    await call('connectivity:set-offline', { offline: true });
    const draft = (await call<WorkOrderPage>('workorders:list', { list: 'workorders_draft', per_page: 1 })).results[0];
    await call('workorders:update', { id: draft?.id, changes: { title: 'Waiting to be sent' } });
    const drafts = await call<WorkOrderPage>('workorders:list', { list: 'workorders_draft', per_page: 100 });
    expect(drafts.pending).toEqual([draft?.id]);
  });

  it('lists Needs attention as a triage queue: files waiting alone do not put an order there, the most urgent reason first, then the earliest start', async () => {
    const { call } = await outboxApp();
    const queue = await call<WorkOrderPage>('workorders:list', { attention: true, sort: 'urgency', per_page: 100 });
    const groups = queue.results.map((order) => triageReasonOf(queue.attention[String(order.id)] ?? []));
    expect(groups).not.toContain(undefined);
    const ranks = groups.map((group) => TRIAGE_REASONS.indexOf(group as (typeof TRIAGE_REASONS)[number]));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(new Set(groups).size).toBeGreaterThan(1);
    // Within a group, the earliest start leads.
    const start = (index: number) => Date.parse(`${queue.results[index]?.schedule?.service_window?.start?.utc?.replace(' ', 'T')}Z`);
    for (let index = 1; index < groups.length; index += 1) {
      if (groups[index] === groups[index - 1] && Number.isFinite(start(index)) && Number.isFinite(start(index - 1))) expect(start(index)).toBeGreaterThanOrEqual(start(index - 1));
    }
    // An order whose only reason is files waiting for review is in Deliverables, not here.
    const all = await call<WorkOrderPage>('workorders:list', { per_page: 100 });
    const reviewsOnly = Object.entries(all.attention).filter(([, reasons]) => reasons.length === 1 && reasons[0] === 'deliverables').map(([id]) => Number(id));
    expect(reviewsOnly.length).toBeGreaterThan(0);
    for (const id of reviewsOnly) expect(queue.results.map((order) => order.id)).not.toContain(id);
    expect(queue.attentionCount).toBe(queue.total);
    // The groups, as the rows fall: each reason with how many orders it leads, most urgent first.
    const counted = TRIAGE_REASONS.map((reason) => ({ reason, count: groups.filter((group) => group === reason).length })).filter((group) => group.count > 0);
    expect(queue.groups).toEqual(counted);
  });

  it('filters by a schedule range', async () => {
    const { call } = await outboxApp();
    const all = await call<WorkOrderPage>('workorders:list', { per_page: 100, sort: 'schedule', order: 'asc' });
    const starts = all.results.map((order) => Date.parse(`${order.schedule?.service_window?.start?.utc?.replace(' ', 'T')}Z`)).filter(Number.isFinite);
    const middle = starts[Math.floor(starts.length / 2)] as number;
    const later = await call<WorkOrderPage>('workorders:list', { scheduleFrom: middle, per_page: 100 });
    expect(later.total).toBeGreaterThan(0);
    expect(later.total).toBeLessThan(all.total);
    for (const order of later.results) expect(Date.parse(`${order.schedule?.service_window?.start?.utc?.replace(' ', 'T')}Z`)).toBeGreaterThanOrEqual(middle);
  });

  it('saves a filter as a named view, replaces it by name, and deletes it', async () => {
    const { call, invoke } = await outboxApp({ signIn: false });
    const saved = await call<SavedView>('views:save', { name: 'Chicago drafts', query: { list: 'workorders_draft', city: 'Chicago' } });
    await call('views:save', { name: 'chicago DRAFTS', query: { list: 'workorders_draft', city: 'Chicago', search: 'kiosk' } });
    expect(await call<SavedView[]>('views:list')).toEqual([{ id: saved.id, name: 'chicago DRAFTS', query: { list: 'workorders_draft', city: 'Chicago', search: 'kiosk' } }]);
    expect(await invoke('views:save', { name: '', query: {} })).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT' } });
    expect(await invoke('views:save', { name: 'x', query: { page: 2 } })).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT' } });
    expect(await call('views:delete', { id: saved.id })).toEqual({ deleted: true });
    expect(await call('views:list')).toEqual([]);
  });
});
