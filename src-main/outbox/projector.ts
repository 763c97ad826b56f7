import type { Documents, DocKey } from './documents';
import { parseDocKey } from './documents';
import { OPERATIONS } from './operations/index';
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
    const changing = entries.filter((entry) => OPERATIONS[entry.kind].docs(entry.input as never, entry.context).includes(key));
    let value: unknown = base;
    for (const entry of changing) {
      if (entry.state === 'refused') continue;
      const definition = OPERATIONS[entry.kind];
      value = definition.project(key, value, definition.mapIds(entry.input as never, map), entry.context);
    }
    const ref = parseDocKey(key);
    const orderPending = ref.kind === 'workorder' && entries.some((entry) => entry.workOrderId === ref.id);
    this.documents.write(key, value, orderPending);
    if (changing.length === 0) this.store.removeBase(key);
    return changing.length > 0;
  }
}
