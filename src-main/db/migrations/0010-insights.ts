import type { Migration } from './index';

// The document is parsed once, for its milestones and pay together (`x.j`, a small array).
const moment = (slug: string) => `unixepoch(json_extract(x.j, '$[0].${slug}.utc')) * 1000`;
const pay = (path: string) => `json_extract(x.j, '$[1].${path}')`;

const INSIGHTS_COLUMNS = ['created_at', 'published_at', 'assigned_at', 'workdone_at', 'approved_at', 'canceled_at', 'pay_committed'] as const;

/**
 * One row per order with what Insights aggregates, out of the document: milestone moments (epoch
 * ms, null until reached or while only a list item is cached) and the labour the order commits.
 * The same as `InsightsWriter` (db/insights-rows.ts) writes with every order; the pay mirrors
 * `laborSum` (src-shared/domain/pay-total.ts). A test holds the three together.
 */
const insightsRows = (documents: string) => `
  INSERT INTO work_order_insights (work_order_id, created_at, published_at, assigned_at, workdone_at, approved_at, canceled_at, pay_committed)
  SELECT x.id, ${moment('created')}, ${moment('published')}, ${moment('assigned')}, ${moment('workdone')}, ${moment('approved')}, ${moment('canceled')},
    round(CASE ${pay('type')}
      WHEN 'hourly' THEN ${pay('base.amount')} * coalesce(${pay('base.units')}, 1)
      WHEN 'device' THEN ${pay('base.amount')} * coalesce(${pay('base.units')}, 1)
      WHEN 'blended' THEN ${pay('base.amount')} + coalesce(${pay('additional.amount')} * coalesce(${pay('additional.units')}, 1), 0)
      ELSE ${pay('base.amount')} END, 2)
  FROM (SELECT d.id AS id, json_extract(d.json, '$.milestones', '$.pay') AS j FROM ${documents}) x
  WHERE true
  ON CONFLICT (work_order_id) DO UPDATE SET ${INSIGHTS_COLUMNS.map((column) => `${column} = excluded.${column}`).join(', ')};`;

/** Resolved as the open-problem count reads it (work-order-columns.ts): `resolved`, or a resolved resolution. */
const problemRows = (documents: string) => `
  INSERT INTO work_order_problems (work_order_id, problem_id, type_id, type_name, resolved)
  SELECT d.id, json_extract(p.value, '$.id'), json_extract(p.value, '$.type.id'), json_extract(p.value, '$.type.name'),
    json_extract(p.value, '$.resolved') IS 1 OR json_extract(p.value, '$.resolution.status') IS 'resolved'
  FROM ${documents}, json_each(d.json, '$.problems.results') p
  -- List items carry no problems: the text test spares them a second parse of the document.
  WHERE instr(d.json, '"problems"') > 0 AND json_type(p.value, '$.id') = 'integer'
  ON CONFLICT DO NOTHING;`;

/** The documents cached before this version, of orders the cache holds. */
const CACHED_DOCUMENTS = '(SELECT d.id AS id, d.json AS json FROM work_order_documents d JOIN work_orders w ON w.id = d.id) d';

/**
 * Insights (issue 17 item 6) read milestones, pay and problems of 100,000 orders with SQL
 * aggregates; parsing every document for them would cost seconds. Two tables hold them, written
 * with each order by the repository (every writer: the pull, a refresh, the outbox) from the order
 * it has parsed already; triggers on the documents cost a first sync of 100,000 orders seconds of
 * JSON parsing. Here they are filled once from the documents already cached. Milestones come with
 * an order's full answer only: a cache that holds an order's list item has none for it yet.
 */
export const migration0010: Migration = {
  version: 10,
  name: 'insights',
  up: `
    CREATE TABLE work_order_insights (
      work_order_id INTEGER PRIMARY KEY REFERENCES work_orders(id) ON DELETE CASCADE,
      created_at INTEGER,
      published_at INTEGER,
      assigned_at INTEGER,
      workdone_at INTEGER,
      approved_at INTEGER,
      canceled_at INTEGER,
      pay_committed REAL
    );
    CREATE TABLE work_order_problems (
      work_order_id INTEGER NOT NULL REFERENCES work_orders(id) ON DELETE CASCADE,
      problem_id INTEGER NOT NULL,
      type_id INTEGER,
      type_name TEXT,
      resolved INTEGER NOT NULL CHECK (resolved IN (0, 1)),
      PRIMARY KEY (work_order_id, problem_id)
    ) WITHOUT ROWID;

    -- The backfill: the same statements over the documents already cached.
    ${insightsRows(CACHED_DOCUMENTS)}
    ${problemRows(CACHED_DOCUMENTS)}
  `,
};
