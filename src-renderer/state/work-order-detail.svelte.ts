import type { ProviderHistory, WorkOrderDetail } from '../../src-shared/ipc/channels';
import type { OutboxEntry } from '../../src-shared/ipc/outbox-channels';
import { AppError } from '../../src-shared/errors';
import { messageOf } from '../lib/errors';
import * as service from '../services/work-order-detail';
import { cacheChanges, type OrderChange, touches } from './cache-changes.svelte';
import { connectivity } from './connectivity.svelte';
import { uploads } from './uploads.svelte';

/** Where the refresh of an opened order stands; the cached copy shows whatever it says. */
export type RefreshState =
  | { phase: 'idle' }
  | { phase: 'refreshing' }
  | { phase: 'done'; at: number }
  | { phase: 'failed'; message: string; offline: boolean };

/** Failures that mean "no network", not "the marketplace said no": the cached copy is all there is. */
const OFFLINE_CODES: ReadonlySet<string> = new Set(['API_UNREACHABLE', 'API_TIMEOUT', 'IPC_DISCONNECTED', 'IPC_NOT_CONNECTED', 'WORKING_OFFLINE']);

/** What a queued write of this panel carries, read from the entry's input (the channel's input schema). */
interface QueuedInput {
  message?: string;
  parentId?: number;
  problemTypeId?: number;
  comments?: string;
  swapId?: string;
  expenseId?: number;
}

const inputOf = (entry: OutboxEntry) => (entry.input ?? {}) as QueuedInput;

/**
 * One open work order: its cached detail (painted at once), a refresh from the marketplace, the
 * outbox entries waiting for it, and the providers' histories the Providers section asks for.
 * Every answer is replaced whole; reads carry a sequence number so a slow one never paints over a
 * newer one. The id follows a rename (an order created offline getting its real id).
 */
export class WorkOrderDetailState {
  id = $state(0);
  detail = $state.raw<WorkOrderDetail | undefined>();
  /** The order's changes waiting in the outbox, as its last read had them. */
  entries = $derived<readonly OutboxEntry[]>(this.detail?.outbox ?? []);
  refresh = $state.raw<RefreshState>({ phase: 'idle' });
  /** Why the cache could not answer (the order is not in it); with a detail shown, it was removed since. */
  readError = $state<string | undefined>();
  offline = $derived(connectivity.offline);
  histories = $state.raw<Readonly<Record<number, ProviderHistory>>>({});

  order = $derived(this.detail?.order);
  /** The cache holds the order's full answer: its description, contacts, tasks and folders are known, not just absent. */
  documentKnown = $derived(this.detail?.complete !== false);
  pending = $derived(this.entries.length > 0);
  refused = $derived(this.entries.filter((entry) => entry.state === 'refused'));
  pendingMessages = $derived(this.entries.filter((entry) => entry.kind === 'messages:send').map((entry) => ({ id: entry.id, state: entry.state, ...inputOf(entry) })));
  pendingProblems = $derived(this.entries.filter((entry) => entry.kind === 'problems:report').map((entry) => ({ id: entry.id, state: entry.state, ...inputOf(entry) })));
  /** Swaps answered in the outbox and not yet sent: their buttons wait. */
  answeredSwaps = $derived(this.entries.filter((entry) => entry.kind === 'swaps:accept' || entry.kind === 'swaps:decline').map((entry) => inputOf(entry).swapId));
  /** Expenses with a change waiting in the outbox (one added and not answered yet also has a negative id). */
  pendingExpenseIds = $derived(
    this.entries
      .filter((entry) => entry.kind.startsWith('expenses:'))
      .map((entry) => inputOf(entry).expenseId)
      .filter((id): id is number => id !== undefined),
  );
  /** Nothing to show: the cache has no copy and the marketplace could not give one. */
  failed = $derived(this.detail === undefined && this.readError !== undefined && this.refresh.phase === 'failed');

  #readSequence = 0;
  /** Histories asked for and not answered yet, so a section mounting twice does not ask twice. */
  #historyLoading: Record<number, true> = {};

  constructor(id: number) {
    this.id = id;
  }

  /** Paints the cached copy, refreshes it, and follows changes until the returned stop is called. */
  start(): () => void {
    const stopChanges = cacheChanges.follow((change) => this.#onOrdersChanged(change));
    // Back online after a refresh that could not reach the marketplace: try again by itself.
    const stopConnectivity = connectivity.onOnline(() => {
      if (this.refresh.phase === 'failed' && this.refresh.offline) void this.refreshNow();
    });
    void this.#open();
    return () => {
      stopChanges();
      stopConnectivity();
    };
  }

  async refreshNow(): Promise<void> {
    const id = this.id;
    // An order made offline has no marketplace copy to fetch until its create is answered.
    if (id <= 0) return;
    this.refresh = { phase: 'refreshing' };
    try {
      const detail = await service.refreshDetail(id);
      if (id !== this.id) return;
      this.#readSequence += 1;
      this.detail = detail;
      this.readError = undefined;
      this.refresh = { phase: 'done', at: Date.now() };
    } catch (error) {
      if (id !== this.id) return;
      const code = error instanceof AppError ? error.code : 'INTERNAL';
      const offline = OFFLINE_CODES.has(code) || this.offline;
      const message = messageOf(error, 'The order could not be refreshed.');
      this.refresh = { phase: 'failed', message, offline };
      // The marketplace no longer has it: the refresh removed it from the cache too.
      if (code === 'WORK_ORDER_NOT_FOUND' || code === 'API_NOT_FOUND') void this.#read();
    }
  }

  /** Loads the histories not loaded yet; `force` reads them all again (the cache changed). */
  loadHistories(providerIds: readonly number[], force = false): void {
    for (const providerId of providerIds) {
      if (this.#historyLoading[providerId] || (!force && this.histories[providerId])) continue;
      this.#historyLoading[providerId] = true;
      service.readProviderHistory(providerId).then(
        (history) => {
          delete this.#historyLoading[providerId];
          this.histories = { ...this.histories, [providerId]: history };
        },
        // A history missing leaves the row without it; the request itself still shows.
        () => delete this.#historyLoading[providerId],
      );
    }
  }

  sendMessage(message: string, parentId?: number): Promise<boolean> {
    return service.sendMessage(this.id, message, parentId);
  }

  reportProblem(problemTypeId: number, comments?: string): Promise<boolean> {
    return service.reportProblem(this.id, problemTypeId, comments);
  }

  /** Resolved at once on screen (main projects it), sent through the outbox. */
  resolveProblem(problemId: number): Promise<boolean> {
    return service.resolveProblem(this.id, problemId);
  }

  answerSwap(swapId: string, accept: boolean): Promise<boolean> {
    return service.answerSwap(this.id, swapId, accept);
  }

  async #open(): Promise<void> {
    await this.#read();
    await this.refreshNow();
  }

  async #read(): Promise<void> {
    const sequence = ++this.#readSequence;
    const id = this.id;
    try {
      const detail = await service.readDetail(id);
      if (sequence !== this.#readSequence) return;
      this.detail = detail;
      this.readError = undefined;
      uploads.reconcile(id, detail.outbox, this.offline);
    } catch (error) {
      if (sequence !== this.#readSequence) return;
      this.readError = messageOf(error, 'The order could not be read.');
    }
  }

  #onOrdersChanged(change: OrderChange): void {
    // First: a rename can come in the same burst as a whole-cache change (the pull that follows a reconnect).
    const renamed = change.renamed.find((rename) => rename.from === this.id);
    if (renamed) this.id = renamed.to;
    if (change.all) {
      void this.#read();
      this.loadHistories(Object.keys(this.histories).map(Number), true);
      return;
    }
    if (touches(change, this.id)) void this.#read();
  }
}
