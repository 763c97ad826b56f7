import type { z } from 'zod';
import { WORK_ORDER_STATUSES } from '../../src-shared/api/status';
import { INBOX_KIND_LABELS } from '../../src-shared/domain/inbox';
import { availableActions } from '../../src-shared/domain/work-order-rules';
import { INBOX_PAGE_SIZE, type InboxCursor, type InboxFilter, type InboxItem, type InboxPage } from '../../src-shared/ipc/inbox';
import { NOTE_MAX_LENGTH, writeChannels } from '../../src-shared/ipc/write-channels';
import { coalesced } from '../lib/coalesce';
import { showError } from '../lib/errors';
import { issueMessage } from '../lib/form-issues';
import { keepPlace } from '../lib/keep-place';
import { toasts } from '../lib/toasts.svelte';
import * as service from '../services/inbox';
import { badges } from './badges.svelte';
import { cacheChanges } from './cache-changes.svelte';
import { orderActions } from './order-actions.svelte';

/** Kinds a coordinator answers by assigning the provider. */
const itemId = (item: InboxItem): number => item.id;

/** The messages:send schema's verdict on a reply, in the form's words. */
function replyProblem(issue: z.core.$ZodIssue | undefined): string {
  if (issue?.code === 'too_small') return 'Write a reply first.';
  if (issue?.code === 'too_big') return `A reply takes at most ${NOTE_MAX_LENGTH.toLocaleString('en-US')} characters.`;
  return issue ? issueMessage(issue) : 'The reply cannot be sent.';
}
/** The next page starts after the last item shown: by cursor, never a count (items opened under "Unread only" left main's list). */
function cursorAfter(items: readonly InboxItem[]): InboxCursor | undefined {
  const last = items.at(-1);
  return last ? { at: last.at, id: last.id } : undefined;
}

const ASKS = new Set<InboxItem['kind']>(['request', 'counter-offer']);
/** Whether the order's status (as the item carries it, by name) lets it be assigned: the shared rule, before the order is read in full. */
function assignableFrom(status: string | null): boolean {
  const known = WORK_ORDER_STATUSES.find((candidate) => candidate.name === status);
  return known !== undefined && availableActions({ status: known }).some((action) => action.operation === 'assign');
}
export const canAssign = (item: InboxItem | undefined): boolean => item !== undefined && ASKS.has(item.kind) && item.providerId !== null && assignableFrom(item.order.status);
export const canReply = (item: InboxItem | undefined): boolean => item?.kind === 'message';

/**
 * The Inbox screen's state: the items (newest first, filtered, paged), the one on screen and the
 * reply form. Opening an item marks it read here at once; a re-read (a pull, the outbox) keeps the
 * place by id. Created by the screen; `start()` answers its cleanup.
 */
export class InboxState {
  items = $state.raw<InboxItem[]>([]);
  more = $state(false);
  filter = $state.raw<InboxFilter>({});
  loaded = $state(false);
  /** Why the list could not be read: it takes the list's place. Actions' failures are toasts. */
  problem = $state<string | undefined>();
  currentId = $state<number | undefined>();
  replying = $state(false);
  /** The item the open reply answers: a reply never follows the place to another item. */
  replyingTo = $state<number | undefined>();
  replyText = $state('');
  replyProblem = $state<string | undefined>();

  #reads = 0;
  /** Reads under way: a mark sent while one is out makes it stale (it may have been read before the mark). */
  #loading = 0;
  /** A burst of changes (a pull, the outbox) is one read, never two at a time. */
  readonly refresh = coalesced(() => this.load());

  index = $derived(this.items.findIndex((item) => item.id === this.currentId));
  current = $derived(this.index >= 0 ? this.items[this.index] : undefined);

  start(): () => void {
    void this.load();
    return cacheChanges.follow(() => this.refresh());
  }

  /** Reads as many items as are shown (at least one page), keeping the place. */
  async load(): Promise<void> {
    const read = ++this.#reads;
    const shown = this.items.length;
    this.#loading += 1;
    try {
      let page = await service.listInbox({ ...this.filter, limit: INBOX_PAGE_SIZE });
      // Older items shown after "Show older items" are read again too, page by page, so a re-read never cuts them.
      while (page.more && page.items.length < shown && read === this.#reads) {
        const older = await service.listInbox({ ...this.filter, before: cursorAfter(page.items), limit: INBOX_PAGE_SIZE });
        page = { ...older, items: [...page.items, ...older.items] };
      }
      if (read === this.#reads) this.apply(page);
    } catch (error) {
      if (read === this.#reads) this.problem = error instanceof Error ? error.message : 'The inbox could not be read.';
    } finally {
      this.#loading -= 1;
    }
  }

  /** The next page, older items after the ones shown. */
  async loadMore(): Promise<void> {
    const read = ++this.#reads;
    let page: InboxPage;
    try {
      page = await service.listInbox({ ...this.filter, before: cursorAfter(this.items), limit: INBOX_PAGE_SIZE });
    } catch (error) {
      // The items shown stay; the button is still there to try again.
      if (read === this.#reads) showError(error, 'The older items could not be read.');
      return;
    }
    if (read !== this.#reads) return;
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a lookup for this call only
    const known = new Set(this.items.map((item) => item.id));
    this.items = [...this.items, ...page.items.filter((item) => !known.has(item.id))];
    this.more = page.more;
    badges.inbox = page.unread;
  }

  /** Takes a read of the inbox, keeping the coordinator's place (and closing a reply whose item is no longer there). */
  apply(page: InboxPage): void {
    if (this.currentId !== undefined) this.#place(keepPlace(this.items, page.items, this.currentId, itemId));
    this.items = page.items;
    this.more = page.more;
    this.loaded = true;
    this.problem = undefined;
    badges.inbox = page.unread;
  }

  setFilter(change: Partial<InboxFilter>): void {
    const next: InboxFilter = { ...this.filter, ...change };
    for (const key of Object.keys(next) as (keyof InboxFilter)[]) if (next[key] === undefined || next[key] === false) delete next[key];
    this.filter = next;
    void this.load();
  }

  /** Shows an item, and marks it read. */
  select(id: number): void {
    this.#place(id);
    this.cancelReply();
    const item = this.current;
    if (item && !item.read) void this.#mark([item], true);
  }

  next(): void {
    this.#move(1);
  }

  previous(): void {
    this.#move(-1);
  }

  /** The item on screen back to unread, or read again. */
  toggleRead(): void {
    const item = this.current;
    if (item) void this.#mark([item], !item.read);
  }

  /** Every item the filters match, read. */
  async markAllRead(): Promise<void> {
    try {
      const { unread } = await service.markInbox({ matching: this.filter });
      badges.inbox = unread;
      this.items = this.items.map((item) => (item.read ? item : { ...item, read: true }));
      if (this.filter.unreadOnly) await this.load();
    } catch (error) {
      // An action's failure is a toast: `problem` is the list's own read, and replaces the list.
      showError(error, 'The items could not be marked read.');
    }
  }

  startReply(): void {
    // A key that does nothing leaves the coordinator typing into shortcuts: it says why instead.
    if (!canReply(this.current)) {
      this.#cannot('Reply answers a provider’s message');
      return;
    }
    this.replying = true;
    this.replyingTo = this.currentId;
    this.replyText = '';
    this.replyProblem = undefined;
  }

  cancelReply(): void {
    this.replying = false;
    this.replyingTo = undefined;
    this.replyText = '';
    this.replyProblem = undefined;
  }

  /** Queues the reply when the shared rule takes it; else says why on the field. */
  async sendReply(): Promise<boolean> {
    const item = this.current;
    if (!item || !canReply(item) || !this.replying || item.id !== this.replyingTo) return false;
    const parsed = writeChannels['messages:send'].input.safeParse({ workOrderId: item.order.id, message: this.replyText });
    if (!parsed.success) {
      this.replyProblem = replyProblem(parsed.error.issues[0]);
      return false;
    }
    if (!(await service.replyTo(item, this.replyText))) return false;
    toasts.show({ message: `Reply to ${item.who} queued on #${item.order.id}`, tone: 'success' });
    this.cancelReply();
    return true;
  }

  /**
   * Assigns the order to the provider whose request is on screen, the way every screen assigns:
   * `orderActions` checks the order (its status, what assigning needs), queues it and toasts Undo.
   */
  async assign(): Promise<boolean> {
    const item = this.current;
    if (!item || !canAssign(item) || item.providerId === null) {
      if (item && ASKS.has(item.kind)) toasts.show({ tone: 'danger', message: `#${item.order.id} cannot be assigned from ${item.order.status ?? 'its status'}.` });
      else this.#cannot('Assign answers a request or counter-offer');
      return false;
    }
    const order = await service.orderOf(item);
    if (!order) return false;
    await orderActions.run('assign', [order], { providerId: item.providerId });
    return true;
  }

  #cannot(what: string): void {
    const item = this.current;
    const shown = item ? `; this item is a ${INBOX_KIND_LABELS[item.kind].toLowerCase()}` : '; no item is open';
    toasts.show({ message: `${what}${shown}.` });
  }

  /** Moves the place; a reply open on another item is closed, never sent to the new one. */
  #place(id: number | undefined): void {
    if (id !== this.currentId) this.cancelReply();
    this.currentId = id;
  }

  #move(step: number): void {
    const target = this.items[Math.min(this.items.length - 1, Math.max(0, (this.index < 0 ? -step : this.index) + step))];
    if (target) this.select(target.id);
  }

  async #mark(items: readonly InboxItem[], read: boolean): Promise<void> {
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a lookup for this call only
    const ids = new Set(items.map((item) => item.id));
    // A read already out may have been answered before this mark: it is dropped and taken again after.
    const stale = this.#loading > 0;
    if (stale) this.#reads += 1;
    // Shown at once; the answer's count is the truth for the navigation.
    this.items = this.items.map((item) => (ids.has(item.id) ? { ...item, read } : item));
    try {
      const { unread } = await service.markInbox({ ids: [...ids], read });
      badges.inbox = unread;
      if (stale) this.refresh();
    } catch (error) {
      this.items = this.items.map((item) => (ids.has(item.id) ? { ...item, read: !read } : item));
      showError(error, read ? 'The item could not be marked read.' : 'The item could not be marked unread.');
    }
  }
}
