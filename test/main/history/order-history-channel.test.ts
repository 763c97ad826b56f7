import { describe, expect, it } from 'vitest';
import type { OrderHistory } from '../../../src-shared/ipc/order-history';
import type { OutboxReceipt } from '../../../src-shared/ipc/write-channels';
import { outboxApp, until } from '../outbox/support';

// Issue 28: an order's history through `workorders:history`, against the local marketplace: the
// coordinator's own changes as the outbox lived them, merged with the marketplace's copy.

/** Seeded orders (local marketplace seed): one Published, one Assigned. */
const PUBLISHED = 10008;
const ASSIGNED = 10018;

const mine = (history: OrderHistory) => history.entries.filter((entry) => entry.source === 'this-machine').map((entry) => `${entry.who}: ${entry.what}${entry.about ? ` (${entry.about})` : ''}`);

describe('workorders:history', () => {
  it('shows an assign queued offline, sent and applied once online, and an Undo in its window, newest first beside the marketplace’s milestones', async () => {
    const { call, drained } = await outboxApp({ undoSeconds: 0 });
    const history = () => call<OrderHistory>('workorders:history', { workOrderId: PUBLISHED });
    // Opened: its full answer comes with the milestones (their own endpoint).
    await call('workorders:refresh', { id: PUBLISHED });
    const milestones = async () => (await history()).entries.filter((entry) => entry.kind === 'milestone').map((entry) => `${entry.who} ${entry.what}`);
    expect(await milestones()).toContain('Marketplace marked it Published');
    await call('connectivity:set-offline', { offline: true });
    await call('workorders:assign', { id: PUBLISHED, providerId: 3012 });
    expect(mine(await history())).toEqual(['You: queued “Assign to Priyanka Desai” while offline']);

    await call('connectivity:set-offline', { offline: false });
    await drained();
    const landed = await history();
    expect(mine(landed)).toEqual([
      'Marketplace: applied it (Assign to Priyanka Desai)',
      'You: sent it to the marketplace (Assign to Priyanka Desai)',
      'You: queued “Assign to Priyanka Desai” while offline',
    ]);
    // Newest first, by the instant.
    expect(landed.entries.map((entry) => entry.at)).toEqual(landed.entries.map((entry) => entry.at).toSorted((a, b) => b - a));
    // The assign's answer carries no milestones: the cached ones stay, and the next full answer adds the new one.
    expect(await milestones()).toContain('Marketplace marked it Published');
    await call('workorders:refresh', { id: PUBLISHED });
    expect(await milestones()).toEqual(expect.arrayContaining(['Marketplace marked it Assigned', 'Marketplace marked it Published']));

    // An Undo inside the window: the change never leaves this machine.
    await call('settings:update', { undoSeconds: 60 });
    const cancel = await call<OutboxReceipt>('workorders:cancel', { id: PUBLISHED, reason: 2 });
    await call('outbox:discard', { entryId: cancel.entryId });
    expect(mine(await history()).slice(0, 2)).toEqual(['You: undid it before it was sent (Cancel)', 'You: queued “Cancel”']);
  });

  it('says a refusal in the marketplace’s words, and answers for an order the cache does not hold', async () => {
    const { call, entries } = await outboxApp();
    await call('workorders:update', { id: ASSIGNED, changes: { client: { id: 987654 } } });
    const [refused] = await until(entries, (list) => list[0]?.state === 'refused', 'the change refused');
    const { entries: steps } = await call<OrderHistory>('workorders:history', { workOrderId: ASSIGNED });
    expect(steps[0]).toMatchObject({ who: 'Marketplace', kind: 'refused', what: `refused it: ${refused?.error?.message}`, source: 'this-machine', about: 'Edit the client' });
    expect(await call<OrderHistory>('workorders:history', { workOrderId: 99_999_999 })).toEqual({ entries: [], older: 0 });
  });
});
