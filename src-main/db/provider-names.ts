import type { Statement } from 'better-sqlite3';
import type { CacheDatabase } from './database';

/**
 * A provider's name as the cache knows it: from a talent pool, else a request they made, else an
 * order assigned to them. Only for what the app shows (the outbox's "Assign #10007 to Grace Kim").
 */
const NAME_SQL = `
  SELECT name FROM (
    SELECT 1 AS rank, name FROM providers WHERE id = @id AND name IS NOT NULL AND name != ''
    UNION ALL
    SELECT 2, trim(coalesce(json_extract(json, '$.user.first_name'), '') || ' ' || coalesce(json_extract(json, '$.user.last_name'), ''))
      FROM requests WHERE provider_id = @id
    UNION ALL
    SELECT 3, trim(coalesce(json_extract(d.json, '$.assignee.user.first_name'), '') || ' ' || coalesce(json_extract(d.json, '$.assignee.user.last_name'), ''))
      FROM work_orders w JOIN work_order_documents d ON d.id = w.id WHERE w.provider_id = @id
  ) WHERE name != '' ORDER BY rank LIMIT 1`;

const statements = new WeakMap<CacheDatabase, Statement>();

export function providerName(db: CacheDatabase, id: number): string | undefined {
  let statement = statements.get(db);
  if (!statement) {
    statement = db.prepare(NAME_SQL).pluck();
    statements.set(db, statement);
  }
  return (statement.get({ id }) as string | undefined) ?? undefined;
}

const named = (path: string) => `trim(coalesce(json_extract(json, '${path}.first_name'), '') || ' ' || coalesce(json_extract(json, '${path}.last_name'), ''))`;

/** The first two of NAME_SQL's sources, for many providers at once; the best rank comes first. */
const NAMES_SQL = `
  SELECT id, name FROM (
    SELECT 1 AS rank, id, name FROM providers WHERE id IN (SELECT value FROM json_each(@ids)) AND name IS NOT NULL AND name != ''
    UNION ALL
    SELECT 2, provider_id, ${named('$.user')} FROM requests WHERE provider_id IN (SELECT value FROM json_each(@ids))
  ) WHERE name != '' ORDER BY rank`;

/** The third source, one document per provider (its latest order): reading every order of 300 providers would cost a board its budget. */
const ASSIGNEE_NAMES_SQL = `
  SELECT m.provider_id AS id, ${named('$.assignee.user')} AS name
  FROM (SELECT provider_id, MAX(id) AS id FROM work_orders WHERE provider_id IN (SELECT value FROM json_each(@ids)) GROUP BY provider_id) m
  JOIN work_order_documents d ON d.id = m.id`;

const batches = new WeakMap<CacheDatabase, { names: Statement; assignees: Statement }>();

/** `providerName` for many providers (the dispatch board's rows); a provider the cache cannot name is absent. */
export function providerNames(db: CacheDatabase, ids: readonly number[]): Map<number, string> {
  let s = batches.get(db);
  if (!s) {
    s = { names: db.prepare(NAMES_SQL), assignees: db.prepare(ASSIGNEE_NAMES_SQL) };
    batches.set(db, s);
  }
  const names = new Map<number, string>();
  for (const row of s.names.all({ ids: JSON.stringify(ids) }) as { id: number; name: string }[]) if (!names.has(row.id)) names.set(row.id, row.name);
  const unnamed = ids.filter((id) => !names.has(id));
  if (unnamed.length > 0) {
    for (const row of s.assignees.all({ ids: JSON.stringify(unnamed) }) as { id: number; name: string }[]) if (row.name !== '') names.set(row.id, row.name);
  }
  return names;
}
