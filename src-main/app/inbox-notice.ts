import type { InboxKind } from '../../src-shared/ipc/inbox';
import type { Notice } from '../../src-shared/ipc/notices';
import { plainText } from '../../src-shared/domain/plain-text';
import type { ArrivedCount, InboxArrivals } from '../db/inbox-arrivals';

// The words of the one notice a burst of new Inbox items gets: what came, how many, on which orders.

type Noun = readonly [one: string, many: string];
const NOUNS: Record<InboxKind, Noun> = {
  message: ['a message', 'messages'],
  request: ['a request', 'requests'],
  'counter-offer': ['a counter-offer', 'counter-offers'],
  eta: ['an ETA', 'ETAs'],
  delay: ['a delay', 'delays'],
  'check-in': ['a check-in', 'check-ins'],
  'check-out': ['a check-out', 'check-outs'],
  problem: ['a problem', 'problems'],
  deliverable: ['a deliverable to review', 'deliverables to review'],
};
const LATE_CHECK_IN: Noun = ['a late check-in', 'late check-ins'];
// In the order the Inbox's kinds are listed, a late check-in before the others.
const ORDER: readonly string[] = ['message', 'request', 'counter-offer', 'delay', 'eta', 'check-in:late', 'check-in', 'check-out', 'problem', 'deliverable'];
const keyOf = (count: Pick<ArrivedCount, 'kind' | 'late'>) => (count.kind === 'check-in' && count.late ? 'check-in:late' : count.kind);

const TITLE_OF_ONE: Record<InboxKind, string> = {
  message: 'A new message',
  request: 'A new request',
  'counter-offer': 'A new counter-offer',
  eta: 'A provider’s ETA',
  delay: 'A provider is running late',
  'check-in': 'A new check-in',
  'check-out': 'A new check-out',
  problem: 'A new problem',
  deliverable: 'A new deliverable to review',
};
/** A single item's line, bounded: the notice is a glance, the Inbox has the rest. */
const ONE_LINE_LIMIT = 200;

/** "a, b and c" */
function listed(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function onOrders({ count, first, last }: InboxArrivals['orders']): string {
  if (count === 1) return `on #${first}`;
  if (count === 2) return `on #${first} and #${last}`;
  return `on ${count} work orders`;
}

/** What to say of the items that arrived in one burst; nothing when none did. */
export function inboxNotice(arrivals: InboxArrivals): Notice | undefined {
  const { counts, orders, latest } = arrivals;
  const total = counts.reduce((sum, count) => sum + count.count, 0);
  if (total === 0 || latest === undefined) return undefined;
  const about = orders.count === 1 && orders.first !== null ? { workOrderId: orders.first } : {};
  if (total === 1) {
    const title = latest.kind === 'check-in' && latest.late ? 'A late check-in' : TITLE_OF_ONE[latest.kind];
    return { kind: 'inbox', title, body: plainText(`${latest.who} ${latest.what} on #${latest.workOrderId}`, ONE_LINE_LIMIT), workOrderId: latest.workOrderId };
  }
  const merged = new Map<string, number>();
  for (const count of counts) merged.set(keyOf(count), (merged.get(keyOf(count)) ?? 0) + count.count);
  const phrases = ORDER.filter((key) => merged.has(key)).map((key) => {
    const [one, many] = key === 'check-in:late' ? LATE_CHECK_IN : NOUNS[key as InboxKind];
    const count = merged.get(key) ?? 0;
    return count === 1 ? one : `${count} ${many}`;
  });
  return { kind: 'inbox', title: `${total} new in the Inbox`, body: `${capitalized(listed(phrases))} ${onOrders(orders)}`, ...about };
}
