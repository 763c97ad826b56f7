import type { MarketplaceContext } from '../context';
import { WorkOrderPresenter } from './work-order-presenter';
import { perDatabase } from '../store/database';
import { workOrderRepository } from './work-order-repository';

interface ItemCache {
  generation: number;
  origin: string;
  items: Map<number, string>;
}

const caches = perDatabase((): ItemCache => ({ generation: -1, origin: '', items: new Map() }));
const generations = perDatabase((db) => db.prepare('SELECT total_changes()').pluck());
const ITEM_LIMIT = 20_000;

/**
 * The list items of these orders as JSON text, in the order given. Presenting and serializing a
 * page is most of its cost, so items are kept, but only while the database is unchanged: SQLite's
 * `total_changes()` moves with every write on the marketplace's one connection, whatever the
 * table, so an item (with the client, location and provider it shows) is never older than the store.
 */
export function listItemsJson(context: MarketplaceContext, ids: readonly number[]): string[] {
  const cache = caches(context);
  const generation = generations(context).get() as number;
  if (generation !== cache.generation || context.origin !== cache.origin || cache.items.size + ids.length > ITEM_LIMIT) {
    cache.items.clear();
    cache.generation = generation;
    cache.origin = context.origin;
  }
  const missing = ids.filter((id) => !cache.items.has(id));
  if (missing.length > 0) {
    const presenter = new WorkOrderPresenter(context);
    for (const record of workOrderRepository(context).findMany(missing)) cache.items.set(record.id, JSON.stringify(presenter.listItem(record)));
  }
  return ids.flatMap((id) => cache.items.get(id) ?? []);
}
