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
