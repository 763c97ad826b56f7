import { AppError } from '../../src-shared/errors';
import type { DocKey } from './documents';
import type { CacheDatabase } from '../db/database';
import type { Logger } from '../platform/logger';
import type { Documents } from './documents';
import type { FileStaging } from './operation';
import { announceChange, type OutboxEvents } from './outbox-events';
import { OutboxLog } from './outbox-log';
import { OutboxStore, type StoredEntry } from './outbox-store';
import { operationOf } from './operations/index';
import { Projector } from './projector';
import { TemporaryIds } from './temporary-ids';

/**
 * The outbox's state and the steps every change of it is made of: the entries (the same rows as
 * SQLite, oldest first, changed only here), what the cache shows of their records, their temporary
 * ids, and the events that say so. `Outbox` composes these into its verbs.
 */
export interface OutboxStateOptions {
  db: CacheDatabase;
  documents: Documents;
  events: OutboxEvents;
  logger: Logger;
  staging?: FileStaging;
  now?: () => number;
}

export class OutboxState {
  readonly store: OutboxStore;
  /** Each entry's steps, for an order's history: written inside the transactions below. */
  readonly log: OutboxLog;
  readonly projector: Projector;
  readonly ids: TemporaryIds;
  readonly now: () => number;
  entries: StoredEntry[];
  readonly #listeners = new Set<() => void>();
  /** Orders reprojected since the last announcement. */
  readonly #touchedOrders = new Set<number>();

  constructor(private readonly options: OutboxStateOptions) {
    this.store = new OutboxStore(options.db);
    this.log = new OutboxLog(options.db);
    this.projector = new Projector(this.store, options.documents);
    this.now = options.now ?? Date.now;
    this.store.recoverInterrupted();
    this.entries = this.store.all();
    this.ids = new TemporaryIds(this.store, options.db, this.entries);
  }

  onReady(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  counts(): { pending: number; refused: number } {
    return { pending: this.entries.length, refused: this.entries.filter((entry) => entry.state === 'refused').length };
  }

  get map(): (id: number) => number {
    return this.ids.map;
  }

  reproject(keys: readonly DocKey[], orders: readonly number[]): void {
    this.projector.reproject(keys, orders, this.entries, this.map);
    for (const id of orders) this.#touchedOrders.add(id);
  }

  /** Says what changed since the last time: the records shown anew, and the orders whose waiting changes changed. */
  announce(keys: readonly DocKey[], renamed: { from: number; to: number }[] = []): void {
    const orders = [...this.#touchedOrders];
    this.#touchedOrders.clear();
    announceChange(this.options.events, keys, this.counts(), renamed, orders);
  }

  /** Records shown anew, and maybe an entry ready: both said. */
  changed(keys: readonly DocKey[]): void {
    this.announce(keys);
    this.ready();
  }

  /** Lets go of what entries that left the line had prepared (a staged file). */
  cleanUp(entries: readonly StoredEntry[]): void {
    for (const entry of entries) {
      void operationOf(entry.kind)
        .cleanup?.(entry.context, this.options.staging)
        .catch((error: unknown) => this.options.logger.warn('outbox: cleanup failed', { kind: entry.kind, error }));
    }
  }

  ready(): void {
    for (const listener of this.#listeners) listener();
  }

  find(entryId: string): StoredEntry {
    const entry = this.entries.find((candidate) => candidate.id === entryId);
    if (!entry) throw new AppError('OUTBOX_ENTRY_NOT_FOUND');
    return entry;
  }

  update(entry: StoredEntry, changes: Partial<StoredEntry>, durable = true): void {
    Object.assign(entry, changes, { updatedAt: this.now() });
    if (durable) this.store.durably(() => this.store.save(entry));
    else this.store.save(entry);
  }

  remove(entry: StoredEntry, outcome: 'applied' | 'discarded'): void {
    this.store.finish(entry, outcome, this.now());
    this.entries = this.entries.filter((other) => other !== entry);
  }

  /** Whether the entry still names a record created offline whose create has not been answered. */
  namesUnresolved(entry: StoredEntry): boolean {
    return this.ids.namesUnresolved((map) => operationOf(entry.kind).mapIds(entry.input, map));
  }

  names(entry: StoredEntry, id: number): boolean {
    return TemporaryIds.names((map) => operationOf(entry.kind).mapIds(entry.input, map), id);
  }
}
