import type { Documents, DocKey } from './documents';
import { docKey, parseDocKey } from './documents';
import { operationOf } from './operations/index';
import type { OutboxStore, StoredEntry } from './outbox-store';

/**
 * Keeps what the cache shows of each record equal to its base (the marketplace's last word) with
 * the waiting entries applied on top, in order. A refused entry is left out, so its change is
 * undone while the rest stay applied; when no entry names a record any more, its base goes and
 * the record is the marketplace's again (and the pull may update it).
 */
export class Projector {
  constructor(
    private readonly store: OutboxStore,
    private readonly documents: Documents,
  ) {}

  /** Before an entry first changes a record: remember the record as the marketplace last sent it. */
  keepBase(key: DocKey): void {
    if (this.store.base(key) === undefined) this.store.setBase(key, this.documents.read(key));
  }

  /** The marketplace answered for a record: that is its new base. */
  setBase(key: DocKey, value: unknown): void {
    this.store.setBase(key, value);
  }

  /** Moves a record's base from a temporary id to the real one, removing what the cache showed under the temporary id. */
  rename(from: DocKey, to: DocKey): void {
    const base = this.store.base(from);
    if (base === undefined) return;
    this.store.removeBase(from);
    if (this.store.base(to) === undefined) this.store.setBase(to, base);
  }

  /**
   * Writes what the coordinator should see of `key`, given the entries still queued (oldest first).
   * Answers whether any waiting entry still changes the record.
   */
  project(key: DocKey, entries: readonly StoredEntry[], map: (id: number) => number): boolean {
    const base = this.store.base(key);
    if (base === undefined) return false;
    const changing = entries.filter((entry) => operationOf(entry.kind).docs(entry.input, entry.context).includes(key));
    let value: unknown = base;
    for (const entry of changing) {
      if (entry.state === 'refused') continue;
      const definition = operationOf(entry.kind);
      value = definition.project(key, value, definition.mapIds(entry.input, map), entry.context);
    }
    const ref = parseDocKey(key);
    const orderPending = ref.kind === 'workorder' && entries.some((entry) => entry.workOrderId === ref.id);
    this.documents.write(key, value, orderPending);
    if (changing.length === 0) this.store.removeBase(key);
    return changing.length > 0;
  }

  /** Shows `keys` again (orders first: parts hang off the order row); the orders' pending marks follow the entries. */
  reproject(keys: readonly DocKey[], orders: readonly number[], entries: readonly StoredEntry[], map: (id: number) => number): void {
    for (const key of ordersFirst(keys)) this.project(key, entries, map);
    for (const id of orders) this.documents.setOrderPending(id, entries.some((entry) => entry.workOrderId === id));
  }

  /**
   * The same for many new entries at once (a bulk import): the entries touching each record are
   * found in one pass over the outbox, not one scan per record.
   */
  reprojectNew(keys: readonly DocKey[], added: readonly StoredEntry[], entries: readonly StoredEntry[], map: (id: number) => number): void {
    const touching = new Map<DocKey, StoredEntry[]>(keys.map((key) => [key, []]));
    for (const entry of entries) for (const key of operationOf(entry.kind).docs(entry.input, entry.context)) touching.get(key)?.push(entry);
    for (const key of ordersFirst(keys)) this.project(key, touching.get(key) ?? [], map);
    const pendingOrders = new Set(entries.map((entry) => entry.workOrderId));
    for (const entry of added) if (entry.workOrderId !== null) this.documents.setOrderPending(entry.workOrderId, pendingOrders.has(entry.workOrderId));
  }

  /**
   * A record created offline has its real id: its bases move there (`touched` and `orders` follow)
   * and its temporary rows go; the reprojection that follows writes the real ones.
   */
  renameRecord(temp: number, real: number, touched: Set<DocKey>, orders: Set<number>): void {
    for (const kind of ['workorder', 'parts', 'location'] as const) {
      const from = docKey(kind, temp);
      if (this.store.base(from) === undefined) continue;
      this.rename(from, docKey(kind, real));
      touched.delete(from);
      touched.add(docKey(kind, real));
    }
    this.documents.write(docKey('workorder', temp), null, false);
    this.documents.write(docKey('location', temp), null, false);
    if (orders.delete(temp)) orders.add(real);
  }

  /** The marketplace's current order: a new base, or the cache itself when no entry changes it. */
  acceptServerOrder(order: { id: number }, entries: readonly StoredEntry[], map: (id: number) => number): void {
    const key = docKey('workorder', order.id);
    if (this.store.base(key) === undefined) {
      if (!entries.some((entry) => entry.workOrderId === order.id)) this.documents.write(key, order, false);
      return;
    }
    this.setBase(key, order);
    this.reproject([key], [order.id], entries, map);
  }

  /**
   * After a pull rewrote saved locations and talent pool attributes whole: each with waiting
   * changes takes the pulled one as its base. Answers the records to show again.
   */
  rebaseDirectory(): DocKey[] {
    const keys = this.store.baseDocs().filter((key) => key.startsWith('location:') || key.startsWith('poolmember:')) as DocKey[];
    for (const key of keys) {
      const ref = parseDocKey(key);
      if (ref.kind === 'poolmember' || ref.id > 0) this.setBase(key, this.documents.read(key));
    }
    return keys;
  }
}

function ordersFirst(keys: readonly DocKey[]): DocKey[] {
  return [...keys].sort((a, b) => Number(b.startsWith('workorder:')) - Number(a.startsWith('workorder:')));
}
