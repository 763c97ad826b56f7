import type { Statement } from 'better-sqlite3';
import type { CacheDatabase } from './database';

/** Statements by SQL text: the texts come from a finite set of clauses, so the map stays small. */
export class StatementCache {
  readonly #statements = new Map<string, Statement>();
  constructor(private readonly db: CacheDatabase) {}

  get(sql: string): Statement {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }
}
