import { attachmentName } from '../../src-shared/domain/attachments';
import { appState } from '../lib/app-state.svelte';
import { keepPlace } from '../lib/keep-place';
import { toasts } from '../lib/toasts.svelte';
import { discardEntry } from '../services/outbox';
import type { Deliverable, DeliverablesFilter, DeliverablesPage } from '../../src-shared/ipc/deliverables';
import * as service from '../services/deliverables';
import { cacheChanges } from './cache-changes.svelte';

/** A file in the queue, by its order and id: what the coordinator's place is kept by. */
export const deliverableKey = (item: Pick<Deliverable, 'workOrderId' | 'attachment'>): string => `${item.workOrderId}:${item.attachment.id}`;

/** How many files after the current one are loaded ahead. */
const PREFETCH_AHEAD = 2;

const NO_OPTIONS: DeliverablesPage['options'] = { clients: [], typesOfWork: [], orders: [] };

/**
 * The Deliverables screen's state: the queue (newest first, filtered), the file on screen, and the
 * deny form. A review takes the file out at once and moves on by itself; a re-read of the queue
 * (a pull, the outbox, another review) keeps the place by id. Created by the screen; `start()`
 * answers its cleanup.
 */
export class DeliverablesState {
  items = $state.raw<Deliverable[]>([]);
  /** Every file waiting, before the filters, less the ones reviewed here. */
  total = $state(0);
  options = $state.raw<DeliverablesPage['options']>(NO_OPTIONS);
  filter = $state.raw<DeliverablesFilter>({});
  loaded = $state(false);
  problem = $state<string | undefined>();
  currentKey = $state<string | undefined>();
  /** The deny form is open, with its reason. */
  denying = $state(false);
  reason = $state('');
  reasonProblem = $state<string | undefined>();

  /** Reviewed here and queued: hidden until a read no longer lists them (the outbox projects the review at once). */
  // Private bookkeeping that nothing renders: a plain Set.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  readonly #reviewed = new Set<string>();
  #reads = 0;
  /** A read on its way, and whether another change came meanwhile: a burst of changes is one more read, not one each. */
  #reading: Promise<void> | undefined;
  #readAgain = false;

  index = $derived(this.items.findIndex((item) => deliverableKey(item) === this.currentKey));
  current = $derived(this.index >= 0 ? this.items[this.index] : undefined);

  start(): () => void {
    void this.load();
    return cacheChanges.follow(() => this.refresh());
  }

  /** Reads the queue again after a change; while a read is on its way, once more after it. */
  refresh(): void {
    if (this.#reading) {
      this.#readAgain = true;
      return;
    }
    this.#reading = this.load().finally(() => {
      this.#reading = undefined;
      if (this.#readAgain) {
        this.#readAgain = false;
        this.refresh();
      }
    });
  }

  async load(): Promise<void> {
    const read = ++this.#reads;
    try {
      const page = await service.listDeliverables(this.filter);
      // A newer read (another filter, a later change) answers for the screen.
      if (read === this.#reads) this.apply(page);
    } catch (error) {
      if (read === this.#reads) this.problem = error instanceof Error ? error.message : 'The review queue could not be read.';
    }
  }

  /** Takes a read of the queue, keeping the coordinator's place. */
  apply(page: DeliverablesPage): void {
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a lookup for this call only
    const listed = new Set(page.items.map(deliverableKey));
    for (const key of this.#reviewed) if (!listed.has(key)) this.#reviewed.delete(key);
    const items = page.items.filter((item) => !this.#reviewed.has(deliverableKey(item)));
    this.currentKey = keepPlace(this.items, items, this.currentKey, deliverableKey);
    this.items = items;
    this.total = page.total - this.#reviewed.size;
    this.options = page.options;
    this.loaded = true;
    this.problem = undefined;
    this.#prefetchNext();
  }

  setFilter(change: Partial<DeliverablesFilter>): void {
    const next: DeliverablesFilter = { ...this.filter, ...change };
    for (const key of Object.keys(next) as (keyof DeliverablesFilter)[]) if (next[key] === undefined) delete next[key];
    this.filter = next;
    void this.load();
  }

  select(key: string): void {
    this.currentKey = key;
    this.cancelDeny();
    this.#prefetchNext();
  }

  next(): void {
    this.#move(1);
  }

  previous(): void {
    this.#move(-1);
  }

  approve(): Promise<boolean> {
    return this.#review({ status: 'approved' });
  }

  startDeny(): void {
    if (!this.current) return;
    this.denying = true;
    this.reason = '';
    this.reasonProblem = undefined;
  }

  cancelDeny(): void {
    this.denying = false;
    this.reason = '';
    this.reasonProblem = undefined;
  }

  /** Sends the denial when the shared rule takes its reason; else says why on the field. */
  async confirmDeny(): Promise<boolean> {
    const item = this.current;
    if (!item) return false;
    const review = { status: 'denied' as const, reason: this.reason };
    this.reasonProblem = service.reviewProblem(item, review);
    if (this.reasonProblem) return false;
    return this.#review(review);
  }

  #move(step: number): void {
    const target = this.items[Math.min(this.items.length - 1, Math.max(0, (this.index < 0 ? 0 : this.index) + step))];
    if (target) this.select(deliverableKey(target));
  }

  async #review(review: service.Review): Promise<boolean> {
    const item = this.current;
    if (!item) return false;
    const key = deliverableKey(item);
    // Out of the queue and on to the next file at once; the outbox has it from here.
    this.#reviewed.add(key);
    const remaining = this.items.filter((candidate) => deliverableKey(candidate) !== key);
    this.currentKey = keepPlace(this.items, remaining, key, deliverableKey);
    this.items = remaining;
    this.total = Math.max(0, this.total - 1);
    this.cancelDeny();
    this.#prefetchNext();
    const entryId = await service.reviewDeliverable(item, review);
    if (!entryId) {
      this.#reviewed.delete(key);
      void this.load();
      return false;
    }
    // Undo within the window: the review is discarded and the file comes back to the queue.
    toasts.showUndoable(`${review.status === 'approved' ? 'Approved' : 'Denied'} ${attachmentName(item.attachment)} on #${item.workOrderId}`, appState.settings.undoSeconds, async () => {
      await discardEntry(entryId);
      this.#reviewed.delete(key);
      await this.load();
    });
    return true;
  }

  /**
   * The files after the current one load in the background, so the next move paints at once; two
   * ahead, so a quick run of approvals does not outpace the loading.
   */
  #prefetchNext(): void {
    for (const next of this.items.slice(this.index + 1, this.index + 1 + PREFETCH_AHEAD)) service.prefetchPreview(next);
  }
}
