import type { HistoryEntry } from '../../src-shared/domain/history-entry';
import { marketplaceHistory, type NameOf, type OrderParts } from '../../src-shared/domain/order-history';
import { HISTORY_SHOWN, type OrderHistory } from '../../src-shared/ipc/order-history';
import type { LoggedStep } from '../outbox/outbox-log';

/** What an order's history is made of: its cached copy (none once the cache lost it) and its outbox steps. */
export interface HistorySources {
  parts: OrderParts | undefined;
  /** The outbox log's steps for the order, any order (`OutboxLog.forOrder`). */
  steps: readonly LoggedStep[];
  nameOf?: NameOf;
}

/**
 * The change without the order's own number, which the history it sits in already says:
 * "Assign #10011 to Ana Ruiz" reads "Assign to Ana Ruiz", "Set the ETA of #10019 to …" reads
 * "Set the ETA to …". Any other order a change names keeps its number.
 */
export function withoutOrder(summary: string, ids: readonly number[]): string {
  let text = summary;
  for (const id of ids) text = text.replace(new RegExp(`\\s*(?:\\b(?:to|on|of|for|from|in)\\s+)?#${id}(?![\\d])`), '');
  return text.trim() || summary;
}

/** One outbox step in the coordinator's words: who did it, and what as the rest of a sentence ("You" "sent it to the marketplace"). */
function stepLine(step: LoggedStep, about: string): Pick<HistoryEntry, 'who' | 'what' | 'about'> {
  switch (step.step) {
    case 'queued':
      return { who: 'You', what: `queued “${about}”${step.detail.offline ? ' while offline' : ''}` };
    case 'sent':
      return { who: 'You', what: (step.detail.attempt ?? 1) > 1 ? `sent it again (attempt ${step.detail.attempt})` : 'sent it to the marketplace', about };
    case 'applied':
      return { who: 'Marketplace', what: 'applied it', about };
    case 'refused':
      return { who: 'Marketplace', what: `refused it: ${step.detail.reason ?? 'no reason given'}`, about };
    case 'failed':
      return { who: 'You', what: `could not send it yet (${step.detail.reason ?? 'no answer'}); trying again`, about };
    case 'retried':
      return { who: 'You', what: 'sent it again after the refusal', about };
    case 'edited':
      return { who: 'You', what: 'edited it and queued it again', about };
    case 'undone':
      return { who: 'You', what: 'undid it before it was sent', about };
    case 'discarded':
      return { who: 'You', what: 'discarded it', about };
  }
}

/**
 * An order's history: the marketplace's dated steps merged with the outbox's steps of the
 * coordinator's changes, newest first (by the instant; an outbox step before a marketplace one of
 * the same millisecond, since the marketplace's times are whole seconds), the newest `limit` kept.
 */
export function orderHistory(workOrderId: number, { parts, steps, nameOf }: HistorySources, limit = HISTORY_SHOWN): OrderHistory {
  const market = parts ? marketplaceHistory(parts, nameOf) : [];
  const ours: HistoryEntry[] = steps.map((step) => {
    const about = withoutOrder(step.summary, [...new Set([workOrderId, step.workOrderId ?? workOrderId])]);
    return { id: `outbox:${step.id}`, at: step.at, kind: step.step, source: 'this-machine', ...stepLine(step, about) };
  });
  // Steps of one entry share a millisecond at times (a send refused at once): the log's order decides then.
  const order = new Map(steps.map((step, index) => [`outbox:${step.id}`, index]));
  const rank = (entry: HistoryEntry) => order.get(entry.id) ?? Number.MAX_SAFE_INTEGER;
  const all = [...ours, ...market].sort((a, b) => b.at - a.at || rank(a) - rank(b) || a.id.localeCompare(b.id));
  return { entries: all.slice(0, limit), older: Math.max(0, all.length - limit) };
}
