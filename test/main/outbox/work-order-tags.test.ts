import { describe, expect, it } from 'vitest';
import type { IpcResult } from '../../../src-shared/ipc/contract';
import type { OutboxReceipt } from '../../../src-shared/ipc/write-channels';
import { registerWebhook, startReceiver } from '../../local-marketplace/webhook-delivery-fixtures';
import { untilPulls } from '../app/support';
import { marketControl } from './market-control';
import { outboxApp, until } from './support';

// Tags between the app and the local marketplace (decisions §6): pulled into the cache, filtered
// and searched in workorders:list, applied and removed through the outbox, online and offline.

interface Order {
  id: number;
  tags?: { results: { id: number; label: string }[] } | null;
}
interface Page {
  results: Order[];
  total: number;
  pending: number[];
}

// Demo tags (local marketplace seed): 901 Priority (Draft…Assigned), 905 After hours (Published…Assigned), 906 Billing review (Approved, Paid).
const PRIORITY = 901;
const AFTER_HOURS = 905;
const BILLING_REVIEW = 906;
/** Seeded drafts the seed leaves untagged (every third order is tagged, from 10001). */
const UNTAGGED_DRAFT = 10002;
const OTHER_UNTAGGED_DRAFT = 10003;

const tagIds = (order: Pick<Order, 'tags'> | undefined) => (order?.tags?.results ?? []).map((tag) => tag.id);

describe('work order tags in the app', () => {
  it('pulls the tags into the cache: the list filters by tag and search matches tag labels', async () => {
    const { call, marketplace } = await outboxApp();
    const market = marketControl(await marketplace());
    const listed = await market.get<{ results: Order[] }>('workorders?per_page=100');
    const withTag = (tag: number) => listed.results.filter((order) => tagIds(order).includes(tag)).map((order) => order.id).sort();
    expect(withTag(PRIORITY).length).toBeGreaterThan(1);

    for (const tag of [PRIORITY, BILLING_REVIEW]) {
      const page = await call<Page>('workorders:list', { tag, per_page: 100 });
      expect(page.results.map((order) => order.id).sort()).toEqual(withTag(tag));
      expect(page.results.every((order) => tagIds(order).includes(tag))).toBe(true);
    }
    const searched = await call<Page>('workorders:list', { search: 'billing review', per_page: 100 });
    expect(searched.results.map((order) => order.id)).toEqual(expect.arrayContaining(withTag(BILLING_REVIEW)));
    // A filter combines with the others, and a tag no order has lists nothing.
    expect((await call<Page>('workorders:list', { tag: PRIORITY, list: 'workorders_draft', per_page: 100 })).results.every((order) => withTag(PRIORITY).includes(order.id))).toBe(true);
    expect((await call<Page>('workorders:list', { tag: 999 })).total).toBe(0);
  });

  it('adds and removes a tag through the outbox: shown at once, then the marketplace has it', async () => {
    const { call, drained, marketOrder } = await outboxApp();
    const added = await call<OutboxReceipt>('workorders:add-tag', { id: UNTAGGED_DRAFT, tagId: PRIORITY });
    expect(added.entryId).toEqual(expect.any(String));
    const shown = await call<Page>('workorders:list', { tag: PRIORITY, per_page: 100 });
    expect(shown.results.map((order) => order.id)).toContain(UNTAGGED_DRAFT);
    expect((await call<Page>('workorders:list', { search: 'Priority', workOrderId: UNTAGGED_DRAFT })).total).toBe(1);
    await drained();
    expect(tagIds((await marketOrder(UNTAGGED_DRAFT)) as Pick<Order, 'tags'>)).toEqual([PRIORITY]);
    // The marketplace's answer replaces the optimistic tag at once; the refresh after it agrees.
    const cached = await call<Order>('workorders:get', { id: UNTAGGED_DRAFT });
    expect(cached.tags?.results).toEqual([expect.objectContaining({ id: PRIORITY, label: 'Priority', hex_color: '#D64545' })]);

    await call('workorders:remove-tag', { id: UNTAGGED_DRAFT, tagId: PRIORITY });
    expect((await call<Page>('workorders:list', { tag: PRIORITY, per_page: 100 })).results.map((order) => order.id)).not.toContain(UNTAGGED_DRAFT);
    await drained();
    expect(tagIds((await marketOrder(UNTAGGED_DRAFT)) as Pick<Order, 'tags'>)).toEqual([]);
    expect(tagIds(await call<Order>('workorders:get', { id: UNTAGGED_DRAFT }))).toEqual([]);
  });

  it("refuses at once a tag whose valid_statuses exclude the order's status, and a tag the cache does not know", async () => {
    const { invoke, entries } = await outboxApp();
    const refused = (await invoke('workorders:add-tag', { id: UNTAGGED_DRAFT, tagId: AFTER_HOURS })) as IpcResult;
    expect(refused).toMatchObject({ ok: false, error: { code: 'OUTBOX_NOT_ALLOWED', message: 'The tag After hours cannot be applied while the order is Draft.' } });
    const unknown = (await invoke('workorders:add-tag', { id: UNTAGGED_DRAFT, tagId: 999 })) as IpcResult;
    expect(unknown).toMatchObject({ ok: false, error: { code: 'TAG_NOT_FOUND' } });
    const invalid = (await invoke('workorders:add-tag', { id: UNTAGGED_DRAFT })) as IpcResult;
    expect(invalid).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT' } });
    expect(await entries()).toEqual([]);
  });

  it('offline, queues the tag and shows it; when the network returns it lands, and a webhook receives workorder.tag_added', async () => {
    const { call, drained, marketOrder, marketplace } = await outboxApp();
    const listening = await marketplace();
    const market = marketControl(listening);
    const receiver = await startReceiver();
    await registerWebhook(listening.marketplace, { url: receiver.url, events: ['workorder.tag_added'] });
    await market.addFault({ status: 'drop' });

    await call('workorders:add-tag', { id: OTHER_UNTAGGED_DRAFT, tagId: PRIORITY });
    await until(() => call<{ state: string }>('connectivity:status'), (status) => status.state === 'offline', 'offline');
    const page = await call<Page>('workorders:list', { tag: PRIORITY, per_page: 100 });
    expect(page.results.map((order) => order.id)).toContain(OTHER_UNTAGGED_DRAFT);
    expect(page.pending).toContain(OTHER_UNTAGGED_DRAFT);
    expect(receiver.received).toEqual([]);

    await market.clearFaults();
    await drained();
    expect(tagIds((await marketOrder(OTHER_UNTAGGED_DRAFT)) as Pick<Order, 'tags'>)).toEqual([PRIORITY]);
    const delivery = await until(async () => receiver.received[0], (received) => received !== undefined, 'the tag_added delivery');
    expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({ event: { name: 'workorder.tag_added', params: { work_order_id: OTHER_UNTAGGED_DRAFT } } });
  });

  it('a tag applied on the marketplace by someone else to an order in flight reaches the cache at the next pull', async () => {
    const { call, marketplace, progress } = await outboxApp();
    const listening = await marketplace();
    await untilPulls(progress, 1);
    // In flight: what the pull between whole listings asks for again (sync/pull-scope.ts).
    const tagged = new Set((await call<Page>('workorders:list', { tag: PRIORITY, per_page: 100 })).results.map((order) => order.id));
    const target = (await call<Page>('workorders:list', { list: 'workorders_published_routed', per_page: 100 })).results.find((order) => !tagged.has(order.id))?.id;
    if (target === undefined) throw new Error('the demo seed has no untagged published order');
    const { clientId, clientSecret, username, password } = listening.credentials;
    const token = await listening.marketplace.app.inject({ method: 'POST', url: '/authentication/api/oauth/token', payload: { grant_type: 'password', client_id: clientId, client_secret: clientSecret, username, password } });
    const applied = await listening.marketplace.app.inject({
      method: 'POST',
      url: `/api/rest/v2/workorders/${target}/tags?access_token=${(token.json() as { access_token: string }).access_token}`,
      payload: { tag: { id: PRIORITY } },
    });
    expect(applied.statusCode).toBe(200);
    await call('sync:now');
    await untilPulls(progress, 2);
    expect((await call<Page>('workorders:list', { tag: PRIORITY, per_page: 100 })).results.map((order) => order.id)).toContain(target);
  });
});
