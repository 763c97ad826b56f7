import type { OutboxEntry, OutboxEntryState } from '../../src-shared/ipc/outbox-channels';
import { OPERATIONS } from './operations/index';
import type { StoredEntry } from './outbox-store';


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
    summary: OPERATIONS[entry.kind].summary(entry.input as never),
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
