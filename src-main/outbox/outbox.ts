import { randomUUID } from 'node:crypto';
import { AppError } from '../../src-shared/errors';
import { describeIssues } from '../../src-shared/ipc/describe-issues';
import type { OutboxEntry } from '../../src-shared/ipc/outbox-channels';
import type { AppliedEntry } from '../../src-shared/ipc/notices';
import { type OutboxReceipt, type WriteChannelName, writeChannels } from '../../src-shared/ipc/write-channels';
import type { CacheDatabase } from '../db/database';
import type { Logger } from '../platform/logger';
import { type Documents, type DocKey, type RecordDocKind, docKey, parseDocKey } from './documents';
import type { FileStaging, SendOutcome } from './operation';
import { OPERATIONS } from './operations/index';
import { entryView, stagedFileOf } from './outbox-view';
import { type ConflictField, type EntryError, OutboxStore, type StoredEntry } from './outbox-store';
import { Projector } from './projector';

/** What the outbox tells the rest of the app; the workspace forwards these as IPC events. */
export interface OutboxEvents {
  changed(counts: { pending: number; refused: number }): void;
  workOrdersChanged(ids: number[], renamed: { from: number; to: number }[]): void;
  locationsChanged(ids: number[], renamed: { from: number; to: number }[]): void;
  /** The marketplace accepted an entry: it has left the line (notifications follow finished uploads). */
  applied?(entry: AppliedEntry): void;
}

export interface OutboxOptions {
  db: CacheDatabase;
  documents: Documents;
  staging?: FileStaging;
  events: OutboxEvents;
  logger: Logger;
  /** A reference list of the cache by kind (`tags`…), for operations that check against it when queued. */
  reference?: (kind: string) => unknown[];
  /** The undo window of assign, approve and cancel, read at each enqueue (a setting). */
  undoMs: () => number;
  now?: () => number;
}

const TEMP_ID_SOURCES = ['SELECT MIN(temp) FROM outbox_ids', 'SELECT MIN(id) FROM work_orders', 'SELECT MIN(id) FROM saved_locations', 'SELECT MIN(id) FROM expenses', 'SELECT MIN(id) FROM attachments'];

/**
 * The queue of the coordinator's changes. Enqueueing writes the entry and its optimistic change in
 * one durable transaction and answers at once; the runner takes entries from `next` and reports
 * back through `applied`, `refused` and `failed`. The entries live in SQLite and, for speed, in
 * `#entries` (the same rows, oldest first), which only this class changes.
 */
export class Outbox {
  readonly store: OutboxStore;
  readonly #projector: Projector;
  readonly #now: () => number;
  #entries: StoredEntry[];
  #idMap: Map<number, number>;
  #lastTempId: number;
  readonly #listeners = new Set<() => void>();
  /** How to stop the request of an entry on the wire, while it is. */
  readonly #cancellers = new Map<string, () => Promise<void>>();
  /** Uploads being cancelled: not sent again while their request winds down. */
  readonly #discarding = new Set<string>();

  constructor(private readonly options: OutboxOptions) {
    this.store = new OutboxStore(options.db);
    this.#projector = new Projector(this.store, options.documents);
    this.#now = options.now ?? Date.now;
    this.store.recoverInterrupted();
    this.#entries = this.store.all();
    this.#idMap = this.store.idMap();
    const used = TEMP_ID_SOURCES.map((sql) => (options.db.prepare(sql).pluck().get() as number | null) ?? 0);
    const reserved = this.#entries.map((entry) => (typeof entry.context.tempId === 'number' ? entry.context.tempId : 0));
    this.#lastTempId = Math.min(0, ...used, ...reserved);
  }

  /** Called when an entry becomes ready to send (the runner wakes). */
  onReady(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  get entries(): readonly StoredEntry[] {
    return this.#entries;
  }

  counts(): { pending: number; refused: number } {
    return { pending: this.#entries.length, refused: this.#entries.filter((entry) => entry.state === 'refused').length };
  }

  map = (id: number): number => (id < 0 ? (this.#idMap.get(id) ?? id) : id);

  async enqueue(kind: WriteChannelName, input: unknown): Promise<OutboxReceipt> {
    const { entry, keys } = await this.#prepare(kind, input);
    this.store.durably(() => {
      entry.seq = this.store.insert(entry);
      for (const key of keys) this.#projector.keepBase(key);
      this.#entries.push(entry);
      this.#reproject(keys, entry.workOrderId === null ? [] : [entry.workOrderId]);
    });
    this.#announce(keys);
    this.#ready();
    return receiptOf(entry);
  }

  /** A new entry for `input`, its ids mapped and its context prepared, not yet stored; with the records it touches. */
  async #prepare(kind: WriteChannelName, input: unknown, at?: number): Promise<{ entry: StoredEntry; keys: DocKey[] }> {
    const definition = OPERATIONS[kind];
    const mapped = definition.mapIds(input as never, this.map);
    this.#lastTempId -= 1;
    const tempId = this.#lastTempId;
    const context = (await definition.prepare?.(mapped, { read: (key) => this.options.documents.read(key), reference: (name) => this.options.reference?.(name) ?? [], tempId, staging: this.options.staging })) ?? {};
    // After the preparation, which may copy a file: an undo window starts when the entry is queued.
    const now = at ?? this.#now();
    const entry: StoredEntry = {
      seq: 0,
      id: randomUUID(),
      kind,
      lane: definition.lane(mapped, context),
      after: definition.after?.(mapped) ?? [],
      workOrderId: definition.workOrderId(mapped, context),
      input: mapped,
      context,
      state: 'queued',
      attempts: 0,
      uncertain: false,
      notBefore: definition.undoable && this.options.undoMs() > 0 ? now + this.options.undoMs() : null,
      nextAttemptAt: null,
      error: null,
      conflict: null,
      createdAt: now,
      updatedAt: now,
    };
    return { entry, keys: definition.docs(mapped, context) };
  }

  /**
   * Many changes of one kind (a bulk import's creates) in one durable transaction: all are queued
   * or, when any fails, none is. Each is its own entry, sent and answered on its own. The records
   * are shown from an index of the entries built once, not a scan of the whole outbox per record.
   */
  async enqueueMany(kind: WriteChannelName, inputs: readonly unknown[]): Promise<OutboxReceipt[]> {
    const now = this.#now();
    const prepared: { entry: StoredEntry; keys: DocKey[] }[] = [];
    // One after another: each takes the next temporary id.
    for (const input of inputs) prepared.push(await this.#prepare(kind, input, now));
    const keys = [...new Set(prepared.flatMap((item) => item.keys))];
    const before = this.#entries;
    try {
      this.store.durably(() => {
        for (const { entry, keys: entryKeys } of prepared) {
          entry.seq = this.store.insert(entry);
          for (const key of entryKeys) this.#projector.keepBase(key);
        }
        this.#entries = [...before, ...prepared.map((item) => item.entry)];
        const touching = new Map<DocKey, StoredEntry[]>(keys.map((key) => [key, []]));
        for (const entry of this.#entries) for (const key of OPERATIONS[entry.kind].docs(entry.input as never, entry.context)) touching.get(key)?.push(entry);
        for (const key of keys.sort((a, b) => Number(b.startsWith('workorder:')) - Number(a.startsWith('workorder:')))) this.#projector.project(key, touching.get(key) ?? [], this.map);
        const pendingOrders = new Set(this.#entries.map((entry) => entry.workOrderId));
        for (const { entry } of prepared) if (entry.workOrderId !== null) this.options.documents.setOrderPending(entry.workOrderId, pendingOrders.has(entry.workOrderId));
      });
    } catch (error) {
      // The transaction rolled back: the entries were never queued.
      this.#entries = before;
      throw error;
    }
    this.#announce(keys);
    this.#ready();
    return prepared.map(({ entry }) => receiptOf(entry));
  }

  list(): OutboxEntry[] {
    return this.#entries.map((entry) => entryView(entry, this.#entries, this.#now()));
  }

  view(entryId: string): OutboxEntry {
    const entry = this.#find(entryId);
    return entryView(entry, this.#entries, this.#now());
  }

  /**
   * The next entries to send: the head of each lane not in `busy`, due, not behind a refusal or an
   * unfinished lane it waits for, and naming no record still waiting for its create.
   */
  next(busy: ReadonlySet<string>, limit: number): StoredEntry[] {
    const now = this.#now();
    const heads = new Map<string, StoredEntry>();
    for (const entry of this.#entries) if (!heads.has(entry.lane)) heads.set(entry.lane, entry);
    const ready: StoredEntry[] = [];
    for (const head of heads.values()) {
      if (ready.length >= limit) break;
      if (busy.has(head.lane) || head.state === 'refused' || head.state === 'sending' || this.#discarding.has(head.id)) continue;
      if ((head.notBefore ?? 0) > now || (head.nextAttemptAt ?? 0) > now) continue;
      if (head.after.some((lane) => this.#entries.some((other) => other.lane === lane && other.seq < head.seq))) continue;
      if (this.#namesUnresolved(head)) continue;
      ready.push(head);
    }
    return ready;
  }

  /** When the earliest waiting head becomes due (undo window or backoff), for the runner's timer. */
  nextDueAt(): number | null {
    const heads = new Map<string, StoredEntry>();
    for (const entry of this.#entries) if (!heads.has(entry.lane)) heads.set(entry.lane, entry);
    const due = [...heads.values()].filter((head) => head.state === 'queued' || head.state === 'retrying').map((head) => Math.max(head.notBefore ?? 0, head.nextAttemptAt ?? 0));
    return due.length > 0 ? Math.min(...due) : null;
  }

  /** The input as it is sent: temporary ids replaced by the marketplace's. */
  resolved(entry: StoredEntry): unknown {
    return OPERATIONS[entry.kind].mapIds(entry.input as never, this.map);
  }

  /** The runner says how to stop an entry's request while it is on the wire; the answer forgets it. */
  whileSending(entry: StoredEntry, cancel: () => Promise<void>): () => void {
    this.#cancellers.set(entry.id, cancel);
    return () => this.#cancellers.delete(entry.id);
  }

  markSending(entry: StoredEntry): void {
    // Synced before the request leaves: after a power cut the entry comes back uncertain, so what
    // follows the send (`applied`, `failed`, `refused`) need not be synced.
    this.#update(entry, { state: 'sending', attempts: entry.attempts + 1 });
  }

  applied(entry: StoredEntry, outcome: SendOutcome): void {
    const touched = new Set<DocKey>(OPERATIONS[entry.kind].docs(entry.input as never, entry.context));
    const orders = new Set<number>(entry.workOrderId === null ? [] : [entry.workOrderId]);
    const renamed: { from: number; to: number }[] = [];
    // Not synced: see `atomically`; the `sending` mark before the request was.
    this.store.atomically(() => {
      if (outcome.created) {
        const { temp, real } = outcome.created;
        renamed.push({ from: temp, to: real });
        this.#resolveTempId(temp, real, touched, orders);
      }
      for (const [key, value] of Object.entries(outcome.docs ?? {}) as [DocKey, unknown][]) {
        this.#projector.setBase(key, value);
        touched.add(key);
      }
      this.#remove(entry, 'applied');
      this.#reproject([...touched], [...orders]);
    });
    this.#announce([...touched], renamed);
    const workOrderId = entry.workOrderId === null ? null : this.map(entry.workOrderId);
    this.options.events.applied?.({ entryId: entry.id, kind: entry.kind, workOrderId, fileName: stagedFileOf(entry)?.name });
    void OPERATIONS[entry.kind].cleanup?.(entry.context, this.options.staging).catch((error: unknown) => this.options.logger.warn('outbox: cleanup failed', { kind: entry.kind, error }));
    this.#ready();
  }

  /** The marketplace refused: out of the line with its reason, its change undone, later ones of its record held. */
  refused(entry: StoredEntry, error: EntryError, theirs?: { key: DocKey; value: unknown }): void {
    const definition = OPERATIONS[entry.kind];
    const keys = definition.docs(entry.input as never, entry.context);
    let conflict: ConflictField[] | null = null;
    this.store.atomically(() => {
      if (theirs) {
        const before = this.store.base(theirs.key) as Record<string, unknown> | null | undefined;
        const now = theirs.value as Record<string, unknown> | null;
        const fields = Object.entries(definition.changedFields?.(entry.input as never) ?? {}).map(([field, yours]) => ({ field, yours, theirs: now?.[field], before: before?.[field] }));
        if (fields.some((field) => JSON.stringify(field.theirs) !== JSON.stringify(field.before))) conflict = fields;
        if (this.store.base(theirs.key) !== undefined) this.#projector.setBase(theirs.key, theirs.value);
      }
      this.#update(entry, { state: 'refused', error, conflict, nextAttemptAt: null, uncertain: false }, false);
      this.#reproject(keys, entry.workOrderId === null ? [] : [entry.workOrderId]);
    });
    this.#announce(keys);
    this.options.logger.warn('outbox: refused', { kind: entry.kind, code: error.code, fields: error.fields });
  }

  /** A transient failure (or an interruption): tried again at `retryAt`; `uncertain` when the send may have landed. */
  failed(entry: StoredEntry, error: EntryError | null, retryAt: number | null, uncertain: boolean): void {
    this.store.atomically(() => this.#update(entry, { state: error ? 'retrying' : 'queued', error: error ?? entry.error, nextAttemptAt: retryAt, uncertain: entry.uncertain || uncertain }, false));
    this.#ready();
  }

  /** The marketplace's current order (a refresh after a change that answered something else): a new base, or the cache when nothing waits. */
  acceptServerOrder(order: { id: number }): void {
    const key = docKey('workorder', order.id);
    this.store.atomically(() => {
      if (this.store.base(key) === undefined) {
        if (!this.#entries.some((entry) => entry.workOrderId === order.id)) this.options.documents.write(key, order, false);
        return;
      }
      this.#projector.setBase(key, order);
      this.#reproject([key], [order.id]);
    });
    this.#announce([key]);
  }

  retry(entryId: string): OutboxEntry {
    const entry = this.#find(entryId);
    if (entry.state === 'sending') throw new AppError('OUTBOX_ENTRY_BUSY');
    const keys = OPERATIONS[entry.kind].docs(entry.input as never, entry.context);
    this.store.durably(() => {
      this.#update(entry, { state: 'queued', error: null, conflict: null, nextAttemptAt: null, notBefore: null }, false);
      this.#reproject(keys, entry.workOrderId === null ? [] : [entry.workOrderId]);
    });
    this.#announce(keys);
    this.#ready();
    return this.view(entryId);
  }

  edit(entryId: string, input: unknown): OutboxEntry {
    const entry = this.#find(entryId);
    if (entry.state === 'sending') throw new AppError('OUTBOX_ENTRY_BUSY');
    const parsed = writeChannels[entry.kind].input.safeParse(input);
    if (!parsed.success) throw new AppError('IPC_INVALID_INPUT', describeIssues(entry.kind, parsed.error));
    const definition = OPERATIONS[entry.kind];
    const mapped = definition.mapIds(parsed.data as never, this.map);
    if (definition.lane(mapped, entry.context) !== entry.lane) throw new AppError('IPC_INVALID_INPUT', 'An edit cannot move a change to another record.');
    const keys = [...new Set([...definition.docs(entry.input as never, entry.context), ...definition.docs(mapped, entry.context)])];
    this.store.durably(() => {
      for (const key of keys) this.#projector.keepBase(key);
      this.#update(entry, { input: mapped, state: 'queued', error: null, conflict: null, nextAttemptAt: null }, false);
      this.#reproject(keys, entry.workOrderId === null ? [] : [entry.workOrderId]);
    });
    this.#announce(keys);
    this.#ready();
    return this.view(entryId);
  }

  /**
   * Drops an entry not on the wire; dropping a create drops every later entry of its record (they
   * name a record that will never exist). An upload on the wire is stopped first: files are long,
   * other changes take milliseconds and answer OUTBOX_ENTRY_BUSY instead.
   */
  async discard(entryId: string): Promise<string[]> {
    const found = this.#find(entryId);
    const cancel = this.#cancellers.get(entryId);
    if (found.state === 'sending' && found.kind === 'attachments:upload' && cancel) {
      this.#discarding.add(entryId);
      try {
        await cancel();
      } finally {
        this.#discarding.delete(entryId);
      }
    }
    const entry = this.#find(entryId);
    if (entry.state === 'sending') throw new AppError('OUTBOX_ENTRY_BUSY');
    const tempId = entry.kind.endsWith(':create') ? (entry.context.tempId as number) : undefined;
    const dropped = tempId === undefined ? [entry] : this.#entries.filter((other) => other === entry || (other.seq > entry.seq && (other.lane === entry.lane || this.#names(other, tempId))));
    if (dropped.some((other) => other.state === 'sending')) throw new AppError('OUTBOX_ENTRY_BUSY');
    const keys = [...new Set(dropped.flatMap((other) => OPERATIONS[other.kind].docs(other.input as never, other.context)))];
    const orders = [...new Set(dropped.flatMap((other) => (other.workOrderId === null ? [] : [other.workOrderId])))];
    this.store.durably(() => {
      for (const other of dropped) this.#remove(other, 'discarded');
      this.#reproject(keys, orders);
    });
    this.#announce(keys);
    for (const other of dropped) void OPERATIONS[other.kind].cleanup?.(other.context, this.options.staging).catch(() => undefined);
    this.#ready();
    return dropped.map((other) => other.id);
  }

  /**
   * After a pull rewrote saved locations and talent pool attributes whole: each record with waiting
   * changes takes the pulled one as its base and shows its changes again.
   */
  rebaseDirectory(): void {
    const keys = this.store.baseDocs().filter((key) => key.startsWith('location:') || key.startsWith('poolmember:')) as DocKey[];
    if (keys.length === 0) return;
    this.store.durably(() => {
      for (const key of keys) {
        const ref = parseDocKey(key);
        if (ref.kind === 'poolmember' || ref.id > 0) this.#projector.setBase(key, this.options.documents.read(key));
      }
      this.#reproject(keys, []);
    });
  }

  #resolveTempId(temp: number, real: number, touched: Set<DocKey>, orders: Set<number>): void {
    this.store.mapId(temp, real);
    this.#idMap.set(temp, real);
    const laneRenames = new Map([
      [`wo:${temp}`, `wo:${real}`],
      [`loc:${temp}`, `loc:${real}`],
    ]);
    for (const other of this.#entries) {
      const lane = laneRenames.get(other.lane) ?? other.lane;
      const after = other.after.map((name) => laneRenames.get(name) ?? name);
      const workOrderId = other.workOrderId === temp ? real : other.workOrderId;
      const input = OPERATIONS[other.kind].mapIds(other.input as never, this.map);
      if (lane !== other.lane || workOrderId !== other.workOrderId || JSON.stringify(input) !== JSON.stringify(other.input) || after.join() !== other.after.join()) {
        this.#update(other, { lane, after, workOrderId, input }, false);
      }
    }
    for (const kind of ['workorder', 'parts', 'location'] as const) {
      const from = docKey(kind, temp);
      if (this.store.base(from) === undefined) continue;
      this.#projector.rename(from, docKey(kind, real));
      touched.delete(from);
      touched.add(docKey(kind, real));
    }
    // The temporary row goes; the real one is written by the reprojection that follows.
    this.options.documents.write(docKey('workorder', temp), null, false);
    this.options.documents.write(docKey('location', temp), null, false);
    if (orders.delete(temp)) orders.add(real);
  }

  #reproject(keys: readonly DocKey[], orders: readonly number[]): void {
    // Work orders first: parts hang off the order row.
    const sorted = [...keys].sort((a, b) => Number(b.startsWith('workorder:')) - Number(a.startsWith('workorder:')));
    for (const key of sorted) this.#projector.project(key, this.#entries, this.map);
    for (const id of orders) this.options.documents.setOrderPending(id, this.#entries.some((entry) => entry.workOrderId === id));
  }

  #announce(keys: readonly DocKey[], renamed: { from: number; to: number }[] = []): void {
    const ids = (kind: RecordDocKind) => [...new Set(keys.map(parseDocKey).flatMap((ref) => (ref.kind === kind ? [ref.id] : [])))];
    const orders = [...new Set([...ids('workorder'), ...ids('parts')])];
    if (orders.length > 0 || renamed.length > 0) this.options.events.workOrdersChanged(orders, renamed.filter((rename) => keys.includes(docKey('workorder', rename.to))));
    const locations = ids('location');
    if (locations.length > 0) this.options.events.locationsChanged(locations, renamed.filter((rename) => keys.includes(docKey('location', rename.to))));
    this.options.events.changed(this.counts());
  }

  #ready(): void {
    for (const listener of this.#listeners) listener();
  }

  #find(entryId: string): StoredEntry {
    const entry = this.#entries.find((candidate) => candidate.id === entryId);
    if (!entry) throw new AppError('OUTBOX_ENTRY_NOT_FOUND');
    return entry;
  }

  #update(entry: StoredEntry, changes: Partial<StoredEntry>, durable = true): void {
    Object.assign(entry, changes, { updatedAt: this.#now() });
    if (durable) this.store.durably(() => this.store.save(entry));
    else this.store.save(entry);
  }

  #remove(entry: StoredEntry, outcome: 'applied' | 'discarded'): void {
    this.store.finish(entry, outcome, this.#now());
    this.#entries = this.#entries.filter((other) => other !== entry);
  }

  /** Whether the entry still names a record created offline whose create has not been answered. */
  #namesUnresolved(entry: StoredEntry): boolean {
    let unresolved = false;
    OPERATIONS[entry.kind].mapIds(entry.input as never, (id) => {
      const mapped = this.map(id);
      if (mapped < 0) unresolved = true;
      return mapped;
    });
    return unresolved;
  }

  #names(entry: StoredEntry, id: number): boolean {
    let found = false;
    OPERATIONS[entry.kind].mapIds(entry.input as never, (candidate) => {
      if (candidate === id) found = true;
      return candidate;
    });
    return found;
  }
}

/** What queueing answers: the entry, and a create's temporary id for the record it will make. */
function receiptOf(entry: StoredEntry): OutboxReceipt {
  const id = typeof entry.context.tempId === 'number' && entry.kind.endsWith(':create') ? entry.context.tempId : undefined;
  return id === undefined ? { entryId: entry.id } : { entryId: entry.id, id };
}
