import type { OutboxEntry } from '../../../src-shared/ipc/outbox-channels';
import type { Pay } from '../../../src-shared/api/pay';
import { epochOfUtc, formatMoment } from '../../../src-shared/domain/moments';
import { fieldLabel } from '../../../src-shared/domain/field-labels';
import { plainText } from '../../../src-shared/domain/plain-text';

export { fieldLabel };
import { formatClock, formatMoney, formatPay } from '../../lib/format';

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

const LONGEST_VALUE = 160;

const cut = (text: string) => (text.length > LONGEST_VALUE ? `${text.slice(0, LONGEST_VALUE - 1)}…` : text);

/**
 * A value of a conflict table cell in words, never raw JSON: text as plain text; a record the
 * marketplace names by id as its name; a time labelled with its zone (UTC, as the marketplace
 * holds it); an address as one line; money as money; a list as its items.
 */
export function showValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string') return cut(epochOfUtc(value) !== undefined && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(value) ? formatMoment(epochOfUtc(value) as number, 'UTC') : plainText(value, LONGEST_VALUE));
  if (typeof value === 'number' || typeof value === 'boolean') return typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value);
  if (Array.isArray(value)) return value.length === 0 ? 'None' : cut(value.map((item) => showValue(item)).join(', '));
  const record = value as Record<string, unknown>;
  if (typeof record.name === 'string') return record.name;
  if (typeof record.label === 'string') return record.label;
  if (typeof record.html === 'string') return showValue(record.html);
  if (typeof record.utc === 'string') return showValue(record.utc);
  if (record.service_window && typeof record.service_window === 'object') return showValue(record.service_window);
  if (record.start && typeof record.start === 'object') {
    const start = showValue(record.start);
    return record.end && typeof record.end === 'object' ? `${start} – ${showValue(record.end)}` : start;
  }
  if (record.base && typeof record.base === 'object') return formatPay(record as Pay) || showValue(record.base);
  if (typeof record.amount === 'number') return formatMoney(record.amount);
  if (typeof record.address1 === 'string' || typeof record.city === 'string') return cut([record.address1, record.city, record.state, record.zip].filter((part) => typeof part === 'string' && part !== '').join(', '));
  if (typeof record.id === 'number') return `#${record.id}`;
  return cut(
    Object.entries(record)
      .filter(([, item]) => item !== null && item !== undefined && typeof item !== 'object')
      .map(([key, item]) => `${fieldLabel(key)} ${showValue(item)}`)
      .join(' · ') || 'Changed',
  );
}

export function orderLabel(id: number): string {
  return id < 0 ? 'New order' : `#${id}`;
}
