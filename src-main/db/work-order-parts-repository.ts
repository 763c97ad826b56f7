import type { Attachment } from '../../src-shared/api/attachment';
import type { Expense, ExpenseSum } from '../../src-shared/api/expense';
import type { ProviderRequest } from '../../src-shared/api/provider';
import type { CacheDatabase } from './database';
import { InboxWriter } from './inbox-items';
import { DELIVERABLE_ORDER, DELIVERABLE_PENDING } from './work-order-attention';

/** A provider's file waiting for review, by the attention rule. */
export interface PendingDeliverable {
  attachmentId: number;
  workOrderId: number;
}

/** What hangs off one order, as one pull fetched it. Absent parts keep what the cache had. */
export interface PulledParts {
  attachments?: readonly Attachment[];
  expenses?: readonly Expense[];
  expenseSum?: ExpenseSum | null;
  requests?: readonly ProviderRequest[];
}

export interface CachedParts {
  attachments: Attachment[];
  expenses: Expense[];
  expenseSum: ExpenseSum | null;
  requests: ProviderRequest[];
  /** Epoch ms of the last fetch; null when the parts were never fetched (the lists are then empty, not known empty). */
  fetchedAt: number | null;
}

const json = (rows: unknown[]) => (rows as string[]).map((value) => JSON.parse(value) as never);

function prepare(db: CacheDatabase) {
  return {
    // Checked inside the transaction: the outbox may have marked the order while its parts were on the way.
    writable: db.prepare('SELECT pending FROM work_orders WHERE id = ?').pluck(),
    deleteAttachments: db.prepare('DELETE FROM attachments WHERE work_order_id = ?'),
    deleteExpenses: db.prepare('DELETE FROM expenses WHERE work_order_id = ?'),
    deleteRequests: db.prepare('DELETE FROM requests WHERE work_order_id = ?'),
    // Ids are the service's and unique; ON CONFLICT covers a record the service moved to another order.
    insertAttachment: db.prepare(
      `INSERT INTO attachments (id, work_order_id, folder_id, name, mime, size, sha256, status, json, fetched_at)
       VALUES (@id, @work_order_id, @folder_id, @name, @mime, @size, @sha256, @status, @json, @fetched_at)
       ON CONFLICT(id) DO UPDATE SET work_order_id = excluded.work_order_id, folder_id = excluded.folder_id, name = excluded.name, mime = excluded.mime,
         size = excluded.size, sha256 = excluded.sha256, status = excluded.status, json = excluded.json, fetched_at = excluded.fetched_at`,
    ),
    insertExpense: db.prepare(
      `INSERT INTO expenses (id, work_order_id, status, amount, json, fetched_at) VALUES (@id, @work_order_id, @status, @amount, @json, @fetched_at)
       ON CONFLICT(id) DO UPDATE SET work_order_id = excluded.work_order_id, status = excluded.status, amount = excluded.amount, json = excluded.json, fetched_at = excluded.fetched_at`,
    ),
    insertRequest: db.prepare(
      `INSERT INTO requests (id, work_order_id, provider_id, counter, active, json, fetched_at) VALUES (@id, @work_order_id, @provider_id, @counter, @active, @json, @fetched_at)
       ON CONFLICT(id) DO UPDATE SET work_order_id = excluded.work_order_id, provider_id = excluded.provider_id, counter = excluded.counter,
         active = excluded.active, json = excluded.json, fetched_at = excluded.fetched_at`,
    ),
    upsertState: db.prepare(
      `INSERT INTO work_order_parts_state (id, expense_sum, fetched_at) VALUES (@id, @expense_sum, @fetched_at)
       ON CONFLICT(id) DO UPDATE SET expense_sum = coalesce(@expense_sum, expense_sum), fetched_at = excluded.fetched_at`,
    ),
    attachments: db.prepare('SELECT json FROM attachments WHERE work_order_id = ? ORDER BY folder_id, id').pluck(),
    expenses: db.prepare('SELECT json FROM expenses WHERE work_order_id = ? ORDER BY id').pluck(),
    requests: db.prepare('SELECT json FROM requests WHERE work_order_id = ? ORDER BY id').pluck(),
    state: db.prepare('SELECT expense_sum, fetched_at FROM work_order_parts_state WHERE id = ?'),
    pendingDeliverables: db.prepare<[], PendingDeliverable>(
      `SELECT a.id AS attachmentId, a.work_order_id AS workOrderId FROM attachments a JOIN work_orders w ON w.id = a.work_order_id
       WHERE ${DELIVERABLE_PENDING} AND ${DELIVERABLE_ORDER}`,
    ),
  };
}

const flag = (value: boolean | null | undefined): number | null => (value === null || value === undefined ? null : value ? 1 : 0);

/** Attachment metadata, expenses and provider requests of cached orders; they go with their order. */
export class WorkOrderPartsRepository {
  readonly #s: ReturnType<typeof prepare>;
  readonly #store: (workOrderId: number, parts: PulledParts, fetchedAt: number, force: boolean) => boolean;

  constructor(db: CacheDatabase) {
    const s = prepare(db);
    this.#s = s;
    const inbox = new InboxWriter(db);
    this.#store = db.transaction((workOrderId: number, parts: PulledParts, fetchedAt: number, force: boolean) => {
      // Not cached (deleted meanwhile), or an outbox change waits for it: the pull leaves it alone.
      const pending = s.writable.get(workOrderId);
      if (pending === undefined || (pending !== 0 && !force)) return false;
      const base = { work_order_id: workOrderId, fetched_at: fetchedAt };
      if (parts.attachments) {
        s.deleteAttachments.run(workOrderId);
        for (const attachment of parts.attachments) {
          const file = attachment.file;
          s.insertAttachment.run({
            ...base,
            id: attachment.id,
            folder_id: attachment.folder_id ?? null,
            name: file?.name ?? null,
            mime: file?.mime ?? null,
            // The table refuses a negative size; a nonsense one is dropped, the JSON keeps it.
            size: typeof file?.size_bytes === 'number' && file.size_bytes >= 0 ? file.size_bytes : null,
            sha256: file?.hash ?? null,
            status: attachment.status ?? null,
            json: JSON.stringify(attachment),
          });
        }
      }
      if (parts.expenses) {
        s.deleteExpenses.run(workOrderId);
        for (const expense of parts.expenses) {
          s.insertExpense.run({ ...base, id: expense.id, status: expense.status ?? null, amount: expense.amount ?? null, json: JSON.stringify(expense) });
        }
      }
      if (parts.requests) {
        s.deleteRequests.run(workOrderId);
        for (const request of parts.requests) {
          s.insertRequest.run({
            ...base,
            id: request.id,
            provider_id: request.user?.id ?? null,
            counter: flag(request.counter),
            active: flag(request.active),
            json: JSON.stringify(request),
          });
        }
      }
      // The inbox's rows of the provider requests and files just written (migration 0026).
      inbox.writeParts(workOrderId, { requests: parts.requests, attachments: parts.attachments });
      s.upsertState.run({ id: workOrderId, expense_sum: parts.expenseSum ? JSON.stringify(parts.expenseSum) : null, fetched_at: fetchedAt });
      return true;
    });
  }

  /** Replaces the parts given, in one transaction; answers false when the order is not cached or has an outbox change. */
  store(workOrderId: number, parts: PulledParts, fetchedAt: number = Date.now()): boolean {
    return this.#store(workOrderId, parts, fetchedAt, false);
  }

  /** The outbox's write: the parts as the coordinator should see them, pending or not. */
  writeLocal(workOrderId: number, parts: PulledParts): boolean {
    return this.#store(workOrderId, parts, this.get(workOrderId).fetchedAt ?? Date.now(), true);
  }

  get(workOrderId: number): CachedParts {
    const s = this.#s;
    const state = s.state.get(workOrderId) as { expense_sum: string | null; fetched_at: number } | undefined;
    return {
      attachments: json(s.attachments.all(workOrderId)),
      expenses: json(s.expenses.all(workOrderId)),
      expenseSum: state?.expense_sum ? (JSON.parse(state.expense_sum) as ExpenseSum) : null,
      requests: json(s.requests.all(workOrderId)),
      fetchedAt: state?.fetched_at ?? null,
    };
  }

  /** Every provider's file waiting for review across the cache (small: the notices diff it after each change). */
  pendingDeliverables(): PendingDeliverable[] {
    return this.#s.pendingDeliverables.all();
  }
}
