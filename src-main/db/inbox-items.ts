import type { Statement } from 'better-sqlite3';
import type { WorkOrder } from '../../src-shared/api/work-order';
import { ALREADY_READ_AFTER_MS, type InboxKindName, type InboxRow, orderInboxRows, partsInboxRows } from '../../src-shared/domain/inbox';
import type { OrderParts } from '../../src-shared/domain/order-history';
import type { CacheDatabase } from './database';

/**
 * The kinds each write answers for: what it does not list any more is gone from the marketplace.
 * An order's document answers only for the lists it carries: one without `messages` says nothing of them.
 */
function orderKinds(order: WorkOrder): InboxKindName[] {
  return [
    ...(Array.isArray(order.messages?.results) ? (['message'] as const) : []),
    ...(Array.isArray(order.time_logs?.results) ? (['check-in', 'check-out'] as const) : []),
    ...(Array.isArray(order.problems?.results) ? (['problem'] as const) : []),
  ];
}
const REQUEST_KINDS: readonly InboxKindName[] = ['request', 'counter-offer'];
const FILE_KINDS: readonly InboxKindName[] = ['deliverable'];

/** The order's rows of these kinds the write no longer lists; the unique (work_order_id, source) index finds them, bulk load or not. */
const PRUNE_SQL = `DELETE FROM inbox_items WHERE work_order_id = @workOrderId AND kind IN (SELECT value FROM json_each(@kinds))
  AND source NOT IN (SELECT value FROM json_each(@sources))`;

/**
 * Writes an order's inbox items (migration 0026) in the transaction that writes the order or its
 * parts. Keyed by the order and the step (`source`): written again, a row changes only what the
 * marketplace changed, never `read_at`. A step the write no longer lists (a withdrawn request, a
 * deleted message, a removed file) loses its row, so no action is offered on what is gone; only for
 * the kinds the write covers, so writing the order's document never drops its requests' items.
 */
export class InboxWriter {
  readonly #upsert: Statement;
  readonly #insertObserved: Statement;
  readonly #prune: Statement;

  constructor(db: CacheDatabase) {
    this.#upsert = db.prepare(
      `INSERT INTO inbox_items (work_order_id, source, kind, at, who, what, body, source_id, provider_id, late, read_at)
       VALUES (@workOrderId, @source, @kind, @at, @who, @what, @body, @sourceId, @providerId, @late, CASE WHEN @at < @now - ${ALREADY_READ_AFTER_MS} THEN @at END)
       ON CONFLICT(work_order_id, source) DO UPDATE SET kind = excluded.kind, at = excluded.at, who = excluded.who, what = excluded.what, body = excluded.body,
         source_id = excluded.source_id, provider_id = excluded.provider_id, late = excluded.late
       WHERE inbox_items.kind IS NOT excluded.kind OR inbox_items.at IS NOT excluded.at OR inbox_items.who IS NOT excluded.who OR inbox_items.what IS NOT excluded.what
         OR inbox_items.body IS NOT excluded.body OR inbox_items.provider_id IS NOT excluded.provider_id OR inbox_items.late IS NOT excluded.late`,
    );
    // A step dated when first seen keeps that date (and its read state) whatever later writes say.
    this.#insertObserved = db.prepare(
      `INSERT INTO inbox_items (work_order_id, source, kind, at, who, what, body, source_id, provider_id, late, read_at)
       VALUES (@workOrderId, @source, @kind, @now, @who, @what, @body, @sourceId, @providerId, @late, NULL)
       ON CONFLICT(work_order_id, source) DO NOTHING`,
    );
    this.#prune = db.prepare(PRUNE_SQL);
  }

  /** The items of the order's own document (messages, check-ins and outs, problems). */
  writeOrder(order: WorkOrder, now: number = Date.now()): void {
    this.#write(order.id, orderInboxRows(order), orderKinds(order), now);
  }

  /** The items of the parts a pull or the outbox wrote (requests, files); a part not passed is left as it is. */
  writeParts(workOrderId: number, parts: Partial<Pick<OrderParts, 'requests' | 'attachments'>>, now: number = Date.now()): void {
    if (parts.requests) this.#write(workOrderId, partsInboxRows({ requests: parts.requests, attachments: [] }), REQUEST_KINDS, now);
    if (parts.attachments) this.#write(workOrderId, partsInboxRows({ requests: [], attachments: parts.attachments }), FILE_KINDS, now);
  }

  #write(workOrderId: number, rows: readonly InboxRow[], kinds: readonly InboxKindName[], now: number): void {
    if (kinds.length > 0) this.#prune.run({ workOrderId, kinds: JSON.stringify(kinds), sources: JSON.stringify(rows.map((row) => row.source)) });
    for (const { observed, ...row } of rows) (observed ? this.#insertObserved : this.#upsert).run({ ...row, workOrderId, late: row.late ? 1 : 0, now });
  }
}
