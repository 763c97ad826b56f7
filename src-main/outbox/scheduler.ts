import type { StoredEntry } from './outbox-store';

// Which entries go next. Each lane (one record) sends its entries strictly in order, one at a
// time; lanes run side by side.

/** The first entry of each lane, oldest first. */
function laneHeads(entries: readonly StoredEntry[]): StoredEntry[] {
  const heads = new Map<string, StoredEntry>();
  for (const entry of entries) if (!heads.has(entry.lane)) heads.set(entry.lane, entry);
  return [...heads.values()];
}

export interface ReadyQuery {
  /** Lanes with an entry on the wire. */
  busy: ReadonlySet<string>;
  limit: number;
  now: number;
  /** Uploads being cancelled: not sent again while their request winds down. */
  discarding: ReadonlySet<string>;
  /** Whether an entry still names a record created offline whose create has not been answered. */
  namesUnresolved(entry: StoredEntry): boolean;
}

/**
 * The next entries to send: the head of each lane not busy, due, not behind a refusal or an
 * unfinished lane it waits for, and naming no record still waiting for its create.
 */
export function readyEntries(entries: readonly StoredEntry[], { busy, limit, now, discarding, namesUnresolved }: ReadyQuery): StoredEntry[] {
  const ready: StoredEntry[] = [];
  for (const head of laneHeads(entries)) {
    if (ready.length >= limit) break;
    if (busy.has(head.lane) || head.state === 'refused' || head.state === 'sending' || discarding.has(head.id)) continue;
    if ((head.notBefore ?? 0) > now || (head.nextAttemptAt ?? 0) > now) continue;
    if (head.after.some((lane) => entries.some((other) => other.lane === lane && other.seq < head.seq))) continue;
    if (namesUnresolved(head)) continue;
    ready.push(head);
  }
  return ready;
}

/** When the earliest waiting head becomes due (undo window or backoff), for the runner's timer. */
export function nextDueAt(entries: readonly StoredEntry[]): number | null {
  const due = laneHeads(entries)
    .filter((head) => head.state === 'queued' || head.state === 'retrying')
    .map((head) => Math.max(head.notBefore ?? 0, head.nextAttemptAt ?? 0));
  return due.length > 0 ? Math.min(...due) : null;
}
