import type { Statement } from 'better-sqlite3';
import type { WorkOrder } from '../../src-shared/api/work-order';
import { ALREADY_READ_AFTER_MS, type InboxRow, orderInboxRows, partsInboxRows } from '../../src-shared/domain/inbox';
import type { OrderParts } from '../../src-shared/domain/order-history';
import type { CacheDatabase } from './database';

/**
 * Writes an order's inbox items (migration 0026) in the transaction that writes the order or its
 * parts. Keyed by the order and the step (`source`): written again, a row changes only what the
 * marketplace changed, never `read_at`.
 */
export class InboxWriter {
  readonly #upsert: Statement;

  constructor(db: CacheDatabase) {
    this.#upsert = db.prepare(
      `INSERT INTO inbox_items (work_order_id, source, kind, at, who, what, body, source_id, provider_id, late, read_at)
       VALUES (@workOrderId, @source, @kind, @at, @who, @what, @body, @sourceId, @providerId, @late, CASE WHEN @at < @now - ${ALREADY_READ_AFTER_MS} THEN @at END)
       ON CONFLICT(work_order_id, source) DO UPDATE SET kind = excluded.kind, at = excluded.at, who = excluded.who, what = excluded.what, body = excluded.body,
         source_id = excluded.source_id, provider_id = excluded.provider_id, late = excluded.late
       WHERE inbox_items.kind IS NOT excluded.kind OR inbox_items.at IS NOT excluded.at OR inbox_items.who IS NOT excluded.who OR inbox_items.what IS NOT excluded.what
         OR inbox_items.body IS NOT excluded.body OR inbox_items.provider_id IS NOT excluded.provider_id OR inbox_items.late IS NOT excluded.late`,
    );
  }

  /** The items of the order's own document (messages, check-ins and outs, problems). */
  writeOrder(order: WorkOrder, now: number = Date.now()): void {
    this.#write(order.id, orderInboxRows(order), now);
  }

  /** The items of the parts a pull or the outbox wrote (requests, files); absent parts add nothing. */
  writeParts(workOrderId: number, parts: Partial<Pick<OrderParts, 'requests' | 'attachments'>>, now: number = Date.now()): void {
    if (!parts.requests?.length && !parts.attachments?.length) return;
    this.#write(workOrderId, partsInboxRows({ requests: parts.requests ?? [], attachments: parts.attachments ?? [] }), now);
  }

  #write(workOrderId: number, rows: readonly InboxRow[], now: number): void {
    for (const row of rows) this.#upsert.run({ ...row, workOrderId, late: row.late ? 1 : 0, now });
  }
}
