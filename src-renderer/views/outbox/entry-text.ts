import type { OutboxEntry } from '../../../src-shared/ipc/outbox-channels';
import { formatClock } from '../../lib/format';

/** "in 8 s", "in 3 min": a countdown that reads at a glance; "now" once it is due. */
export function inTime(at: number, now: number): string {
  const seconds = Math.ceil((at - now) / 1000);
  if (seconds <= 0) return 'now';
  return seconds < 90 ? `in ${seconds} s` : `in ${Math.round(seconds / 60)} min`;
}

export const STATE_LABELS: Record<OutboxEntry['state'], string> = {
  scheduled: 'Scheduled',
  waiting: 'Waiting',
  sending: 'Sending',
  retrying: 'Retrying',
  refused: 'Refused',
  held: 'Held',
};

/** The line under the state: why it waits and until when. */
export function stateDetail(entry: OutboxEntry, now: number, offline: boolean): string {
  switch (entry.state) {
    case 'scheduled':
      return entry.notBefore === null ? 'Inside its undo window' : `Undo window: sent ${inTime(entry.notBefore, now)}`;
    case 'waiting':
      return offline ? 'Sent when back online' : 'Next in line';
    case 'sending':
      return 'On the wire now';
    case 'retrying': {
      const attempts = `${entry.attempts} ${entry.attempts === 1 ? 'attempt' : 'attempts'}`;
      const next = entry.nextAttemptAt === null ? '' : `; next at ${formatClock(entry.nextAttemptAt)} (${inTime(entry.nextAttemptAt, now)})`;
      return `${attempts}${next}${entry.error ? `: ${entry.error.message}` : ''}`;
    }
    case 'refused':
      return entry.error?.message ?? 'The marketplace refused it';
    case 'held':
      return 'Behind a refused change of the same order';
  }
}

const LONGEST_VALUE = 120;

/**
 * A value of a conflict table cell: text as is; a record the marketplace names by id as its name
 * and id (its full client is no use beside "yours": an id); anything else as compact JSON, cut short.
 */
export function showValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && !Array.isArray(value) && 'id' in value) {
    const { id, name } = value as { id: unknown; name?: unknown };
    return typeof name === 'string' ? `${name} (id ${String(id)})` : `id ${String(id)}`;
  }
  const text = JSON.stringify(value);
  return text.length > LONGEST_VALUE ? `${text.slice(0, LONGEST_VALUE - 1)}…` : text;
}

export function orderLabel(id: number): string {
  return id < 0 ? `New order ${id}` : `#${id}`;
}
