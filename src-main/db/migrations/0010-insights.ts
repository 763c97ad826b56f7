import type { Migration } from './index';

const moment = (path: string) => `unixepoch(json_extract(d.json, '${path}')) * 1000`;
const pay = (path: string) => `json_extract(d.json, '$.pay.${path}')`;

// A trigger's OR REPLACE gives way to the policy of the statement that fired it (the repository's
// upsert aborts), so the triggers say ON CONFLICT themselves.
const INSIGHTS_COLUMNS = ['created_at', 'published_at', 'assigned_at', 'workdone_at', 'approved_at', 'canceled_at', 'pay_committed'] as const;

/**
 * One row per order with what Insights aggregates, out of the document: milestone moments (epoch
 * ms, null until reached or while only a list item is cached) and the labour the order commits.
 * The pay mirrors `laborSum` (src-shared/domain/pay-total.ts); a test holds the two together.
 */
const insightsRows = (documents: string) => `
  INSERT INTO work_order_insights (work_order_id, created_at, published_at, assigned_at, workdone_at, approved_at, canceled_at, pay_committed)
  SELECT d.id, ${moment('$.milestones.created.utc')}, ${moment('$.milestones.published.utc')}, ${moment('$.milestones.assigned.utc')},
    ${moment('$.milestones.workdone.utc')}, ${moment('$.milestones.approved.utc')}, ${moment('$.milestones.canceled.utc')},
    round(CASE ${pay('type')}
      WHEN 'hourly' THEN ${pay('base.amount')} * coalesce(${pay('base.units')}, 1)
      WHEN 'device' THEN ${pay('base.amount')} * coalesce(${pay('base.units')}, 1)
      WHEN 'blended' THEN ${pay('base.amount')} + coalesce(${pay('additional.amount')} * coalesce(${pay('additional.units')}, 1), 0)
      ELSE ${pay('base.amount')} END, 2)
  FROM ${documents}
  WHERE EXISTS (SELECT 1 FROM work_orders w WHERE w.id = d.id)
  ON CONFLICT (work_order_id) DO UPDATE SET ${INSIGHTS_COLUMNS.map((column) => `${column} = excluded.${column}`).join(', ')};`;

/** Resolved as the open-problem count reads it (work-order-columns.ts): `resolved`, or a resolved resolution. */
const problemRows = (documents: string) => `
  INSERT INTO work_order_problems (work_order_id, problem_id, type_id, type_name, resolved)
  SELECT d.id, json_extract(p.value, '$.id'), json_extract(p.value, '$.type.id'), json_extract(p.value, '$.type.name'),
    json_extract(p.value, '$.resolved') IS 1 OR json_extract(p.value, '$.resolution.status') IS 'resolved'
  FROM ${documents}, json_each(d.json, '$.problems.results') p
  WHERE json_type(p.value, '$.id') = 'integer' AND EXISTS (SELECT 1 FROM work_orders w WHERE w.id = d.id)
  ON CONFLICT DO NOTHING;`;

/** The document a trigger fires for, shaped as a row of work_order_documents. */
const NEW_DOCUMENT = '(SELECT NEW.id AS id, NEW.json AS json) d';

/**
 * Insights (issue 17 item 6) read milestones, pay and problems of 100,000 orders with SQL
 * aggregates; parsing every document for them would cost seconds. Triggers on the documents fill
 * two tables, so every writer (the pull, a refresh, the outbox) keeps them true without knowing of
 * them, and the backfill is the same SQL over the documents already cached. Milestones come with
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

    CREATE TRIGGER work_order_insights_insert AFTER INSERT ON work_order_documents BEGIN
      ${insightsRows(NEW_DOCUMENT)}
      ${problemRows(NEW_DOCUMENT)}
    END;
    CREATE TRIGGER work_order_insights_update AFTER UPDATE OF json ON work_order_documents BEGIN
      DELETE FROM work_order_problems WHERE work_order_id = NEW.id;
      ${insightsRows(NEW_DOCUMENT)}
      ${problemRows(NEW_DOCUMENT)}
    END;

    -- The backfill: the same statements over the documents already cached.
    ${insightsRows('work_order_documents d')}
    ${problemRows('work_order_documents d')}
  `,
};
