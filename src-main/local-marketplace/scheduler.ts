import type { Clock } from './clock';
import { preparedStatement, type MarketplaceDatabase } from './store/database';

export type JobHandler = (payload: unknown) => void;

/**
 * Work due at a later time (paying an approved order, a webhook retry), stored in SQLite so it
 * survives a restart, run by a ticker on real time and at once when the clock is advanced.
 */
export class Scheduler {
  readonly #handlers = new Map<string, JobHandler>();
  #timer: ReturnType<typeof setInterval> | undefined;
  #running = false;

  constructor(
    private readonly db: MarketplaceDatabase,
    private readonly clock: Clock,
    private readonly onError: (error: unknown, kind: string) => void,
  ) {
    clock.onAdvance(() => this.runDue());
  }

  #statement(sql: string) {
    return preparedStatement({ db: this.db }, sql);
  }

  handle(kind: string, handler: JobHandler): void {
    this.#handlers.set(kind, handler);
  }

  schedule(kind: string, dueAt: number, payload: unknown): void {
    this.#statement('INSERT INTO scheduled_jobs (due_at, kind, payload) VALUES (?, ?, ?)').run(dueAt, kind, JSON.stringify(payload));
  }

  cancel(kind: string, match: (payload: unknown) => boolean): void {
    const rows = this.#statement('SELECT id, payload FROM scheduled_jobs WHERE kind = ?').all(kind) as { id: number; payload: string }[];
    const remove = this.#statement('DELETE FROM scheduled_jobs WHERE id = ?');
    for (const row of rows) if (match(JSON.parse(row.payload))) remove.run(row.id);
  }

  start(intervalMs = 200): void {
    this.#timer ??= setInterval(() => this.runDue(), intervalMs);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** Runs each due job once, in due order; a job and its removal commit together. */
  runDue(): void {
    if (this.#running) return;
    this.#running = true;
    try {
      const due = this.#statement('SELECT id, kind, payload FROM scheduled_jobs WHERE due_at <= ? ORDER BY due_at, id').all(this.clock.now()) as {
        id: number;
        kind: string;
        payload: string;
      }[];
      const remove = this.#statement('DELETE FROM scheduled_jobs WHERE id = ?');
      for (const job of due) {
        const handler = this.#handlers.get(job.kind);
        try {
          this.db.transaction(() => {
            handler?.(JSON.parse(job.payload));
            remove.run(job.id);
          })();
        } catch (error) {
          // A failing job is dropped rather than retried forever; the error is reported.
          remove.run(job.id);
          this.onError(error, job.kind);
        }
      }
    } finally {
      this.#running = false;
    }
  }
}
