import type { OutboxEntry, OutboxEntryState } from '../../src-shared/ipc/outbox-channels';
import { operationOf } from './operations/index';
import type { ConflictField, StoredEntry } from './outbox-store';

/** Upload progress of entries on the wire, kept in memory: it changes many times a second and means nothing after a restart. */
export const uploadProgress = new WeakMap<StoredEntry, { sent: number; total: number }>();

function stateOf(entry: StoredEntry, entries: readonly StoredEntry[], now: number): OutboxEntryState {
  if (entry.state === 'refused') return 'refused';
  if (entry.state === 'sending') return 'sending';
  const blocked = (lane: string) => entries.some((other) => other.lane === lane && other.seq < entry.seq && other.state === 'refused');
  if (blocked(entry.lane) || entry.after.some(blocked)) return 'held';
  if ((entry.notBefore ?? 0) > now) return 'scheduled';
  if (entry.state === 'retrying') return 'retrying';
  return 'waiting';
}

/** The file an upload entry carries (its staged copy). */
export const stagedFileOf = (entry: StoredEntry) => entry.context.staged as { name: string; size: number } | undefined;

/** An entry as the outbox screen shows it. */
export function entryView(entry: StoredEntry, entries: readonly StoredEntry[], now: number): OutboxEntry {
  const staged = stagedFileOf(entry);
  const progress = uploadProgress.get(entry);
  return {
    id: entry.id,
    kind: entry.kind,
    summary: operationOf(entry.kind).summary(entry.input, entry.context),
    workOrderId: entry.workOrderId,
    state: stateOf(entry, entries, now),
    attempts: entry.attempts,
    createdAt: entry.createdAt,
    nextAttemptAt: entry.state === 'retrying' ? entry.nextAttemptAt : null,
    notBefore: entry.notBefore,
    error: entry.error,
    conflict: entry.conflict,
    upload: staged ? { name: staged.name, sent: progress?.sent ?? 0, total: staged.size } : null,
    input: entry.input,
  };
}

/**
 * Yours, theirs and before for each field a refused change set, when the marketplace's record
 * (`theirs`) moved since the change was made (`before`, its base); null when it did not.
 */
export function conflictOf(yours: Record<string, unknown>, before: unknown, theirs: unknown): ConflictField[] | null {
  const beforeFields = before as Record<string, unknown> | null | undefined;
  const theirFields = theirs as Record<string, unknown> | null;
  const fields = Object.entries(yours).map(([field, value]) => ({ field, yours: value, theirs: theirFields?.[field], before: beforeFields?.[field] }));
  return fields.some((field) => JSON.stringify(field.theirs) !== JSON.stringify(field.before)) ? fields : null;
}
