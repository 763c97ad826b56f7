import { AppError } from '../../src-shared/errors';
import type { ChannelInput } from '../../src-shared/ipc/contract';
import type { OutboxEntry } from '../../src-shared/ipc/outbox-channels';
import type { OutboxReceipt, WriteChannelName } from '../../src-shared/ipc/write-channels';
import { type DocKey, docKey } from './documents';
import type { SendOutcome } from './operation';
import { operationOf } from './operations/index';
import { conflictOf, entryView, stagedFileOf } from './outbox-view';
import type { ConflictField, EntryError, OutboxStore, StoredEntry } from './outbox-store';
import { editedInput, newEntry, receiptOf, recordsOf } from './new-entry';
import type { OutboxEvents } from './outbox-events';
import type { LoggedStep, StepDetail } from './outbox-log';
import { OutboxState, type OutboxStateOptions } from './outbox-state';
import { nextDueAt, readyEntries } from './scheduler';
import { renamedEntries } from './temporary-ids';
import { WireCancels } from './wire-cancels';

export type { OutboxEvents };

export interface OutboxOptions extends OutboxStateOptions {
  /** A reference list of the cache by kind (`tags`…), for operations that check against it when queued. */
  reference?: (kind: string) => unknown[];
  /** The undo window of assign, approve and cancel, read at each enqueue (a setting). */
  undoMs: () => number;
  /** A provider's name as the cache knows it, for what the outbox shows. */
  providerName?: (id: number) => string | undefined;
  /** Whether the marketplace is out of reach now (or the coordinator works offline): an order's history says "queued offline". */
  offline?: () => boolean;
}

/**
 * The queue of the coordinator's changes. Enqueueing writes the entry and its optimistic change in
 * one durable transaction and answers at once; the runner takes entries from `next` and reports
 * back through `applied`, `refused` and `failed`. The entries live in SQLite and, for speed, in
 * `#entries` (the same rows, oldest first), which only this class changes.
 */
export class Outbox {
  readonly #state: OutboxState;
  readonly #onTheWire = new WireCancels();

  constructor(private readonly options: OutboxOptions) {
    this.#state = new OutboxState(options);
  }

  get store(): OutboxStore {
    return this.#state.store;
  }

  /** Called when an entry becomes ready to send (the runner wakes). */
  onReady(listener: () => void): () => void {
    return this.#state.onReady(listener);
  }

  get entries(): readonly StoredEntry[] {
    return this.#state.entries;
  }

  counts(): { pending: number; refused: number } {
    return this.#state.counts();
  }

  get map(): (id: number) => number {
    return this.#state.map;
  }

  async enqueue<K extends WriteChannelName>(kind: K, input: ChannelInput<K>): Promise<OutboxReceipt> {
    const { entry, keys } = await this.#prepare(kind, input);
    this.#state.store.durably(() => {
      entry.seq = this.#state.store.insert(entry);
      this.#state.log.record(entry, 'queued', entry.createdAt, this.#queuedDetail());
      for (const key of keys) this.#state.projector.keepBase(key);
      this.#state.entries.push(entry);
      this.#state.reproject(keys, recordsOf([entry]).orders);
    });
    this.#state.changed(keys);
    return receiptOf(entry);
  }

  /** A new entry for `input`, not yet stored, taking the next temporary id; `at` is a batch's one time. */
  #prepare<K extends WriteChannelName>(kind: K, input: ChannelInput<K>, at?: number): Promise<{ entry: StoredEntry; keys: DocKey[] }> {
    const { documents, reference, staging } = this.options;
    const providerName = (id: number) => this.options.providerName?.(id);
    const context = { read: (key: DocKey) => documents.read(key), reference: (name: string) => reference?.(name) ?? [], tempId: this.#state.ids.next(), staging, providerName };
    return newEntry(kind, input, { map: this.map, context, undoMs: this.options.undoMs(), now: () => at ?? this.#state.now() });
  }

  /**
   * Many changes of one kind (a bulk import's creates) in one durable transaction: all are queued
   * or, when any fails, none is. Each is its own entry, sent and answered on its own. The records
   * are shown from an index of the entries built once, not a scan of the whole outbox per record.
   */
  async enqueueMany<K extends WriteChannelName>(kind: K, inputs: readonly ChannelInput<K>[]): Promise<OutboxReceipt[]> {
    const now = this.#state.now();
    const prepared: { entry: StoredEntry; keys: DocKey[] }[] = [];
    // One after another: each takes the next temporary id.
    for (const input of inputs) prepared.push(await this.#prepare(kind, input, now));
    const keys = [...new Set(prepared.flatMap((item) => item.keys))];
    const before = this.#state.entries;
    const detail = this.#queuedDetail();
    try {
      this.#state.store.durably(() => {
        for (const { entry, keys: entryKeys } of prepared) {
          entry.seq = this.#state.store.insert(entry);
          this.#state.log.record(entry, 'queued', entry.createdAt, detail);
          for (const key of entryKeys) this.#state.projector.keepBase(key);
        }
        this.#state.entries = [...before, ...prepared.map((item) => item.entry)];
        this.#state.projector.reprojectNew(keys, prepared.map((item) => item.entry), this.#state.entries, this.map);
      });
    } catch (error) {
      // The transaction rolled back: the entries were never queued.
      this.#state.entries = before;
      throw error;
    }
    this.#state.changed(keys);
    return prepared.map(({ entry }) => receiptOf(entry));
  }

  /** Every entry not applied, oldest first; or only those of one order. */
  list(workOrderId?: number): OutboxEntry[] {
    const { entries } = this.#state;
    const chosen = workOrderId === undefined ? entries : entries.filter((entry) => entry.workOrderId === workOrderId);
    return chosen.map((entry) => entryView(entry, entries, this.#state.now()));
  }

  /** The steps each change of an order went through, newest first, for its history. */
  steps(workOrderId: number): LoggedStep[] {
    return this.#state.log.forOrder(workOrderId);
  }

  view(entryId: string): OutboxEntry {
    const entry = this.#state.find(entryId);
    return entryView(entry, this.#state.entries, this.#state.now());
  }

  /** The next entries to send (see `readyEntries`). */
  next(busy: ReadonlySet<string>, limit: number): StoredEntry[] {
    return readyEntries(this.#state.entries, { busy, limit, now: this.#state.now(), discarding: this.#onTheWire.stopping, namesUnresolved: (entry) => this.#state.namesUnresolved(entry) });
  }

  /** When the earliest waiting head becomes due (undo window or backoff), for the runner's timer. */
  nextDueAt(): number | null {
    return nextDueAt(this.#state.entries);
  }

  /** Whether the entry is still in the line (not applied or dropped). */
  holds(entry: StoredEntry): boolean {
    return this.#state.entries.includes(entry);
  }

  /** The input as it is sent: temporary ids replaced by the marketplace's. */
  resolved(entry: StoredEntry): StoredEntry['input'] {
    return operationOf(entry.kind).mapIds(entry.input, this.map);
  }

  /** The runner says how to stop an entry's request while it is on the wire; the answer forgets it. */
  whileSending(entry: StoredEntry, cancel: () => Promise<void>): () => void {
    return this.#onTheWire.register(entry.id, cancel);
  }

  markSending(entry: StoredEntry): void {
    // Synced before the request leaves: after a power cut the entry comes back uncertain, so what
    // follows the send (`applied`, `failed`, `refused`) need not be synced.
    this.#state.store.durably(() => {
      this.#state.update(entry, { state: 'sending', attempts: entry.attempts + 1 }, false);
      this.#state.log.record(entry, 'sent', entry.updatedAt, { attempt: entry.attempts });
    });
  }

  applied(entry: StoredEntry, outcome: SendOutcome): void {
    const records = recordsOf([entry]);
    const touched = new Set<DocKey>(records.keys);
    const orders = new Set<number>(records.orders);
    const renamed: { from: number; to: number }[] = [];
    // Not synced: see `atomically`; the `sending` mark before the request was.
    this.#state.store.atomically(() => {
      if (outcome.created) {
        const { temp, real } = outcome.created;
        renamed.push({ from: temp, to: real });
        this.#resolveTempId(temp, real, touched, orders);
      }
      for (const [key, value] of Object.entries(outcome.docs ?? {}) as [DocKey, unknown][]) {
        this.#state.projector.setBase(key, value);
        touched.add(key);
      }
      this.#state.log.record(entry, 'applied', this.#state.now());
      this.#state.remove(entry, 'applied');
      this.#state.reproject([...touched], [...orders]);
    });
    this.#state.announce([...touched], renamed);
    const workOrderId = entry.workOrderId === null ? null : this.map(entry.workOrderId);
    this.options.events.applied?.({ entryId: entry.id, kind: entry.kind, workOrderId, fileName: stagedFileOf(entry)?.name });
    this.#state.cleanUp([entry]);
    this.#state.ready();
  }

  /** The marketplace refused: out of the line with its reason, its change undone, later ones of its record held. */
  refused(entry: StoredEntry, error: EntryError, theirs?: { key: DocKey; value: unknown }): void {
    const definition = operationOf(entry.kind);
    const keys = definition.docs(entry.input, entry.context);
    let conflict: ConflictField[] | null = null;
    this.#state.store.atomically(() => {
      if (theirs) {
        conflict = conflictOf(definition.changedFields?.(entry.input) ?? {}, this.#state.store.base(theirs.key), theirs.value);
        if (this.#state.store.base(theirs.key) !== undefined) this.#state.projector.setBase(theirs.key, theirs.value);
      }
      this.#state.update(entry, { state: 'refused', error, conflict, nextAttemptAt: null, uncertain: false }, false);
      this.#state.log.record(entry, 'refused', entry.updatedAt, { reason: error.message });
      this.#state.reproject(keys, recordsOf([entry]).orders);
    });
    this.#state.announce(keys);
    this.options.logger.warn('outbox: refused', { kind: entry.kind, code: error.code, fields: error.fields });
  }

  /** A transient failure (or an interruption): tried again at `retryAt`; `uncertain` when the send may have landed. */
  failed(entry: StoredEntry, error: EntryError | null, retryAt: number | null, uncertain: boolean): void {
    this.#state.store.atomically(() => {
      this.#state.update(entry, { state: error ? 'retrying' : 'queued', error: error ?? entry.error, nextAttemptAt: retryAt, uncertain: entry.uncertain || uncertain }, false);
      // An interruption (the app closing) is no step of the change: it is sent again as it was.
      if (error) this.#state.log.record(entry, 'failed', entry.updatedAt, { reason: error.message });
    });
    this.#state.ready();
  }

  /** The marketplace's current order (a refresh after a change that answered something else): a new base, or the cache when nothing waits. */
  acceptServerOrder(order: { id: number }): void {
    this.#state.store.atomically(() => this.#state.projector.acceptServerOrder(order, this.#state.entries, this.map));
    this.#state.announce([docKey('workorder', order.id)]);
  }

  retry(entryId: string): OutboxEntry {
    const entry = this.#state.find(entryId);
    if (entry.state === 'sending') throw new AppError('OUTBOX_ENTRY_BUSY');
    const { keys } = recordsOf([entry]);
    this.#state.store.durably(() => {
      this.#state.update(entry, { state: 'queued', error: null, conflict: null, nextAttemptAt: null, notBefore: null }, false);
      this.#state.log.record(entry, 'retried', entry.updatedAt);
      this.#state.reproject(keys, recordsOf([entry]).orders);
    });
    this.#state.changed(keys);
    return this.view(entryId);
  }

  edit(entryId: string, input: unknown): OutboxEntry {
    const entry = this.#state.find(entryId);
    if (entry.state === 'sending') throw new AppError('OUTBOX_ENTRY_BUSY');
    const { input: mapped, keys } = editedInput(entry, input, this.map);
    this.#state.store.durably(() => {
      for (const key of keys) this.#state.projector.keepBase(key);
      this.#state.update(entry, { input: mapped, state: 'queued', error: null, conflict: null, nextAttemptAt: null }, false);
      this.#state.log.record(entry, 'edited', entry.updatedAt);
      this.#state.reproject(keys, recordsOf([entry]).orders);
    });
    this.#state.changed(keys);
    return this.view(entryId);
  }

  /**
   * Drops an entry not on the wire; dropping a create drops every later entry of its record (they
   * name a record that will never exist). An upload on the wire is stopped first: files are long,
   * other changes take milliseconds and answer OUTBOX_ENTRY_BUSY instead.
   */
  async discard(entryId: string): Promise<string[]> {
    const found = this.#state.find(entryId);
    if (found.state !== 'sending' || found.kind !== 'attachments:upload') return this.#discard(entryId);
    await this.#onTheWire.stop(entryId);
    try {
      return this.#discard(entryId);
    } finally {
      this.#onTheWire.release(entryId);
      // Left in the line (the discard refused): it may be sent again.
      this.#state.ready();
    }
  }

  #discard(entryId: string): string[] {
    const entry = this.#state.find(entryId);
    if (entry.state === 'sending') throw new AppError('OUTBOX_ENTRY_BUSY');
    const tempId = entry.kind.endsWith(':create') ? (entry.context.tempId as number) : undefined;
    const dropped = tempId === undefined ? [entry] : this.#state.entries.filter((other) => other === entry || (other.seq > entry.seq && (other.lane === entry.lane || this.#state.names(other, tempId))));
    if (dropped.some((other) => other.state === 'sending')) throw new AppError('OUTBOX_ENTRY_BUSY');
    const { keys, orders } = recordsOf(dropped);
    this.#state.store.durably(() => {
      const now = this.#state.now();
      // Never sent and not refused: the change never reached the marketplace, so it is undone (the
      // Undo of the window, or a change dropped while offline); otherwise it is discarded.
      for (const other of dropped) this.#state.log.record(other, other.attempts === 0 && other.state !== 'refused' ? 'undone' : 'discarded', now);
      for (const other of dropped) this.#state.remove(other, 'discarded');
      this.#state.reproject(keys, orders);
    });
    this.#state.cleanUp(dropped);
    this.#state.changed(keys);
    return dropped.map((other) => other.id);
  }

  /** After a pull rewrote saved locations and talent pool attributes whole: their waiting changes show again on the pulled records. */
  rebaseDirectory(): void {
    this.#state.store.durably(() => this.#state.reproject(this.#state.projector.rebaseDirectory(), []));
  }

  #queuedDetail(): StepDetail {
    return this.options.offline?.() ? { offline: true } : {};
  }

  #resolveTempId(temp: number, real: number, touched: Set<DocKey>, orders: Set<number>): void {
    this.#state.ids.resolve(temp, real);
    for (const [entry, changes] of renamedEntries(this.#state.entries, temp, real, (other) => operationOf(other.kind).mapIds(other.input, this.map))) this.#state.update(entry, changes, false);
    this.#state.projector.renameRecord(temp, real, touched, orders);
  }
}
