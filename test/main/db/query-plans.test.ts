import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORK_ORDER_LIST_IDS } from '../../../src-shared/api/work-order-list';
import { ANY_TRIAGE_REASON } from '../../../src-main/db/attention-pages';
import { openCache, type CacheDatabase } from '../../../src-main/db/database';
import { InsightsRepository } from '../../../src-main/db/insights-repository';
import { listCachedManagers } from '../../../src-main/db/managers';
import type { CachedWorkOrderQuery } from '../../../src-main/db/work-order-query';
import { WorkOrderRepository } from '../../../src-main/db/work-order-repository';
import { fillCache } from '../../support/large-cache';
import { temporaryDir } from '../../support/temporary-dir';
import { recordStatements, type Ran } from './statement-recorder';
import { PLACES } from './work-order-fixtures';

// Issue 27: at a million cached orders a full table scan is seconds, not milliseconds. Every
// statement the list, the search, the counts and Insights run is recorded as it runs (its SQL and
// its values) over a cache the planner has statistics for, then explained: none may read a whole
// table. An index scanned in order for a sort, a virtual table (the text index, json_each) and a
// search's matches are not table scans.

/**
 * The plan's steps that read a whole table: `SCAN w`, `SCAN work_orders`, never `SCAN w USING INDEX …`.
 * A walk of the table in its own key's order for a page of ids (`ORDER BY w.id`) stops at the
 * page's end, as a walk of an index does: not a scan.
 */
function tableScans(db: CacheDatabase, { sql, values }: Ran): string[] {
  const steps = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...values) as { detail: string }[];
  // Also a dense list's page walked on purpose (its condition kept off the status index with `+`,
  // chosen only when the list holds a good share of the cache: work-order-repository's #listPage).
  // And "Needs attention" by id, walked only while its share of the cache keeps the walk short (attention-pages.ts).
  const walked = sql.replace(` WHERE ${ANY_TRIAGE_REASON} `, ' ');
  const pageByKey = /^SELECT w\.id FROM work_orders w\s+(WHERE \+w\.status_id IN \([\d, ]+\)\s+)?ORDER BY w\.id (ASC|DESC) LIMIT/.test(walked) && !steps.some((step) => step.detail.includes('TEMP B-TREE'));
  // A plan names a table by its alias: each alias back to what it stands for, a table or a CTE's rows.
  const tables = new Set(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]);
  const aliases = new Map([...sql.matchAll(/\b(?:FROM|JOIN)\s+(\w+)(?:\s+(?:AS\s+)?(\w+))?/gi)].map((match) => [match[2] ?? match[1], match[1]] as [string, string]));
  const readsTable = (name: string) => tables.has(aliases.get(name) ?? name) && !SMALL_TABLES.has(aliases.get(name) ?? name);
  return steps
    .map((step) => step.detail)
    .filter((detail) => {
      const scanned = /^SCAN (\w+)$/.exec(detail)?.[1];
      return scanned !== undefined && readsTable(scanned) && !(pageByKey && detail === 'SCAN w');
    });
}

const DAY = 24 * 3_600_000;
/** Tables a row per status, or one row, not per order: read whole by design (migrations 0019, 0027). */
const SMALL_TABLES = new Set(['work_order_counts', 'triage_version']);

describe('query plans of the list, search, counts, filters and Insights', () => {
  const folder = temporaryDir('query-plans-');
  let db: CacheDatabase;
  let ran: Ran[] = [];

  beforeAll(() => {
    fillCache(join(folder, 'cache.db'), 3_000);
    db = openCache(join(folder, 'cache.db'));
    ran = recordStatements(db).ran;
  });
  afterAll(() => db.close());

  it('reads no table whole, whatever the list, filter, search and sort', () => {
    const orders = new WorkOrderRepository(db);
    const place = PLACES[0];
    const now = Date.parse('2026-06-01T12:00:00Z');
    const queries: CachedWorkOrderQuery[] = [
      ...WORK_ORDER_LIST_IDS.map((list) => ({ list })),
      ...(['id', 'title', 'schedule', 'status', 'pay', 'updated'] as const).flatMap((sort) => [{ sort }, { sort, order: 'desc' as const }, { sort, list: 'workorders_assigned' as const }]),
      { sort: 'urgency', attention: true, now },
      { sort: 'urgency', attention: true, now, page: 3, per_page: 50 },
      { sort: 'schedule', attention: true, now },
      { sort: 'id', order: 'desc', attention: true, now },
      { attention: true, now, list: 'workorders_in_flight' },
      { f_search: 'install' },
      { f_search: 'ins', sort: 'schedule' },
      { f_search: 'EXT-42' },
      { f_search: 'repair', list: 'workorders_in_flight', f_city: place?.city, f_state: place?.state, sort: 'schedule' },
      { f_city: place?.city, f_state: place?.state, sort: 'pay', order: 'desc' },
      { f_client: 1, sort: 'schedule' },
      { f_type_of_work: 1 },
      { f_manager: 1 },
      { f_project: 1 },
      { f_work_order_id: 42 },
      { schedule_from: now, schedule_to: now + 7 * DAY, sort: 'schedule' },
      { provider: 1, sort: 'schedule' },
      { saved_location: 1 },
      { tag: 1 },
      { status_ids: [2, 3], sort: 'schedule' },
      { page: 40, sort: 'schedule' },
    ];
    for (const query of queries) {
      const page = orders.list(query);
      orders.marks(page.results.map((order) => order.id), now);
    }
    // A wide search walked asking each order of the text index (wide-search.ts), forced at this size.
    new WorkOrderRepository(db, 1, () => true).list({ f_search: 'de', sort: 'schedule' });
    orders.counts();
    orders.attentionCount(now);
    // The list's manager filter, read at every start.
    listCachedManagers(db);

    const insights = new InsightsRepository(db);
    const year = { from: now - 365 * DAY, to: now };
    insights.get(year, new Map(), now);
    insights.get({ ...year, client: 1 }, new Map(), now);
    insights.get({ ...year, typeOfWork: 1, durationsBy: 'client' }, new Map(), now);

    const selects = ran.filter(({ sql }) => /^\s*(SELECT|WITH)\b/i.test(sql));
    expect(selects.length).toBeGreaterThan(40);
    const scans = selects.flatMap((statement) => tableScans(db, statement).map((step) => `${step}  ←  ${statement.sql.replace(/\s+/g, ' ').slice(0, 160)}`));
    expect([...new Set(scans)]).toEqual([]);
  });

  it('finds a table scan when there is one (the check itself can fail)', () => {
    expect(tableScans(db, { sql: 'SELECT id FROM work_orders WHERE pending + 0 = 1', values: [] })).toEqual([expect.stringMatching(/^SCAN work_orders/)]);
    expect(tableScans(db, { sql: 'SELECT id FROM work_orders WHERE id = ?', values: [1] })).toEqual([]);
  });
});
