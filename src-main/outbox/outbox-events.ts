import type { AppliedEntry } from '../../src-shared/ipc/notices';
import { type DocKey, type RecordDocKind, docKey, parseDocKey } from './documents';

/** What the outbox tells the rest of the app; the workspace forwards these as IPC events. */
export interface OutboxEvents {
  changed(counts: { pending: number; refused: number }): void;
  workOrdersChanged(ids: number[], renamed: { from: number; to: number }[]): void;
  locationsChanged(ids: number[], renamed: { from: number; to: number }[]): void;
  /** The marketplace accepted an entry: it has left the line (notifications follow finished uploads). */
  applied?(entry: AppliedEntry): void;
}

/**
 * One change of the outbox as events: the orders and locations it showed anew (an order whose
 * waiting changes changed counts, a message to its provider say, though none of its records did),
 * then the counts.
 */
export function announceChange(
  events: OutboxEvents,
  keys: readonly DocKey[],
  counts: { pending: number; refused: number },
  renamed: { from: number; to: number }[] = [],
  touchedOrders: readonly number[] = [],
): void {
  const ids = (kind: RecordDocKind) => [...new Set(keys.map(parseDocKey).flatMap((ref) => (ref.kind === kind ? [ref.id] : [])))];
  const orders = [...new Set([...ids('workorder'), ...ids('parts'), ...touchedOrders])];
  if (orders.length > 0 || renamed.length > 0) events.workOrdersChanged(orders, renamed.filter((rename) => keys.includes(docKey('workorder', rename.to))));
  const locations = ids('location');
  if (locations.length > 0) events.locationsChanged(locations, renamed.filter((rename) => keys.includes(docKey('location', rename.to))));
  events.changed(counts);
}
