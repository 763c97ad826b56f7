import { flushSync } from 'svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { InboxItem, InboxPage } from '../../src-shared/ipc/inbox';
import { badges } from '../../src-renderer/state/badges.svelte';
import { toasts } from '../../src-renderer/lib/toasts.svelte';
import { InboxState } from '../../src-renderer/state/inbox.svelte';
import type { WorkOrder } from '../../src-shared/api/work-order';
import { api, receipt, workOrderDetail } from './support/fake-api';

// Main faked by the contracts' fake: the inbox answers `inbox`, marks and writes are recorded.
vi.mock('../../src-renderer/lib/api', () => import('./support/fake-api'));
let inbox: InboxPage;

function item(id: number, kind: InboxItem['kind'], patch: Partial<InboxItem> = {}): InboxItem {
  return {
    id,
    kind,
    at: 1_000_000 - id,
    who: 'Ana Ruiz',
    what: kind === 'message' ? 'wrote “Gate code?”' : 'requested the order',
    body: kind === 'message' ? 'Gate code?' : null,
    sourceId: 500 + id,
    providerId: 3019,
    late: false,
    read: false,
    order: { id: 10_000 + id, title: `Order ${id}`, client: null, status: 'Assigned' },
    ...patch,
  };
}

const PUBLISHED = { id: 10_002, title: 'Order 2', client: null, status: 'Published' };
const [message, request, checkIn] = [item(1, 'message'), item(2, 'request', { order: PUBLISHED }), item(3, 'check-in', { read: true })];
/** The order in the cache: published and with what assigning needs, unless the test says otherwise. */
let cached: WorkOrder;
const READY = { types_of_work: [{ id: 1 }], location: { city: 'Austin' }, schedule: { service_window: { mode: 'exact' } }, pay: { base: { amount: 100 } } };

beforeEach(() => {
  api.reset();
  inbox = { items: [message, request, checkIn], more: false, unread: 2 };
  api.answer('inbox:list', () => inbox);
  api.answer('inbox:mark-read', (input) => ({ changed: 1, unread: input.read === false ? 2 : 1 }));
  api.answer('messages:send', () => receipt(1));
  api.answer('workorders:assign', () => receipt(2));
  cached = { id: 10_002, title: 'Order 2', status: { id: 2, name: 'Published' }, ...READY } as unknown as WorkOrder;
  api.answer('workorders:detail', () => workOrderDetail(cached));
  for (const toast of toasts.items) toasts.dismiss(toast.id);
});

describe('InboxState', () => {
  it('moves with next and previous, marks what it opens read at once, and feeds the navigation its count', async () => {
    const state = new InboxState();
    await state.load();
    flushSync();
    expect(badges.inbox).toBe(2);
    expect(state.current).toBeUndefined();
    state.next();
    expect(state.current?.id).toBe(1);
    expect(state.current?.read).toBe(true);
    expect(api.inputsOf('inbox:mark-read')).toEqual([{ ids: [1], read: true }]);
    await vi.waitFor(() => expect(badges.inbox).toBe(1));
    state.next();
    state.next();
    state.next();
    expect(state.current?.id).toBe(3);
    // Already read: opening it asks nothing.
    expect(api.count('inbox:mark-read')).toBe(2);
    state.previous();
    expect(state.current?.id).toBe(2);
    state.toggleRead();
    expect(state.current?.read).toBe(false);
    expect(api.inputsOf('inbox:mark-read').at(-1)).toEqual({ ids: [2], read: false });
  });

  it('replies to a message through the outbox, in its thread, and refuses an empty reply on the field', async () => {
    const state = new InboxState();
    await state.load();
    state.select(1);
    state.startReply();
    expect(state.replying).toBe(true);
    state.replyText = '   ';
    expect(await state.sendReply()).toBe(false);
    expect(state.replyProblem).toBe('Write a reply first.');
    state.replyText = 'x'.repeat(10_001);
    expect(await state.sendReply()).toBe(false);
    expect(state.replyProblem).toBe('A reply takes at most 10,000 characters.');
    state.replyText = 'It is 4471.';
    expect(await state.sendReply()).toBe(true);
    expect(api.inputsOf('messages:send')).toEqual([{ workOrderId: 10_001, message: 'It is 4471.', parentId: 501 }]);
    expect(state.replying).toBe(false);
  });

  it('assigns the provider of a request as every screen does, with Undo, and offers neither reply nor assign where they do not apply', async () => {
    const state = new InboxState();
    await state.load();
    state.select(1);
    expect(await state.assign()).toBe(false);
    // A key that does nothing would leave the coordinator typing into shortcuts: it says why.
    expect(toasts.items.at(-1)?.message).toBe('Assign answers a request or counter-offer; this item is a message.');
    state.select(2);
    state.startReply();
    expect(state.replying).toBe(false);
    expect(toasts.items.at(-1)?.message).toBe('Reply answers a provider’s message; this item is a request.');
    expect(await state.assign()).toBe(true);
    expect(api.inputsOf('workorders:assign')).toEqual([{ id: 10_002, providerId: 3019 }]);
    expect(toasts.items.at(-1)).toMatchObject({ message: 'Assigned #10002', tone: 'success' });
    expect(toasts.items.at(-1)?.undo).toBeDefined();
  });

  it('never assigns an order its status does not let be assigned', async () => {
    const state = new InboxState();
    inbox = { items: [item(2, 'request')], more: false, unread: 1 };
    await state.load();
    state.select(2);
    // The item says Assigned: no Assign at all.
    expect(await state.assign()).toBe(false);
    expect(toasts.items.at(-1)).toMatchObject({ tone: 'danger', message: '#10002 cannot be assigned from Assigned.' });
    // The item is behind the cache (a sync assigned it meanwhile): the order's own status refuses it.
    inbox = { items: [request], more: false, unread: 1 };
    await state.load();
    cached = { ...cached, status: { id: 3, name: 'Assigned' } } as WorkOrder;
    await state.assign();
    expect(api.count('workorders:assign')).toBe(0);
    expect(toasts.items.at(-1)).toMatchObject({ tone: 'danger', message: '#10002 cannot be assigned from Assigned.' });
  });

  it('reads again with the filters asked, dropping the ones cleared', async () => {
    const state = new InboxState();
    state.setFilter({ kind: 'message', unreadOnly: true });
    state.setFilter({ unreadOnly: false });
    await vi.waitFor(() => expect(api.inputsOf('inbox:list').at(-1)).toEqual({ kind: 'message', limit: 100 }));
    await state.markAllRead();
    expect(api.inputsOf('inbox:mark-read').at(-1)).toEqual({ matching: { kind: 'message' } });
  });

  it('keeps the place on the item that followed one a re-read dropped, and closes the reply written to the one that left', async () => {
    const state = new InboxState();
    await state.load();
    state.select(1);
    state.startReply();
    state.replyText = 'It is 4471.';
    // "Unread only": the next sync's re-read no longer lists the item opened.
    inbox = { items: [request, checkIn], more: false, unread: 1 };
    await state.load();
    expect(state.current?.id).toBe(2);
    expect(state.replying).toBe(false);
    expect(state.replyText).toBe('');
    expect(await state.sendReply()).toBe(false);
    expect(api.count('messages:send')).toBe(0);
  });

  it('keeps an item marked unread while a re-read answered before the mark was out', async () => {
    const state = new InboxState();
    await state.load();
    state.select(1);
    await vi.waitFor(() => expect(badges.inbox).toBe(1));
    // A re-read (the reply's outbox change) goes out and is answered with the item read...
    let answerRead: (page: InboxPage) => void = () => undefined;
    api.answer('inbox:list', () => new Promise<InboxPage>((resolve) => (answerRead = resolve)));
    const reading = state.load();
    // ...while the coordinator marks it unread again.
    state.toggleRead();
    expect(state.current?.read).toBe(false);
    answerRead({ items: [{ ...message, read: true }, request, checkIn], more: false, unread: 1 });
    await reading;
    expect(state.current?.read).toBe(false);
    // The read dropped is taken again once the mark is in: main's answer now has it unread.
    api.answer('inbox:list', () => ({ items: [message, request, checkIn], more: false, unread: 2 }));
    await vi.waitFor(() => expect(api.count('inbox:list')).toBe(3));
    await vi.waitFor(() => expect(badges.inbox).toBe(2));
    expect(state.current?.read).toBe(false);
  });

  it('reads again as many items as "Show older items" showed', async () => {
    const all = Array.from({ length: 150 }, (_, at) => item(at + 1, 'check-in', { read: true }));
    api.answer('inbox:list', (input) => {
      const from = input.before ? all.findIndex((entry) => entry.id === input.before?.id) + 1 : 0;
      const limit = input.limit ?? 100;
      return { items: all.slice(from, from + limit), more: from + limit < all.length, unread: 0 };
    });
    const state = new InboxState();
    await state.load();
    await state.loadMore();
    expect(state.items).toHaveLength(150);
    state.select(140);
    await state.load();
    expect(state.items).toHaveLength(150);
    expect(state.current?.id).toBe(140);
    expect(api.inputsOf('inbox:list').at(-1)).toEqual({ before: { at: all[99]!.at, id: 100 }, limit: 100 });
  });

  it('says a failed action in a toast and keeps the list on screen', async () => {
    const state = new InboxState();
    inbox = { items: [message, request, checkIn], more: true, unread: 2 };
    await state.load();
    api.refuse('inbox:mark-read', 'INTERNAL', 'The cache is busy.');
    await state.markAllRead();
    expect(state.problem).toBeUndefined();
    expect(toasts.items.at(-1)).toMatchObject({ tone: 'danger', message: 'The cache is busy.' });
    state.select(1);
    await vi.waitFor(() => expect(state.current?.read).toBe(false));
    expect(toasts.items.at(-1)).toMatchObject({ tone: 'danger', message: 'The cache is busy.' });
    api.refuse('inbox:list', 'INTERNAL', 'The cache is closing.');
    await state.loadMore();
    expect(state.items).toHaveLength(3);
    expect(state.problem).toBeUndefined();
    expect(toasts.items.at(-1)).toMatchObject({ tone: 'danger', message: 'The cache is closing.' });
  });
});
