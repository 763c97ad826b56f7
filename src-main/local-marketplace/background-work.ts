import { randomUUID } from 'node:crypto';
import type { BackgroundWorker, WorkerAnswer } from '../../src-shared/api/auto-dispatch';
import type { AuthInfo } from './auth/require-token';
import type { MarketplaceContext } from './context';
import { apiTimestamp } from './http/timestamp';
import { MarketplaceError } from './http/errors';
import { preparedStatement } from './store/database';

/** Returned by work that goes on after its turn (a delayed dispatch): the worker stays in progress until `finish`. */
export const CONTINUES_LATER = Symbol('continues later');

export interface BackgroundRequest {
  /** `AUTODISP` for auto-dispatch; `ASYNC` for an `async=true` call. */
  type?: string;
  /** What the worker carries out, e.g. `POST /api/rest/v2/workorders/10001/expenses`. */
  request: string;
  /** The query without `access_token`, and the parsed body, as the worker's payload shows them. */
  query: Record<string, unknown>;
  body: unknown;
  auth: AuthInfo;
}

interface WorkerRow {
  id: number;
  company_id: number;
  type: string;
  status: string;
  request: string;
  payload: string;
  response: string;
  created_at: number;
  user_id: number;
}

/**
 * `async=true` and auto-dispatch (decisions §6): validate first, then answer a `__worker` at once
 * and do the work after the answer. The worker row records how it ended (`done` or `failed` with
 * the error body), for `/__local/workers/{id}` and for tests, which `settled()` lets wait.
 */
export class BackgroundWork {
  readonly #running = new Set<Promise<void>>();

  constructor(private readonly context: Pick<MarketplaceContext, 'db' | 'clock' | 'logger' | 'options'>) {}

  start(request: BackgroundRequest, work: (workerId: number) => unknown): WorkerAnswer {
    const payload = { query: Object.entries(request.query).filter(([name]) => name !== 'access_token').map(([name, value]) => ({ name, value })), body: request.body ?? null, additional_params: [] };
    const id = Number(
      preparedStatement(this.context, 'INSERT INTO async_workers (company_id, user_id, type, status, request, payload, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
        request.auth.companyId,
        request.auth.userId,
        request.type ?? 'ASYNC',
        'in_progress',
        request.request,
        JSON.stringify(payload),
        this.context.clock.now(),
      ).lastInsertRowid,
    );
    const answer = { __worker: this.find(id) as BackgroundWorker };
    const run = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.#finish(id, work));
    this.#running.add(run);
    void run.finally(() => this.#running.delete(run));
    return answer;
  }

  /** Resolves once every worker started so far has finished. */
  async settled(): Promise<void> {
    while (this.#running.size > 0) await Promise.all(this.#running);
  }

  /** Any company's worker: only the control plane and tests read workers (the real API shows no such read). */
  find(id: number): BackgroundWorker | undefined {
    const row = this.#row(id);
    return row ? this.#present(row) : undefined;
  }

  #present(row: WorkerRow): BackgroundWorker {
    const user = preparedStatement(this.context, 'SELECT id, first_name, last_name FROM users WHERE id = ?').get(row.user_id) as
      | { id: number; first_name: string; last_name: string }
      | undefined;
    return {
      id: row.id,
      type: row.type,
      user: { thumbnail: '', id: row.user_id, first_name: user?.first_name ?? '', last_name: user?.last_name ?? '' },
      created: apiTimestamp(row.created_at),
      status: row.status,
      request: row.request,
      payload: JSON.parse(row.payload) as BackgroundWorker['payload'],
      response: JSON.parse(row.response) as unknown,
      correlation_id: randomUUID(),
      actions: row.status === 'in_progress' ? ['delete'] : [],
    };
  }

  #row(id: number): WorkerRow | undefined {
    return preparedStatement(this.context, 'SELECT * FROM async_workers WHERE id = ?').get(id) as WorkerRow | undefined;
  }

  /** Records how a worker ended; work that returned CONTINUES_LATER calls it when done. */
  finish(id: number, response: unknown, status: 'done' | 'failed' = 'done'): void {
    this.context.db.transaction(() => {
      preparedStatement(this.context, 'UPDATE async_workers SET status = ?, response = ?, finished_at = ? WHERE id = ?').run(status, JSON.stringify(response ?? {}), this.context.clock.now(), id);
      // Each worker keeps its request body: only the newest finished ones stay, running ones always.
      preparedStatement(
        this.context,
        `DELETE FROM async_workers WHERE status != 'in_progress' AND id <= (
           SELECT id FROM async_workers WHERE status != 'in_progress' ORDER BY id DESC LIMIT 1 OFFSET ?)`,
      ).run(this.context.options.asyncWorkersKept);
    })();
  }

  #finish(id: number, work: (workerId: number) => unknown): void {
    let status: 'done' | 'failed' = 'done';
    let response: unknown;
    try {
      response = work(id);
      if (response === CONTINUES_LATER) return;
    } catch (error) {
      status = 'failed';
      if (!(error instanceof MarketplaceError)) this.context.logger.error('marketplace: background work failed', { id, error });
      // The body the same failure would have answered without async=true.
      response = (error instanceof MarketplaceError ? error : new MarketplaceError('INTERNAL')).toBody();
    }
    this.finish(id, response, status);
  }
}

/**
 * Runs `work` before answering, or, when the caller asked `async=true`, answers a `__worker` at
 * once and runs it after. Validate the input before calling this: bad input is a 400 either way.
 */
export function nowOrLater<Result>(
  context: MarketplaceContext,
  asked: boolean | undefined,
  call: { request: { method: string; url: string; query: unknown }; auth: AuthInfo; body?: unknown },
  work: () => Result,
): Result | WorkerAnswer {
  if (!asked) return work();
  return context.background.start(
    {
      request: `${call.request.method} ${call.request.url.split('?')[0]}`,
      query: (call.request.query ?? {}) as Record<string, unknown>,
      body: call.body,
      auth: call.auth,
    },
    work,
  );
}
