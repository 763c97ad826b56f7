import { describe, expect, it } from 'vitest';
import { openCache, type CacheDatabase } from '../../../src-main/db/database';
import { type EqualColumn, FilterColumns, MATCH_ROWIDS_SQL, type MemoryFilters, type MemorySort } from '../../../src-main/db/filter-columns';
import { type CachedWorkOrderQuery, listQuery } from '../../../src-main/db/work-order-query';
import { WorkOrderRepository } from '../../../src-main/db/work-order-repository';
import { WORK_ORDER_STATUSES } from '../../../src-shared/api/status';
import type { WorkOrder } from '../../../src-shared/api/work-order';
import { recordStatements } from './statement-recorder';
import { generatedWorkOrders, PLACES, random } from './work-order-fixtures';

// The columns kept in memory answer what SQLite answers for the same filters, sort and matches,
// whatever changed in the cache since they were built: they are compared with SQL after every
// batch of random changes of every kind.

/** Runs the build's turns by hand: each one waits here until `turns()`. */
function byHand() {
  const waiting: (() => void)[] = [];
  return {
    defer: (task: () => void) => void waiting.push(task),
    turns: (limit = Number.POSITIVE_INFINITY) => {
      let ran = 0;
      while (waiting.length > 0 && ran < limit) {
        (waiting.shift() as () => void)();
        ran += 1;
      }
      return ran;
    },
  };
}

/** Each column an equality reads, as SQL names it. */
const SQL_COLUMNS: Record<EqualColumn, string> = {
  city: 'city',
  state: 'state',
  country: 'country',
  client: 'client_id',
  project: 'project_id',
  manager: 'manager_id',
  typeOfWork: 'type_of_work_id',
};

function sqlSelect(db: CacheDatabase, rowids: readonly number[], filters: MemoryFilters, sort: MemorySort, descending: boolean): number[] {
  const conditions = ['w.id IN (SELECT value FROM json_each(@ids))'];
  const values: Record<string, unknown> = { ids: JSON.stringify(rowids), statuses: JSON.stringify(filters.statusIds ?? []) };
  if (filters.statusIds) conditions.push('w.status_id IN (SELECT value FROM json_each(@statuses))');
  for (const [column, value] of Object.entries(filters.equal ?? {}) as [EqualColumn, string | number][]) {
    conditions.push(`w.${SQL_COLUMNS[column]} = @${column}`);
    values[column] = value;
  }
  const direction = descending ? 'DESC' : 'ASC';
  const orderBy = sort === 'schedule' ? `w.schedule_start ${direction}, w.id ${direction}` : `w.id ${direction}`;
  return db.prepare(`SELECT w.id FROM work_orders w WHERE ${conditions.join(' AND ')} ORDER BY ${orderBy}`).pluck().all(values) as number[];
}

// The place columns compare without case, for ASCII letters only (COLLATE NOCASE): both are asked.
const CITIES = [...PLACES.map((place) => place.city), 'South Portland', 'Denver ', 'denver', 'PORTLAND', 'Évry', 'ÉVRY', 'évry'];
const STATES = [...new Set(PLACES.map((place) => place.state)), 'XX', 'co', 'Tx'];
const COUNTRIES = ['US', 'us', 'CA', 'México', 'MÉXICO'];
/** Ids for the id columns: the few the fixtures use, and some no order has. */
const IDS = [1, 2, 3, 4, 5, 6, 7, 101, 102, 103, 500, 501, 502, 999];
const ID_COLUMNS = ['client', 'project', 'manager', 'typeOfWork'] as const;
const STATUS_IDS = WORK_ORDER_STATUSES.map((status) => status.id);

describe('the columns a search’s filters read, kept in memory', () => {
  const setup = (orders = 600, buildRows = 100) => {
    const db = openCache(':memory:');
    const repository = new WorkOrderRepository(db);
    repository.upsertMany(generatedWorkOrders(orders, 3));
    const hand = byHand();
    const columns = new FilterColumns(db, { defer: hand.defer, buildRows });
    return { db, repository, hand, columns };
  };

  /** Ids once cached and removed since: asked too, as no longer there. */
  const removed = new Set<number>();

  /** Every way of asking, each checked against SQL over a random share of the ids (and some absent). */
  const expectSameAsSql = (db: CacheDatabase, columns: FilterColumns, next: () => number) => {
    const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)] as T;
    const ids = db.prepare('SELECT id FROM work_orders').pluck().all() as number[];
    for (let ask = 0; ask < 12; ask += 1) {
      const rowids = [...new Set([...ids.filter(() => next() < 0.6), ...removed, 999_999, -999])].sort((a, b) => a - b);
      const equal: NonNullable<MemoryFilters['equal']> = {};
      if (next() < 0.7) equal.city = pick(CITIES);
      if (next() < 0.6) equal.state = pick(STATES);
      if (next() < 0.3) equal.country = pick(COUNTRIES);
      for (const column of ID_COLUMNS) if (next() < 0.25) equal[column] = pick(IDS);
      const filters: MemoryFilters = { statusIds: next() < 0.3 ? undefined : STATUS_IDS.filter(() => next() < 0.5), equal };
      const sort = pick(['schedule', 'id'] as const);
      const descending = next() < 0.5;
      // A first page, one further on, one past the end; small (a heap keeps them) and large (sorted).
      const limit = pick([1, 25, 100, 400]);
      const offset = pick([0, 0, limit, 3 * limit, 5_000]);
      expect(columns.ready()).toBe(true);
      const all = sqlSelect(db, rowids, filters, sort, descending);
      const expected = { total: all.length, pageIds: all.slice(offset, offset + limit) };
      expect(columns.select(rowids, filters, { sort, descending }, offset, limit), JSON.stringify({ filters, sort, descending, offset, limit })).toEqual(expected);
    }
  };

  it('are built in turns, then answer as SQL does after every kind of change', () => {
    const { db, repository, hand, columns } = setup();
    expect(columns.ready()).toBe(false);
    // 600 orders, 100 a turn: the seventh finds the end.
    expect(hand.turns()).toBe(7);
    const next = random(17);
    const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)] as T;
    const anyId = () => pick(db.prepare('SELECT id FROM work_orders').pluck().all() as number[]);
    let newId = 10_000;
    let draftId = -1;
    const changes: (() => void)[] = [
      () => db.prepare('UPDATE work_orders SET status_id = ? WHERE id = ?').run(next() < 0.1 ? null : pick(STATUS_IDS), anyId()),
      () => db.prepare('UPDATE work_orders SET city = ?, state = ? WHERE id = ?').run(next() < 0.1 ? null : pick(CITIES), pick(STATES), anyId()),
      () => db.prepare('UPDATE work_orders SET schedule_start = ? WHERE id = ?').run(next() < 0.2 ? null : Math.floor(next() * 1e6), anyId()),
      () => db.prepare('UPDATE work_orders SET country = ? WHERE id = ?').run(next() < 0.2 ? null : pick(COUNTRIES), anyId()),
      () => db.prepare(`UPDATE work_orders SET ${SQL_COLUMNS[pick(ID_COLUMNS)]} = ? WHERE id = ?`).run(next() < 0.2 ? null : pick(IDS), anyId()),
      () => db.prepare("UPDATE work_orders SET title = 'Renamed' WHERE id = ?").run(anyId()),
      () => repository.upsertMany(generatedWorkOrders(1 + Math.floor(next() * 3), Math.floor(next() * 1e6), (newId += 5))),
      // An offline draft, and an order with an id lower than the last one: not in the sorted columns.
      () => repository.writeLocal(generatedWorkOrders(1, Math.floor(next() * 1e6), (draftId -= 1))[0] as WorkOrder, true),
      () => repository.upsertMany(generatedWorkOrders(1, Math.floor(next() * 1e6), 700 + Math.floor(next() * 50))),
      () => {
        const id = anyId();
        repository.remove(id);
        removed.add(id);
      },
      // An order renamed (an offline draft given the marketplace's id): removed, written again.
      () => {
        const id = anyId();
        const order = repository.get(id);
        repository.remove(id);
        removed.add(id);
        if (order) repository.upsertMany([{ ...order, id: (newId += 1) }]);
      },
    ];
    for (let batch = 0; batch < 60; batch += 1) {
      const count = 1 + Math.floor(next() * 8);
      for (let change = 0; change < count; change += 1) pick(changes)();
      expectSameAsSql(db, columns, next);
    }
    // Every change was followed: none had them built again.
    expect(hand.turns()).toBe(0);
  });

  it('follow a change to any one column they keep', () => {
    const { db, hand, columns } = setup(300, 1_000);
    expect(columns.ready()).toBe(false);
    hand.turns();
    const ask = (equal: MemoryFilters['equal'], statusIds?: number[]) => (columns.ready() ? columns.select([7, 8, 9], { equal, statusIds }, { sort: 'schedule', descending: false }, 0, 10).pageIds : undefined);
    const cases: [string, string | number, MemoryFilters['equal']][] = [
      ['city', 'Boulder', { city: 'boulder' }],
      ['state', 'NE', { state: 'NE' }],
      ['country', 'Canada', { country: 'CANADA' }],
      ['client_id', 77, { client: 77 }],
      ['project_id', 78, { project: 78 }],
      ['manager_id', 79, { manager: 79 }],
      ['type_of_work_id', 80, { typeOfWork: 80 }],
    ];
    for (const [column, value, equal] of cases) {
      expect(ask(equal), column).toEqual([]);
      db.prepare(`UPDATE work_orders SET ${column} = ? WHERE id = 8`).run(value);
      expect(ask(equal), column).toEqual([8]);
    }
    db.prepare('UPDATE work_orders SET status_id = 99 WHERE id = 8').run();
    expect(ask({}, [99])).toEqual([8]);
    // The schedule is the sort: the earliest first.
    db.prepare('UPDATE work_orders SET schedule_start = -1 WHERE id = 9').run();
    expect(ask({})?.[0]).toBe(9);
    expect(hand.turns()).toBe(0);
  });

  it('apply the changes made while they were being built', () => {
    const { db, repository, hand, columns } = setup(600, 100);
    expect(columns.ready()).toBe(false);
    hand.turns(3);
    // Behind the build (ids it read) and ahead of it (ids it has yet to read).
    db.prepare('UPDATE work_orders SET status_id = 9, city = ? WHERE id IN (5, 550)').run('Boulder');
    repository.remove(6);
    repository.remove(590);
    repository.upsertMany(generatedWorkOrders(2, 9, 5_000));
    expect(columns.ready()).toBe(false);
    expect(hand.turns()).toBe(4);
    expectSameAsSql(db, columns, random(5));
    expect(columns.select([5, 6, 550, 590], { equal: { city: 'Boulder' }, statusIds: [9] }, { sort: 'id', descending: false }, 0, 10)).toEqual({ total: 2, pageIds: [5, 550] });
  });

  it('know a city read in more than one state, whatever its case, and learn one that moves into another', () => {
    const { db, hand, columns } = setup(300, 1_000);
    expect(columns.ready()).toBe(false);
    hand.turns();
    expect(columns.ready()).toBe(true);
    // The fixtures' Portland is in Oregon and in Maine; Denver only in Colorado.
    expect(columns.inSeveralStates('Portland')).toBe(true);
    expect(columns.inSeveralStates('PORTLAND')).toBe(true);
    expect(columns.inSeveralStates('Denver')).toBe(false);
    expect(columns.inSeveralStates('Nowhere')).toBe(false);
    expect(columns.inSeveralStates(undefined)).toBe(false);
    db.prepare("UPDATE work_orders SET state = 'NM' WHERE id = (SELECT min(id) FROM work_orders WHERE city = 'Denver')").run();
    expect(columns.ready()).toBe(true);
    expect(columns.inSeveralStates('denver')).toBe(true);
  });

  it('test a status list of any ids: small ones, large ones, none', () => {
    const { hand, columns, db } = setup(200, 1_000);
    expect(columns.ready()).toBe(false);
    hand.turns();
    expect(columns.ready()).toBe(true);
    const rowids = db.prepare('SELECT id FROM work_orders ORDER BY id').pluck().all() as number[];
    for (const statusIds of [[], [3], [2, 3, 70_000], [-1, 3], [Number.NaN]]) {
      const all = sqlSelect(db, rowids, { statusIds }, 'id', false);
      expect(columns.select(rowids, { statusIds }, { sort: 'id', descending: false }, 0, 1_000), JSON.stringify(statusIds)).toEqual({ total: all.length, pageIds: all });
    }
  });

  it('are built again after a bulk load, after too many changes, and after changes pruned unread', () => {
    const { db, hand, columns } = setup(300, 1_000);
    expect(columns.ready()).toBe(false);
    hand.turns();
    expect(columns.ready()).toBe(true);
    // A bulk load's writes are not followed: its end says every order changed.
    const empty = openCache(':memory:');
    const loading = new WorkOrderRepository(empty);
    const loaded = new FilterColumns(empty, { defer: hand.defer });
    expect(loaded.ready()).toBe(false);
    hand.turns();
    expect(loaded.ready()).toBe(true);
    expect(loading.beginBulkLoad()).toBe(true);
    loading.upsertMany(generatedWorkOrders(200, 4));
    loading.endBulkLoad();
    expect(loaded.ready()).toBe(false);
    hand.turns();
    expectSameAsSql(empty, loaded, random(8));

    for (let change = 0; change < 2_100; change += 1) db.prepare('UPDATE work_orders SET status_id = ? WHERE id = 1').run(2 + (change % 2));
    expect(columns.ready()).toBe(false);
    hand.turns();
    expectSameAsSql(db, columns, random(9));

    for (let change = 0; change < 4_200; change += 1) db.prepare('UPDATE work_orders SET status_id = ? WHERE id = 2').run(2 + (change % 2));
    db.prepare('DELETE FROM filter_changes WHERE seq < (SELECT max(seq) FROM filter_changes)').run();
    expect(columns.ready()).toBe(false);
    hand.turns();
    expectSameAsSql(db, columns, random(10));
  });
});

describe('a search with filters, answered from the columns kept in memory', () => {
  it('gives the pages and totals SQL gives, once they are built, and asks SQL until then', async () => {
    const db = openCache(':memory:');
    const repository = new WorkOrderRepository(db);
    repository.upsertMany(generatedWorkOrders(2_000, 21));
    const { runsOf, ran, stop } = recordStatements(db);
    const queries: CachedWorkOrderQuery[] = [];
    for (const f_search of ['repair', 'install kio', 'acme', 'printer 2'])
      for (const list of ['workorders_in_flight', 'workorders_assigned', undefined] as const)
        for (const place of [
          { f_city: 'Denver', f_state: 'CO' },
          { f_state: 'TX', f_client: 2 },
          { f_city: 'portland' },
          { f_city: 'Portland', f_state: 'ME' },
          { f_city: 'Nowhere' },
          { f_type_of_work: 3, f_manager: 501 },
          { f_project: 104, f_country: 'us' },
          {},
        ] satisfies CachedWorkOrderQuery[])
          for (const sort of ['schedule', 'id'] as const) queries.push({ f_search, list, ...place, sort, order: f_search === 'acme' ? 'desc' : 'asc', page: f_search === 'repair' ? 2 : 1, per_page: 25 });
    const expected = (query: CachedWorkOrderQuery) => {
      const { where, parameters, orderBy } = listQuery(query);
      const ids = db.prepare(`SELECT w.id FROM work_orders w ${where} ORDER BY ${orderBy}`).pluck().all(parameters) as number[];
      const offset = ((query.page ?? 1) - 1) * (query.per_page ?? 25);
      return { total: ids.length, ids: ids.slice(offset, offset + (query.per_page ?? 25)) };
    };
    const answered = (query: CachedWorkOrderQuery) => {
      const page = repository.list(query);
      return { total: page.total, ids: page.results.map((order) => order.id) };
    };
    try {
      // The first asks SQL and starts the build, which runs in turns of the event loop.
      const first = queries.find((query) => query.list && query.f_city === 'Denver') as CachedWorkOrderQuery;
      expect(answered(first)).toEqual(expected(first));
      expect(runsOf(MATCH_ROWIDS_SQL)).toBe(0);
      const deadline = Date.now() + 5_000;
      while (runsOf(MATCH_ROWIDS_SQL) === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setImmediate(resolve));
        answered(first);
      }
      expect(runsOf(MATCH_ROWIDS_SQL)).toBeGreaterThan(0);
      let fromMemory = 0;
      for (const query of queries) {
        const before = runsOf(MATCH_ROWIDS_SQL);
        expect(answered(query), JSON.stringify(query)).toEqual(expected(query));
        fromMemory += runsOf(MATCH_ROWIDS_SQL) - before;
        // A change between two asks is seen by the next.
        db.prepare('UPDATE work_orders SET status_id = 4, city = ? WHERE id = ?').run(query.f_city ?? 'Denver', 1 + queries.indexOf(query) * 7);
      }
      // Every query with a condition beside the search: those without one read the index's order or walk.
      expect(fromMemory).toBe(queries.filter((query) => Object.keys(query).some((key) => key === 'list' ? query.list : key.startsWith('f_') && key !== 'f_search')).length);
      // A city found in several states is asked of the text index with its state; one found in one state, without.
      const asked = (query: CachedWorkOrderQuery) => {
        answered(query);
        return JSON.stringify(ran.filter((run) => run.sql === MATCH_ROWIDS_SQL).at(-1)?.values);
      };
      expect(asked({ f_search: 'repair', list: 'workorders_in_flight', f_city: 'Portland', f_state: 'ME', sort: 'schedule' })).toContain('location : \\"ME\\"');
      expect(asked({ f_search: 'repair', list: 'workorders_in_flight', f_city: 'Miami', f_state: 'FL', sort: 'schedule' })).not.toContain('FL');
    } finally {
      stop();
    }
  });
});
