import type { CacheDatabase } from '../../../src-main/db/database';

/** One run of a prepared statement: its SQL and the values it ran with. */
export interface Ran {
  sql: string;
  values: unknown[];
}

/**
 * Records, from now on, the SQL of every statement prepared on `db` (`prepared`, each once) and every
 * run of one (`ran`: all, get, iterate); `stop` puts `prepare` back. What a query-plan check reads,
 * and how a test sees that a memo saved a query.
 */
export function recordStatements(db: CacheDatabase): { prepared: string[]; ran: Ran[]; runsOf: (sql: string) => number; stop: () => void } {
  const prepared: string[] = [];
  const ran: Ran[] = [];
  const prepare = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    prepared.push(sql);
    const statement = prepare(sql);
    for (const method of ['all', 'get', 'iterate'] as const) {
      const original = statement[method].bind(statement) as (...values: unknown[]) => unknown;
      (statement as unknown as Record<string, unknown>)[method] = (...values: unknown[]) => {
        ran.push({ sql, values });
        return original(...values);
      };
    }
    return statement;
  }) as typeof db.prepare;
  return {
    prepared,
    ran,
    runsOf: (sql) => ran.filter((run) => run.sql === sql).length,
    stop: () => {
      db.prepare = prepare;
    },
  };
}
