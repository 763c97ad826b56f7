import { describe, expect, it } from 'vitest';
import { allowsAction } from '../../../src-shared/domain/work-order-rules';
import type { WorkOrder } from '../../../src-shared/api/work-order';
import type { OutboxReceipt } from '../../../src-shared/ipc/write-channels';
import { outboxApp, READY_ORDER, until } from './support';

// Auto-dispatch between the app and the local marketplace: the selection rules come with the
// reference data, a new order with auto_dispatch is dispatched after its create (its temporary id
// mapped), by the rule and the route-or-assign chosen, and the action is offered by the same rule
// the marketplace refuses by.

const AUTO_ORDER = { ...READY_ORDER, auto_dispatch: true };
/** Seed: 10003 is a ready draft at a saved location with auto_dispatch; 10001 has no flag. */
const FLAGGED_DRAFT = 10003;
const UNFLAGGED = 10001;

interface Marketed {
  status: { name: string };
  assignee?: { user?: { id?: number } } | null;
  routes?: { results?: { technician?: { id?: number } }[] } | null;
}

async function dispatched(app: Awaited<ReturnType<typeof outboxApp>>, title: string, done: (order: Marketed) => boolean) {
  await app.drained();
  const market = await app.market();
  await market.context.background.settled();
  const found = await until(
    async () => (await app.call<{ results: { id: number; title: string }[] }>('workorders:list', { search: title, per_page: 10 })).results.find((order) => order.title === title && order.id > 0),
    (order) => order !== undefined,
    `“${title}” created`,
  );
  return until(async () => (await app.marketOrder(found?.id ?? 0)) as unknown as Marketed, done, `“${title}” dispatched`);
}

describe('auto-dispatch through the outbox', () => {
  it('pulls the selection rules with the reference data, readable offline from the cache', async () => {
    const { call } = await outboxApp();
    const answer = await call<{ kind: string; entries: { id: number; name: string }[] }>('reference:get', { kind: 'selection-rules' });
    expect(answer.kind).toBe('selection-rules');
    expect(answer.entries.map((rule) => rule.id).sort()).toEqual([1101, 1102, 1103, 1104]);
    expect(answer.entries.find((rule) => rule.id === 1101)?.name).toBe('Nearest qualified provider');
  });

  it('dispatches a new order after its create, by the rule, assigning the best match', async () => {
    const app = await outboxApp();
    const title = 'Auto-dispatched POS install';
    const created = await app.call<OutboxReceipt>('workorders:create', { order: { ...AUTO_ORDER, title } });
    await app.call('workorders:auto-dispatch', { ids: [created.id], selectionRuleId: 1101 });
    const order = await dispatched(app, title, (market) => market.status.name === 'Assigned');
    // 1101, the nearest who does POS work: Luis Ramos in Chicago (local marketplace tests).
    expect(order.assignee?.user?.id).toBe(3001);
  });

  it('routes to the best match with shouldRoute', async () => {
    const app = await outboxApp();
    const title = 'Auto-routed POS install';
    const created = await app.call<OutboxReceipt>('workorders:create', { order: { ...AUTO_ORDER, title } });
    await app.call('workorders:auto-dispatch', { ids: [created.id], shouldRoute: true });
    const order = await dispatched(app, title, (market) => market.status.name === 'Routed');
    expect(order.routes?.results?.map((route) => route.technician?.id)).toEqual([3001]);
  });

  it('offers the action on a cached order with auto_dispatch, not on one without', async () => {
    const { call } = await outboxApp();
    const flagged = await call<WorkOrder>("workorders:get", { id: FLAGGED_DRAFT });

    expect(allowsAction("auto-dispatch", flagged)).toBe(true);
    const unflagged = await call<WorkOrder>('workorders:get', { id: UNFLAGGED });
    expect(unflagged.auto_dispatch).not.toBe(true);
    expect(allowsAction('auto-dispatch', unflagged)).toBe(false);
  });

  it('refuses an unknown rule id as input', async () => {
    const { invoke } = await outboxApp();
    expect(await invoke('workorders:auto-dispatch', { ids: [FLAGGED_DRAFT], selectionRuleId: 0 })).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT' } });
  });
});
