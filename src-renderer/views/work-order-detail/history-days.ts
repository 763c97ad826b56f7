import type { HistoryEntry } from '../../../src-shared/ipc/order-history';

/** One day of an order's history, in the zone it is read in. */
export interface HistoryDay {
  /** "2026-11-27": keys the group and is the `<time>`'s datetime. */
  key: string;
  /** "Today", "Yesterday", "Wed, Nov 25", or with the year when it is not this one. */
  label: string;
  entries: HistoryEntry[];
}

// Building a formatter costs far more than using one; a panel reads in one or two zones.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string, kind: 'key' | 'label' | 'clock'): Intl.DateTimeFormat {
  const id = `${zone} ${kind}`;
  let found = formatters.get(id);
  if (!found) {
    const options: Record<typeof kind, Intl.DateTimeFormatOptions> = {
      key: { year: 'numeric', month: '2-digit', day: '2-digit' },
      label: { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' },
      clock: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' },
    };
    found = new Intl.DateTimeFormat(kind === 'key' ? 'en-CA' : 'en-US', { timeZone: zone, ...options[kind] });
    formatters.set(id, found);
  }
  return found;
}

const dayKey = (epoch: number, zone: string) => formatter(zone, 'key').format(new Date(epoch));

/** The steps grouped by day in `zone`, newest day first; the entries keep their order (newest first). */
export function historyDays(entries: readonly HistoryEntry[], zone: string, now = Date.now()): HistoryDay[] {
  const today = dayKey(now, zone);
  const yesterday = dayKey(now - 86_400_000, zone);
  const thisYear = today.slice(0, 4);
  const days: HistoryDay[] = [];
  for (const entry of entries) {
    const key = dayKey(entry.at, zone);
    let day = days.at(-1);
    if (day?.key !== key) {
      const full = formatter(zone, 'label').format(new Date(entry.at));
      const label = key === today ? 'Today' : key === yesterday ? 'Yesterday' : key.startsWith(thisYear) ? full.replace(/, \d{4}$/, '') : full;
      day = { key, label, entries: [] };
      days.push(day);
    }
    day.entries.push(entry);
  }
  return days;
}

/** "14:02 CST": a step's clock in `zone`, the zone named as everywhere else in the detail. */
export function historyClock(epoch: number, zone: string): string {
  return formatter(zone, 'clock').format(new Date(epoch)).replace(/^24:/, '00:');
}
