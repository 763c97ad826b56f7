import { describe, expect, it } from 'vitest';
import { openCache } from '../../../src-main/db/database';
import type { CachedWorkOrderQuery } from '../../../src-main/db/work-order-query';
import { WorkOrderRepository } from '../../../src-main/db/work-order-repository';
import type { WorkOrder } from '../../../src-shared/api/work-order';
import { generatedWorkOrders, PLACES } from './work-order-fixtures';

// A search beside a city or state filter asks the text index for the place's words too (search-query.ts,
// `narrowedByPlace`): only fewer orders to look up, never a different answer than filtering the search's matches.

/** Places whose words are odd to ask of the index: joined, quoted, accented, nested in another, wordless. */
const ODD_PLACES = [
  { city: 'Winston-Salem', state: 'NC' },
  { city: 'Coeur d\'Alene', state: 'ID' },
  { city: 'São Paulo', state: 'SP' },
  { city: 'Sao Paulo', state: 'SP' },
  { city: 'Quote "City"', state: 'TX' },
  { city: 'Portland', state: 'ME' },
  { city: 'South Portland', state: 'ME' },
  { city: 'St. Louis', state: 'MO' },
  { city: '—', state: '—' },
  { city: 'Austin', state: 'tx' },
];

function withPlaces(orders: WorkOrder[]): WorkOrder[] {
  return orders.map((order, index) => {
    if (index % 4 !== 0) return order;
    const place = ODD_PLACES[(index / 4) % ODD_PLACES.length] as (typeof ODD_PLACES)[number];
    return { ...order, location: { ...order.location, ...place } } as WorkOrder;
  });
}

describe('a search with place filters', () => {
  const db = openCache(':memory:');
  const repository = new WorkOrderRepository(db);
  repository.upsertMany(withPlaces(generatedWorkOrders(2_000, 11)));

  const everyId = (query: CachedWorkOrderQuery): number[] => {
    const ids: number[] = [];
    for (let page = 1; ; page += 1) {
      const answer = repository.list({ ...query, sort: 'id', per_page: 100, page });
      ids.push(...answer.results.map((order) => order.id));
      if (page >= answer.pages) return ids;
    }
  };
  const placeOf = (id: number) => repository.get(id)?.location;
  /** As the cache's city and state columns compare (COLLATE NOCASE: ASCII letters only). */
  const same = (value: string | null | undefined, filter: string | undefined) => filter === undefined || value?.replace(/[A-Z]/g, (letter) => letter.toLowerCase()) === filter.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

  it('answers exactly the search’s matches in that place, for every place, list and search', () => {
    let found = 0;
    for (const f_search of ['install', 'ins', 'p', 'printer 2', 'austin', 'paulo', 'city']) {
      for (const list of [undefined, 'workorders_in_flight'] as const) {
        const matches = everyId({ f_search, list });
        for (const place of [...ODD_PLACES, ...PLACES.slice(0, 3)]) {
          for (const filters of [{ f_city: place.city, f_state: place.state }, { f_city: place.city }, { f_state: place.state }]) {
            const expected = matches.filter((id) => same(placeOf(id)?.city, filters.f_city) && same(placeOf(id)?.state, filters.f_state));
            const query = { f_search, list, ...filters };
            expect(everyId(query), JSON.stringify(query)).toEqual(expected);
            expect(repository.list({ ...query, sort: 'schedule' }).total, JSON.stringify(query)).toBe(expected.length);
            found += expected.length;
          }
        }
      }
    }
    expect(found).toBeGreaterThan(1_000);
  });
});
