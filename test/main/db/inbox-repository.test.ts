import { beforeEach, describe, expect, it } from 'vitest';
import type { WorkOrder } from '../../../src-shared/api/work-order';
import { openCache, type CacheDatabase } from '../../../src-main/db/database';
import { InboxRepository } from '../../../src-main/db/inbox-repository';
import { WorkOrderPartsRepository } from '../../../src-main/db/work-order-parts-repository';
import { WorkOrderRepository } from '../../../src-main/db/work-order-repository';
import { utc } from './work-order-fixtures';

const NOW = Date.now();
const MINUTE = 60_000;
const at = (minutesAgo: number) => ({ utc: utc(NOW - minutesAgo * MINUTE) });
const ANA = { id: 3019, first_name: 'Ana', last_name: 'Ruiz' };

function order(id: number, patch: Partial<WorkOrder> = {}): WorkOrder {
  return {
    id,
    title: `Install #${id}`,
    status: { id: 3, name: 'Assigned' },
    client: { id: id % 2 === 0 ? 7 : 8, name: id % 2 === 0 ? 'Acme Retail' : 'Globex Banking' },
    assignee: { user: ANA },
    schedule: { service_window: { mode: 'exact', start: at(60) } },
    ...patch,
  } as WorkOrder;
}

const message = (msg_id: number, text: string, minutesAgo: number, role = 'provider') => ({ msg_id, message: text, created: at(minutesAgo), from: { id: role === 'provider' ? ANA.id : 500, name: 'x', first_name: role === 'provider' ? 'Ana' : 'Pat', last_name: role === 'provider' ? 'Ruiz' : 'Lee', role } });

describe('InboxRepository', () => {
  let db: CacheDatabase;
  let orders: WorkOrderRepository;
  let parts: WorkOrderPartsRepository;
  let inbox: InboxRepository;

  beforeEach(() => {
    db = openCache(':memory:');
    orders = new WorkOrderRepository(db);
    parts = new WorkOrderPartsRepository(db);
    inbox = new InboxRepository(db);
  });

  it('keeps providers’ messages, check-ins (late ones said so), problems, requests and files, newest first, across orders', () => {
    orders.upsertMany([
      order(10, { messages: { results: [message(1, 'On my way, running late', 5), message(2, 'Thanks', 4, 'buyer')] }, time_logs: { results: [{ id: 5, in: at(10) }] } }),
      order(11, { problems: { results: [{ id: 9, type: { id: 1, name: 'Site closed' }, author: ANA, created: at(20) }] } }),
      order(12),
    ]);
    parts.store(12, { requests: [{ id: 77, user: ANA, created: at(2), counter: true, counter_notes: 'Two hours more, the site is far.' }], attachments: [{ id: 40, folder_id: 1, status: 'pending', author: ANA, created: at(1), file: { name: 'photo.jpg' } }] });
    const page = inbox.list();
    expect(page.items.map((item) => [item.kind, item.order.id, item.who])).toEqual([
      ['deliverable', 12, 'Ana Ruiz'],
      ['counter-offer', 12, 'Ana Ruiz'],
      ['message', 10, 'Ana Ruiz'],
      ['check-in', 10, 'Ana Ruiz'],
      ['problem', 11, 'Ana Ruiz'],
    ]);
    expect(page.items.find((item) => item.kind === 'counter-offer')).toMatchObject({ body: 'Two hours more, the site is far.', sourceId: 77, providerId: ANA.id });
    const checkIn = page.items.find((item) => item.kind === 'check-in');
    expect(checkIn).toMatchObject({ late: true, what: 'checked in 50 min late', sourceId: 5, providerId: ANA.id });
    expect(page.items.find((item) => item.kind === 'message')).toMatchObject({ body: 'On my way, running late', sourceId: 1, read: false, order: { title: 'Install #10', client: { id: 7, name: 'Acme Retail' } } });
    expect(page).toMatchObject({ more: false, unread: 5 });
  });

  it('writes an item once however often the order is written again, and a pull never resets read', () => {
    const withMessage = order(10, { messages: { results: [message(1, 'Hello', 5)] } });
    orders.upsertMany([withMessage]);
    const [first] = inbox.list().items;
    expect(inbox.mark({ ids: [first!.id] })).toEqual({ changed: 1, unread: 0 });
    orders.upsertMany([withMessage]);
    orders.upsertMany([{ ...withMessage, messages: { results: [message(1, 'Hello again', 5)] } }]);
    const items = inbox.list().items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: first!.id, read: true, body: 'Hello again' });
    expect(inbox.mark({ ids: [first!.id], read: false })).toEqual({ changed: 1, unread: 1 });
  });

  it('keeps a confirmed ETA and an on-the-way by their time, and a delay by when the cache first saw it, which a later write never moves', () => {
    orders.upsertMany([
      order(20, { eta: { status: { name: 'confirmed', updated: at(30) } } } as Partial<WorkOrder>),
      order(21, { eta: { status: { name: 'set', updated: at(30) } } } as Partial<WorkOrder>),
      order(22, { status: { id: 3, name: 'Assigned', sub_status: 'delayed', delay: 1800 } } as Partial<WorkOrder>),
      // Done long ago, its last sub-status kept: not news.
      order(23, { status: { id: 4, name: 'Work Done', sub_status: 'delayed', delay: 600 } } as Partial<WorkOrder>),
    ]);
    const first = inbox.list().items;
    expect(first.map((item) => [item.kind, item.order.id, item.who, item.what, item.late])).toEqual([
      ['delay', 22, 'Ana Ruiz', 'expects to be 30 min late', true],
      ['eta', 20, 'Ana Ruiz', 'confirmed the ETA', false],
    ]);
    const delay = first[0]!;
    expect(delay.at).toBeGreaterThanOrEqual(NOW);
    inbox.mark({ ids: [delay.id] });
    // Written again later (a pull): the same delay stays where it was, read; on the way is a new item, a new delay too.
    orders.upsertMany([
      order(20, { eta: { status: { name: 'onmyway', updated: at(1) } } } as Partial<WorkOrder>),
      order(22, { status: { id: 3, name: 'Assigned', sub_status: 'delayed', delay: 1800 } } as Partial<WorkOrder>),
    ]);
    const again = inbox.list().items;
    expect(again.find((item) => item.id === delay.id)).toMatchObject({ at: delay.at, read: true });
    expect(again.filter((item) => item.kind === 'eta').map((item) => item.what)).toEqual(['is on the way', 'confirmed the ETA']);
    orders.upsertMany([order(22, { status: { id: 3, name: 'Assigned', sub_status: 'delayed', delay: 3 * 3600 } } as Partial<WorkOrder>)]);
    expect(inbox.list({ kind: 'delay' }).items.map((item) => [item.what, item.read])).toEqual([
      ['expects to be 3 h late', false],
      ['expects to be 30 min late', true],
    ]);
  });

  it('filters by kind, client, order and unread, pages, and marks every item a filter matches', () => {
    orders.upsertMany([10, 11, 12, 13].map((id) => order(id, { messages: { results: [message(id, `m${id}`, id)] }, time_logs: { results: [{ id, in: at(30 + id) }] } })));
    expect(inbox.list({ kind: 'message' }).items.map((item) => item.order.id)).toEqual([10, 11, 12, 13]);
    expect(inbox.list({ clientId: 7 }).items.map((item) => item.order.id)).toEqual([10, 12, 10, 12]);
    expect(inbox.list({ workOrderId: 11 }).items.map((item) => item.kind)).toEqual(['message', 'check-in']);
    const first = inbox.list({ limit: 3 });
    expect(first).toMatchObject({ more: true, unread: 8 });
    const last = first.items.at(-1)!;
    expect(inbox.list({ limit: 3, before: { at: last.at, id: last.id } }).items.map((item) => [item.kind, item.order.id])).toEqual([
      ['message', 13],
      ['check-in', 10],
      ['check-in', 11],
    ]);
    expect(inbox.mark({ matching: { kind: 'check-in' } })).toEqual({ changed: 4, unread: 4 });
    expect(inbox.list({ unreadOnly: true }).items.every((item) => item.kind === 'message')).toBe(true);
  });

  it('pages "Unread only" by cursor: items opened on the first page skip none on the next', () => {
    orders.upsertMany([10, 11, 12, 13, 14].map((id) => order(id, { messages: { results: [message(id, `m${id}`, id)] } })));
    const first = inbox.list({ unreadOnly: true, limit: 2 });
    // The first one opened: main's unread list is one shorter, and an offset of 2 would skip 12.
    inbox.mark({ ids: [first.items[0]!.id] });
    const last = first.items.at(-1)!;
    const next = inbox.list({ unreadOnly: true, limit: 2, before: { at: last.at, id: last.id } });
    expect(next.items.map((item) => item.order.id)).toEqual([12, 13]);
    expect(next.more).toBe(true);
  });

  it('writes what a provider did weeks before it reached the cache as read already: a first sync does not fill the count with last month', () => {
    orders.upsertMany([order(10, { messages: { results: [message(1, 'Old', 60 * 24 * 30), message(2, 'New', 5)] } })]);
    expect(inbox.list().items.map((item) => [item.body, item.read])).toEqual([
      ['New', false],
      ['Old', true],
    ]);
  });

  it('fills a cache made before the inbox once, from its cached orders and parts', () => {
    orders.upsertMany([order(10, { messages: { results: [message(1, 'Hello', 5)] } })]);
    parts.store(10, { requests: [{ id: 77, user: ANA, created: at(2) }] });
    // As a cache of the last version would be: orders, no items, not filled yet.
    db.exec('DELETE FROM inbox_items; UPDATE inbox_state SET backfilled = 0');
    expect(inbox.list().items.map((item) => item.kind)).toEqual(['request', 'message']);
    expect(inbox.backfill()).toBe(0);
  });

  it('drops the item of a step the marketplace no longer lists, only for the lists a write carries', () => {
    const both = order(10, { messages: { results: [message(1, 'Hello', 5), message(2, 'Wrong order, sorry', 4)] }, time_logs: { results: [{ id: 5, in: at(10) }] } });
    orders.upsertMany([both]);
    parts.store(10, {
      requests: [{ id: 77, user: ANA, created: at(2) }, { id: 78, user: { ...ANA, id: 3020 }, created: at(3) }],
      attachments: [{ id: 40, folder_id: 1, status: 'pending', author: ANA, created: at(1), file: { name: 'photo.jpg' } }],
    });
    const sources = () => inbox.list().items.map((item) => `${item.kind}:${item.sourceId}`).toSorted();
    expect(sources()).toEqual(['check-in:5', 'deliverable:40', 'message:1', 'message:2', 'request:77', 'request:78']);
    // A message deleted: the order's document says so; its requests and files stay.
    orders.upsertMany([{ ...both, messages: { results: [message(1, 'Hello', 5)] } }]);
    expect(sources()).toEqual(['check-in:5', 'deliverable:40', 'message:1', 'request:77', 'request:78']);
    // A document without its time logs says nothing about them.
    orders.upsertMany([{ ...both, messages: { results: [message(1, 'Hello', 5)] }, time_logs: undefined }]);
    expect(sources()).toContain('check-in:5');
    // A request withdrawn, files not fetched this time: only the request goes.
    parts.store(10, { requests: [{ id: 77, user: ANA, created: at(2) }] });
    expect(sources()).toEqual(['check-in:5', 'deliverable:40', 'message:1', 'request:77']);
    // The file removed.
    parts.store(10, { attachments: [] });
    expect(sources()).toEqual(['check-in:5', 'message:1', 'request:77']);
  });
});
