import { existsSync } from 'node:fs';
import Database, { type Statement } from 'better-sqlite3';
import type { ErrorCode } from '../../src-shared/errors';
import type { ChannelInput } from '../../src-shared/ipc/contract';
import type { WriteChannelName } from '../../src-shared/ipc/write-channels';
import type { CacheDatabase } from '../db/database';

export type StoredState = 'queued' | 'sending' | 'retrying' | 'refused';

export interface EntryError {
  code: ErrorCode;
  message: string;
  fields: string[];
  /** The request and its answer's status, apart from the message ("PUT workorders/10018, HTTP 400"). */
  detail?: string;
}

export interface ConflictField {
  field: string;
  yours: unknown;
  theirs: unknown;
  before: unknown;
}

/** One outbox entry as stored; `input` is the channel input, `context` what enqueueing worked out (a staged file, a folder). */
export interface StoredEntry {
  seq: number;
  id: string;
  kind: WriteChannelName;
  lane: string;
  after: string[];
  workOrderId: number | null;
  /** Checked against its channel's schema when it was queued (or edited), and stored as it was. */
  input: ChannelInput<WriteChannelName>;
  context: Record<string, unknown>;
  state: StoredState;
  attempts: number;
  uncertain: boolean;
  notBefore: number | null;
  nextAttemptAt: number | null;
  error: EntryError | null;
  conflict: ConflictField[] | null;
  createdAt: number;
  updatedAt: number;
}

export type NewEntry = Pick<StoredEntry, 'id' | 'kind' | 'lane' | 'after' | 'workOrderId' | 'input' | 'context' | 'notBefore' | 'createdAt'>;

interface EntryRow {
  seq: number;
  id: string;
  kind: string;
  lane: string;
  after: string | null;
  work_order_id: number | null;
  input: string;
  context: string | null;
  state: StoredState;
  attempts: number;
  uncertain: number;
  not_before: number | null;
  next_attempt_at: number | null;
  error: string | null;
  conflict: string | null;
  created_at: number;
  updated_at: number;
}

const parsed = <T>(json: string | null, fallback: T): T => (json === null ? fallback : (JSON.parse(json) as T));

function entryOf(row: EntryRow): StoredEntry {
  return {
    seq: row.seq,
    id: row.id,
    kind: row.kind as WriteChannelName,
    lane: row.lane,
    after: parsed(row.after, []),
    workOrderId: row.work_order_id,
    input: JSON.parse(row.input),
    context: parsed(row.context, {}),
    state: row.state,
    attempts: row.attempts,
    uncertain: row.uncertain === 1,
    notBefore: row.not_before,
    nextAttemptAt: row.next_attempt_at,
    error: parsed(row.error, null),
    conflict: parsed(row.conflict, null),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Applied and discarded entries kept for the record; older ones go. */
export const HISTORY_KEPT = 1_000;

/**
 * The outbox's tables, statement by statement. Callers compose these inside one transaction with
 * the cache writes they go with (an entry and its optimistic change, a success and its answer).
 */
export class OutboxStore {
  readonly #s: Record<string, Statement>;

  constructor(private readonly db: CacheDatabase) {
    this.#s = {
      insert: db.prepare(
        `INSERT INTO outbox_entries (id, kind, lane, after, work_order_id, input, context, state, not_before, created_at, updated_at)
         VALUES (@id, @kind, @lane, @after, @work_order_id, @input, @context, 'queued', @not_before, @created_at, @created_at)`,
      ),
      all: db.prepare('SELECT * FROM outbox_entries ORDER BY seq'),
      byId: db.prepare('SELECT * FROM outbox_entries WHERE id = ?'),
      update: db.prepare(
        `UPDATE outbox_entries SET lane = @lane, after = @after, work_order_id = @work_order_id, input = @input, context = @context, state = @state,
           attempts = @attempts, uncertain = @uncertain, not_before = @not_before, next_attempt_at = @next_attempt_at, error = @error,
           conflict = @conflict, updated_at = @updated_at WHERE seq = @seq`,
      ),
      remove: db.prepare('DELETE FROM outbox_entries WHERE seq = ?'),
      history: db.prepare(
        `INSERT OR REPLACE INTO outbox_history (seq, id, kind, work_order_id, input, outcome, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ),
      pruneHistory: db.prepare(`DELETE FROM outbox_history WHERE seq <= (SELECT seq FROM outbox_history ORDER BY seq DESC LIMIT 1 OFFSET ${HISTORY_KEPT})`),
      getBase: db.prepare('SELECT json FROM outbox_bases WHERE doc = ?'),
      setBase: db.prepare('INSERT INTO outbox_bases (doc, json) VALUES (?, ?) ON CONFLICT(doc) DO UPDATE SET json = excluded.json'),
      removeBase: db.prepare('DELETE FROM outbox_bases WHERE doc = ?'),
      bases: db.prepare('SELECT doc, json FROM outbox_bases'),
      mapId: db.prepare('INSERT OR REPLACE INTO outbox_ids (temp, real) VALUES (?, ?)'),
      ids: db.prepare('SELECT temp, real FROM outbox_ids'),
      // A crash mid-send leaves `sending`: the send may or may not have reached the marketplace.
      recover: db.prepare(`UPDATE outbox_entries SET state = 'retrying', uncertain = 1, next_attempt_at = NULL WHERE state = 'sending'`),
    };
  }

  /** Inserts an entry and answers its sequence number. */
  insert(entry: NewEntry): number {
    const result = this.#s.insert!.run({
      id: entry.id,
      kind: entry.kind,
      lane: entry.lane,
      after: entry.after.length > 0 ? JSON.stringify(entry.after) : null,
      work_order_id: entry.workOrderId,
      input: JSON.stringify(entry.input),
      context: JSON.stringify(entry.context),
      not_before: entry.notBefore,
      created_at: entry.createdAt,
    });
    return Number(result.lastInsertRowid);
  }

  all(): StoredEntry[] {
    return (this.#s.all!.all() as EntryRow[]).map(entryOf);
  }

  get(id: string): StoredEntry | undefined {
    const row = this.#s.byId!.get(id) as EntryRow | undefined;
    return row ? entryOf(row) : undefined;
  }

  save(entry: StoredEntry): void {
    this.#s.update!.run({
      seq: entry.seq,
      lane: entry.lane,
      after: entry.after.length > 0 ? JSON.stringify(entry.after) : null,
      work_order_id: entry.workOrderId,
      input: JSON.stringify(entry.input),
      context: JSON.stringify(entry.context),
      state: entry.state,
      attempts: entry.attempts,
      uncertain: entry.uncertain ? 1 : 0,
      not_before: entry.notBefore,
      next_attempt_at: entry.nextAttemptAt,
      error: entry.error ? JSON.stringify(entry.error) : null,
      conflict: entry.conflict ? JSON.stringify(entry.conflict) : null,
      updated_at: entry.updatedAt,
    });
  }

  /** Moves an entry out of the queue into the bounded history. */
  finish(entry: StoredEntry, outcome: 'applied' | 'discarded', at: number): void {
    this.#s.remove!.run(entry.seq);
    this.#s.history!.run(entry.seq, entry.id, entry.kind, entry.workOrderId, JSON.stringify(entry.input), outcome, at);
    this.#s.pruneHistory!.run();
  }

  /** The stored base of a record, `undefined` when none is kept (no entry waits for it); `null` means "the marketplace has no such record yet". */
  base(doc: string): unknown | undefined {
    const row = this.#s.getBase!.get(doc) as { json: string | null } | undefined;
    if (!row) return undefined;
    return row.json === null ? null : JSON.parse(row.json);
  }

  setBase(doc: string, value: unknown): void {
    this.#s.setBase!.run(doc, value === null || value === undefined ? null : JSON.stringify(value));
  }

  removeBase(doc: string): void {
    this.#s.removeBase!.run(doc);
  }

  baseDocs(): string[] {
    return (this.#s.bases!.all() as { doc: string }[]).map((row) => row.doc);
  }

  mapId(temp: number, real: number): void {
    this.#s.mapId!.run(temp, real);
  }

  idMap(): Map<number, number> {
    return new Map((this.#s.ids!.all() as { temp: number; real: number }[]).map((row) => [row.temp, row.real]));
  }

  /** At start: entries a crash left on the wire become uncertain retries. */
  recoverInterrupted(): number {
    return this.#s.recover!.run().changes;
  }

  /**
   * Runs `work` in one transaction, not synced before it returns: a crash of the app keeps it (WAL),
   * a power cut may lose it. For what follows a send (its answer, a failure, a refusal): the entry's
   * `sending` mark was synced before the request left, so a lost outcome comes back at launch as an
   * uncertain retry, confirmed before anything is sent again; the next synced commit keeps it too.
   * An fsync per outcome was half the drain's time (about 3 ms each on a VM disk).
   */
  atomically<T>(work: () => T): T {
    return this.db.transaction(work)();
  }

  /** Runs `work` in one transaction that is synced to disk before it returns: an acknowledged change survives a power cut. */
  durably<T>(work: () => T): T {
    this.db.pragma('synchronous = FULL');
    try {
      return this.db.transaction(work)();
    } finally {
      this.db.pragma('synchronous = NORMAL');
    }
  }
}

/** Reads a cache file without migrating or locking it (at launch); `fallback` when it is missing, older, or being replaced. */
function readCacheFile<T>(file: string, read: (db: Database.Database) => T, fallback: T, { strict = false } = {}): T {
  if (!existsSync(file)) return fallback;
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    return read(db);
  } catch (error) {
    // Strict: only a cache from before the outbox (no table) means "nothing"; any other failure is
    // not an answer, and the caller must not act as if the file held nothing.
    if (strict && !/no such table/.test((error as Error).message)) throw error;
    return fallback;
  } finally {
    db?.close();
  }
}

/** Whether a cache file holds outbox entries. */
export function hasOutboxEntries(file: string): boolean {
  return readCacheFile(file, (db) => db.prepare('SELECT EXISTS (SELECT 1 FROM outbox_entries)').pluck().get() === 1, false);
}

/** The staged files the uploads waiting in a cache file name. */
export function stagedFileIds(file: string): string[] {
  const read = (db: Database.Database) =>
    (db.prepare("SELECT json_extract(context, '$.staged.id') FROM outbox_entries WHERE kind = 'attachments:upload'").pluck().all() as (string | null)[]).filter(
      (id): id is string => typeof id === 'string',
    );
  // Strict: an unreadable file must stop the launch cleanup, not let it delete the copies its uploads need.
  return readCacheFile(file, read, [], { strict: true });
}
