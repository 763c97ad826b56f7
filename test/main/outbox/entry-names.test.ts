import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../src-shared/ipc/outbox-channels';
import type { OutboxReceipt } from '../../../src-shared/ipc/write-channels';
import { outboxApp, READY_ORDER, until } from './support';

// Issue 24: the outbox speaks the coordinator's language. What waits says the order's number or,
// while it has none, its title; the provider's and the tag's names; times in the site's time with
// the zone named; never "provider 3012" or "#-21".

/** Seeded order (local marketplace seed): Assigned, site in Chicago. */
const ASSIGNED = 10018;

interface Order {
  id: number;
  assignee?: { user?: { id?: number; first_name?: string; last_name?: string } } | null;
}

describe('what the outbox says of a waiting change', () => {
  it('names the provider, the tag, the new order and the site’s time', async () => {
    const { call, entries } = await outboxApp();
    const order = await call<Order>('workorders:get', { id: ASSIGNED });
    const providerId = order.assignee?.user?.id as number;
    const name = `${order.assignee?.user?.first_name} ${order.assignee?.user?.last_name}`;
    const tags = await call<{ entries: { id: number; label: string }[] }>('reference:get', { kind: 'tags' });
    const tag = tags.entries[0] as { id: number; label: string };
    await call('connectivity:set-offline', { offline: true });

    const created = await call<OutboxReceipt>('workorders:create', { order: { ...READY_ORDER, title: 'Rack install' } });
    const temporary = created.id as number;
    await call('messages:send', { workOrderId: temporary, message: 'Bring the rails' });
    await call('workorders:add-tag', { id: ASSIGNED, tagId: tag.id });
    await call('workorders:set-eta', { id: ASSIGNED, eta: { mode: 'exact', start: { utc: '2030-01-15 15:00:00' } } });
    await call('workorders:unassign', { id: ASSIGNED });
    await call('workorders:route', { id: ASSIGNED, providerId });

    const summaries = (await entries()).map((entry: OutboxEntry) => entry.summary);
    expect(summaries).toEqual([
      'New order: Rack install',
      'Message on the new order “Rack install”: “Bring the rails”',
      `Add the tag “${tag.label}” to #${ASSIGNED}`,
      // 15:00 UTC in January is 9:00 in Chicago.
      `Set the ETA of #${ASSIGNED} to Tue, Jan 15, 2030 09:00 CST`,
      `Unassign #${ASSIGNED}`,
      `Route #${ASSIGNED} to ${name}`,
    ]);
    expect(summaries.join('\n')).not.toMatch(/provider \d|#-\d/);
  });

  it('gives a refusal in the marketplace’s words, the request apart as its detail', async () => {
    const { call, entries } = await outboxApp();
    await call('workorders:update', { id: ASSIGNED, changes: { client: { id: 987654 } } });
    const [refused] = await until(entries, (list) => list[0]?.state === 'refused', 'the change refused');
    expect(refused?.error?.message).not.toMatch(/HTTP|workorders\/|The marketplace refused the request/);
    expect(refused?.error?.message.length).toBeGreaterThan(10);
    expect(refused?.error?.detail).toBe(`PUT workorders/${ASSIGNED}, HTTP ${refused?.error?.code === 'API_NOT_FOUND' ? 404 : 400}`);
  });
});
