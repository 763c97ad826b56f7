import type { WorkOrder } from '../../src-shared/api/work-order';
import type { MarketplaceClient } from '../api-client/marketplace-client';
import type { Logger } from '../platform/logger';
import type { Connectivity } from './connectivity';
import { docKey, parseDocKey } from './documents';
import type { FileStaging, SendContext, SendOutcome } from './operation';
import { operationOf } from './operations/index';
import type { Outbox } from './outbox';
import type { StoredEntry } from './outbox-store';
import { uploadProgress } from './outbox-view';
import { type BackoffOptions, classify, DEFAULT_BACKOFF, entryError, retryDelay } from './retry-policy';

export interface OutboxRunnerOptions {
  outbox: Outbox;
  client: MarketplaceClient;
  connectivity: Connectivity;
  staging?: FileStaging;
  logger: Logger;
  onUploadProgress(entryId: string, sent: number, total: number): void;
  /** The queue began or stopped waiting for a sign-in (`signedOut`): the connectivity status changed. */
  onSignedOutChange?(signedOut: boolean): void;
  /** Lanes sent side by side. */
  concurrency?: number;
  backoff?: BackoffOptions;
  now?: () => number;
}

/**
 * While changes wait, the runner looks again at least this often, whatever woke it or not. A full
 * run saw a route due for 20 s, online and signed in, never sent, with no failure in main's log: a
 * wake that never came. The look sends such a change and says so in the log, to find the cause. One
 * cause it found: a change coming due while a look runs (below, `cameDue`). It stays as a guard.
 */
const PERIODIC_WAKE_MS = 5_000;
/** Progress events at most this often per upload: enough for a smooth bar, few enough for IPC. */
const PROGRESS_INTERVAL_MS = 100;

/**
 * Sends the outbox: the head of each lane, a few lanes at once, one request per entry (never a
 * transaction across it). Holds everything while offline, working offline or signed out. `stop`
 * lets the requests on the wire finish (or end them after a grace period) and keeps the rest queued.
 */
export class OutboxRunner {
  readonly #busy = new Map<string, Promise<void>>();
  readonly #controller = new AbortController();
  readonly #now: () => number;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;
  #signedOut = false;
  readonly #unsubscribe: (() => void)[] = [];

  constructor(private readonly options: OutboxRunnerOptions) {
    this.#now = options.now ?? Date.now;
  }

  start(): void {
    this.#unsubscribe.push(
      this.options.outbox.onReady(() => this.wake()),
      this.options.connectivity.onChange(() => this.wake()),
      this.options.client.session.onStateChange((state) => {
        if (state === 'signed-in') this.#setSignedOut(false);
        this.wake();
      }),
    );
    this.wake();
  }

  /** Whether the marketplace refused the credentials: the queue waits for a sign-in. */
  get signedOut(): boolean {
    return this.#signedOut;
  }

  #setSignedOut(signedOut: boolean): void {
    if (this.#signedOut === signedOut) return;
    this.#signedOut = signedOut;
    this.options.onSignedOutChange?.(signedOut);
  }

  /** Settles once nothing is on the wire (for tests and benchmarks). */
  async idle(): Promise<void> {
    while (this.#busy.size > 0) await Promise.allSettled([...this.#busy.values()]);
  }

  wake(): void {
    this.#wake(false);
  }

  #wake(periodic: boolean): void {
    if (this.#stopped) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    if (!this.options.connectivity.open || this.#signedOut) return;
    const room = (this.options.concurrency ?? 4) - this.#busy.size;
    const ready = room > 0 ? this.options.outbox.next(new Set(this.#busy.keys()), room) : [];
    for (const entry of ready) {
      // A send can call back into wake() before it returns (getting a token announces the session's
      // new state), and that inner call sends what it finds ready, entries of this list included:
      // sending them here too would put one change on the wire twice (two POSTs, two expenses).
      if (entry.state === 'sending' || this.#busy.has(entry.lane)) continue;
      // The same inner call may have filled the room too.
      if (this.#busy.size >= (this.options.concurrency ?? 4)) break;
      const overdueMs = this.#now() - Math.max(entry.notBefore ?? 0, entry.nextAttemptAt ?? 0, entry.createdAt);
      if (periodic && overdueMs > PERIODIC_WAKE_MS) this.options.logger.warn('outbox: a change due for a while was found by the periodic look', { kind: entry.kind, overdueMs });
      const lane = entry.lane;
      const sending = this.#send(entry)
        .catch((error: unknown) => this.#recover(entry, error))
        .finally(() => {
          this.#busy.delete(lane);
          this.wake();
        });
      this.#busy.set(lane, sending);
    }
    // While changes wait, the next look is at the earliest one's time, and in PERIODIC_WAKE_MS at most.
    const due = this.options.outbox.nextDueAt();
    if (due !== null) {
      const now = this.#now();
      // A change can come due while this look runs: its timer fires on the millisecond before, the
      // look above finds it not yet due, and the clock has ticked past it by now. Seen in a full run
      // (an approve after its Undo window, sent 5,001 ms late by the periodic look; 20 s before that
      // look existed): it is asked for again at once instead.
      const cameDue = due <= now && this.#busy.size < (this.options.concurrency ?? 4) && this.options.outbox.next(new Set(this.#busy.keys()), 1).length > 0;
      const periodicLook = !cameDue && (due <= now || due - now > PERIODIC_WAKE_MS);
      this.#timer = setTimeout(() => this.#wake(periodicLook), cameDue ? 0 : periodicLook ? PERIODIC_WAKE_MS : due - now);
      this.#timer.unref();
    }
  }

  /** Stops taking entries; waits up to `graceMs` for the ones on the wire, then ends them (they stay queued, uncertain). */
  async stop(graceMs = 10_000): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    for (const unsubscribe of this.#unsubscribe.splice(0)) unsubscribe();
    const grace = setTimeout(() => this.#controller.abort(), graceMs);
    await this.idle();
    clearTimeout(grace);
  }

  async #send(entry: StoredEntry): Promise<void> {
    const { outbox, client, logger } = this.options;
    const definition = operationOf(entry.kind);
    const uncertain = entry.uncertain;
    outbox.markSending(entry);
    let lastProgress = 0;
    // One entry's own stop, beside the runner's: cancelling an upload ends its request only.
    const own = new AbortController();
    let settle = () => {};
    const settled = new Promise<void>((resolve) => {
      settle = resolve;
    });
    const forget = outbox.whileSending(entry, async () => {
      own.abort();
      await settled;
    });
    const context: SendContext = {
      client,
      signal: AbortSignal.any([this.#controller.signal, own.signal]),
      entryId: entry.id,
      createdAt: entry.createdAt,
      context: entry.context,
      uncertain,
      base: (key) => outbox.store.base(key),
      staging: this.options.staging,
      onProgress: (sent, total) => {
        uploadProgress.set(entry, { sent, total });
        const now = this.#now();
        if (sent === total || now - lastProgress >= PROGRESS_INTERVAL_MS) {
          lastProgress = now;
          this.options.onUploadProgress(entry.id, sent, total);
        }
      },
    };
    const input = outbox.resolved(entry);
    // With 'outbox: applied', what main's log shows of a change that waits while online: never sent, or sent and not answered.
    logger.info('outbox: sending', { kind: entry.kind, attempts: entry.attempts });
    let outcome: SendOutcome | undefined;
    try {
      if (uncertain && definition.confirm) outcome = await definition.confirm(input, context);
      outcome ??= await definition.send(input, context);
    } catch (error) {
      await this.#failed(entry, error);
      return;
    } finally {
      uploadProgress.delete(entry);
      forget();
      settle();
    }
    this.options.connectivity.reportSuccess();
    outbox.applied(entry, outcome);
    for (const id of new Set(outcome.refresh ?? [])) await this.#refresh(id);
    logger.info('outbox: applied', { kind: entry.kind, attempts: entry.attempts });
  }

  /**
   * A step around the request threw (storing its outcome or its failure): the entry must not stay
   * marked as sending, which nothing sends again, so it waits its turn as an uncertain retry (its
   * confirm asks the marketplace first). Said in the log with its error, as no one else will.
   */
  #recover(entry: StoredEntry, error: unknown): void {
    const { outbox, logger } = this.options;
    logger.error('outbox: a send ended in an error of its own', { kind: entry.kind, attempts: entry.attempts, error });
    if (entry.state !== 'sending' || !outbox.holds(entry)) return;
    try {
      outbox.failed(entry, entryError(error), this.#now() + retryDelay(entry.attempts, null, this.options.backoff ?? DEFAULT_BACKOFF), true);
    } catch (again) {
      logger.error('outbox: a send that ended in an error could not be put back', { kind: entry.kind, error: again });
    }
  }

  async #failed(entry: StoredEntry, error: unknown): Promise<void> {
    const { outbox, connectivity } = this.options;
    const failure = classify(error);
    if (failure.kind === 'interrupted') {
      outbox.failed(entry, null, null, true);
      return;
    }
    if (failure.kind === 'signed-out') {
      const already = this.#signedOut;
      // Set before the entry's failure is stored, so nothing wakes to send it again meanwhile.
      this.#signedOut = true;
      outbox.failed(entry, entryError(error), null, false);
      if (!already) this.options.onSignedOutChange?.(true);
      return;
    }
    if (failure.kind === 'transient') {
      if (failure.network) connectivity.reportNetworkFailure();
      else connectivity.reportSuccess();
      outbox.failed(entry, entryError(error), this.#now() + retryDelay(entry.attempts, failure.retryAfterMs, this.options.backoff ?? DEFAULT_BACKOFF), failure.uncertain);
      return;
    }
    connectivity.reportSuccess();
    await this.#refuse(entry, error);
  }

  /** Files the refusal with the marketplace's current record, so "yours" can be shown against "theirs". */
  async #refuse(entry: StoredEntry, error: unknown): Promise<void> {
    const key = operationOf(entry.kind).docs(entry.input, entry.context).find((candidate) => candidate.startsWith('workorder:'));
    let theirs: { key: typeof key & string; value: WorkOrder } | undefined;
    const ref = key ? parseDocKey(key) : undefined;
    const id = ref?.kind === 'workorder' ? this.options.outbox.map(ref.id) : -1;
    if (key && id > 0) {
      theirs = await this.options.client.workOrders.get(id, { signal: this.#controller.signal }).then(
        (value) => ({ key: docKey('workorder', id), value }),
        () => undefined,
      );
    }
    this.options.outbox.refused(entry, entryError(error), theirs);
  }

  /** Fetches an order whose change answered something else; a failure only leaves the cache older. */
  async #refresh(id: number): Promise<void> {
    try {
      this.options.outbox.acceptServerOrder(await this.options.client.workOrders.get(this.options.outbox.map(id), { signal: this.#controller.signal }));
    } catch (error) {
      this.options.logger.info('outbox: refresh after a change failed', { id, error });
    }
  }
}
