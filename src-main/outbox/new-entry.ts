import { randomUUID } from 'node:crypto';
import { AppError } from '../../src-shared/errors';
import type { ChannelInput } from '../../src-shared/ipc/contract';
import { describeIssues } from '../../src-shared/ipc/describe-issues';
import { type OutboxReceipt, type WriteChannelName, writeChannels } from '../../src-shared/ipc/write-channels';
import type { DocKey } from './documents';
import type { EnqueueContext } from './operation';
import { operationOf } from './operations/index';
import type { StoredEntry } from './outbox-store';
import { recordOfLane } from './temporary-ids';
import { lookUpNames } from './entry-names';

export interface NewEntryOptions {
  /** Ids of records created offline, as the outbox knows them now. */
  map: (id: number) => number;
  /** What the operation's `prepare` may consult; `tempId` is the one this entry reserves. */
  context: EnqueueContext;
  /** The undo window to wait out, for an operation that binds money or a provider. */
  undoMs: number;
  now: () => number;
}

/** A new entry for `input`, its ids mapped and its context prepared, not yet stored; with the records it touches. */
export async function newEntry<K extends WriteChannelName>(kind: K, input: ChannelInput<K>, { map, context: enqueue, undoMs, now: clock }: NewEntryOptions): Promise<{ entry: StoredEntry; keys: DocKey[] }> {
  const definition = operationOf(kind);
  const mapped = definition.mapIds(input, map);
  const prepared = (await definition.prepare?.(mapped, enqueue)) ?? {};
  const workOrderId = definition.workOrderId(mapped, prepared);
  const locationId = kind.startsWith('locations:') ? (mapped as { id?: number }).id : undefined;
  const context = { ...prepared, names: lookUpNames(mapped, workOrderId, locationId, enqueue) };
  // After the preparation, which may copy a file: an undo window starts when the entry is queued.
  const now = clock();
  const entry: StoredEntry = {
    seq: 0,
    id: randomUUID(),
    kind,
    lane: definition.lane(mapped, context),
    after: definition.after?.(mapped) ?? [],
    workOrderId,
    input: mapped,
    context,
    state: 'queued',
    attempts: 0,
    uncertain: false,
    notBefore: definition.undoable && undoMs > 0 ? now + undoMs : null,
    nextAttemptAt: null,
    error: null,
    conflict: null,
    createdAt: now,
    updatedAt: now,
  };
  return { entry, keys: definition.docs(mapped, context) };
}

/** What queueing answers: the entry, and a create's temporary id for the record it will make. */
export function receiptOf(entry: StoredEntry): OutboxReceipt {
  const id = typeof entry.context.tempId === 'number' && entry.kind.endsWith(':create') ? entry.context.tempId : undefined;
  return id === undefined ? { entryId: entry.id } : { entryId: entry.id, id };
}

/**
 * A refused entry's input as the coordinator corrected it: checked against its channel's schema
 * again, its ids mapped, and on the same record. Answers it with the records either version shows on.
 */
export function editedInput(entry: StoredEntry, input: unknown, map: (id: number) => number): { input: StoredEntry['input']; keys: DocKey[] } {
  const parsed = writeChannels[entry.kind].input.safeParse(input);
  if (!parsed.success) throw new AppError('IPC_INVALID_INPUT', describeIssues(entry.kind, parsed.error));
  const definition = operationOf(entry.kind);
  const mapped = definition.mapIds(parsed.data, map);
  if (recordOfLane(definition.lane(mapped, entry.context)) !== recordOfLane(entry.lane)) throw new AppError('IPC_INVALID_INPUT', 'An edit cannot move a change to another record.');
  return { input: mapped, keys: [...new Set([...definition.docs(entry.input, entry.context), ...definition.docs(mapped, entry.context)])] };
}

/** The records some entries show on, and their orders (whose pending mark follows). */
export function recordsOf(entries: readonly StoredEntry[]): { keys: DocKey[]; orders: number[] } {
  const keys = [...new Set(entries.flatMap((entry) => operationOf(entry.kind).docs(entry.input, entry.context)))];
  const orders = [...new Set(entries.flatMap((entry) => (entry.workOrderId === null ? [] : [entry.workOrderId])))];
  return { keys, orders };
}
