import type { Statement } from 'better-sqlite3';
import type { WorkOrder } from '../../src-shared/api/work-order';
import type { CacheDatabase } from './database';
import { InboxWriter } from './inbox-items';
import { InsightsWriter } from './insights-rows';
import { appliedTags, type WorkOrderRow, workOrderRow, workOrderSearchRow } from './work-order-columns';

/** An order with its JSON text, for a caller that has the text already (the pull hashes it). */
export interface SerializedWorkOrder {
  order: WorkOrder;
  json: string;
}

export const serializeWorkOrder = (order: WorkOrder): SerializedWorkOrder => ({ order, json: JSON.stringify(order) });

/** Bound by position: named parameters cost a property read per column per order. */
const ROW_COLUMNS = ['id', 'title', 'status_id', 'status_name', 'status_rank', 'sub_status', 'schedule_start', 'schedule_end', 'schedule_mode', 'visit_end', 'site_zone', 'provider_id', 'latitude', 'longitude', 'city', 'state', 'zip', 'country', 'client_id', 'client_name', 'project_id', 'manager_id', 'type_of_work_id', 'saved_location_id', 'pay_amount', 'open_problems', 'updated_at', 'cached_at'] as const satisfies readonly (keyof WorkOrderRow)[];
const placeholders = (count: number) => Array.from({ length: count }, () => '?').join(', ');

/**
 * What one cached order is written as: its row, its document, its search row and tags, and the
 * Insights and Inbox rows made from it, always together (the repository's write path).
 */
export class WorkOrderWrites {
  readonly #deleteSearch: Statement;
  readonly #deleteRow: Statement;
  /** Every entry in one transaction; `receivedAt` is epoch ms. */
  readonly writeAll: (entries: readonly SerializedWorkOrder[], receivedAt: number) => void;

  constructor(db: CacheDatabase) {
    const insert = `INSERT INTO work_orders (${ROW_COLUMNS.join(', ')}) VALUES (${placeholders(ROW_COLUMNS.length)})`;
    const insertNew = db.prepare(`${insert} ON CONFLICT(id) DO NOTHING`);
    const upsert = db.prepare(`${insert} ON CONFLICT(id) DO UPDATE SET ${ROW_COLUMNS.slice(1).map((column) => `${column} = excluded.${column}`).join(', ')}`);
    const insertDocument = db.prepare('INSERT INTO work_order_documents (id, json) VALUES (?, ?)');
    const upsertDocument = db.prepare('INSERT INTO work_order_documents (id, json) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET json = excluded.json');
    const insertSearch = db.prepare('INSERT INTO work_orders_search (rowid, title, description, location, client, ids, tags) VALUES (?, ?, ?, ?, ?, ?, ?)');
    const deleteTags = db.prepare('DELETE FROM work_order_tags WHERE work_order_id = ?');
    const insertTag = db.prepare('INSERT INTO work_order_tags (work_order_id, tag_id) VALUES (?, ?)');
    this.#deleteSearch = db.prepare('DELETE FROM work_orders_search WHERE rowid = ?');
    this.#deleteRow = db.prepare('DELETE FROM work_orders WHERE id = ?');
    const insights = new InsightsWriter(db);
    const inbox = new InboxWriter(db);
    this.writeAll = db.transaction((entries: readonly SerializedWorkOrder[], receivedAt: number) => {
      const cachedAt = Date.now();
      for (const { order, json } of entries) {
        const row = workOrderRow(order, receivedAt, cachedAt);
        const values = ROW_COLUMNS.map((column) => row[column]);
        // Most writes are of orders new to the cache: they skip the update and the index delete.
        const isNew = insertNew.run(values).changes === 1;
        if (isNew) {
          insertDocument.run(row.id, json);
        } else {
          upsert.run(values);
          upsertDocument.run(row.id, json);
          // The search index holds exactly one row per order; the tags are the document's.
          this.#deleteSearch.run(row.id);
          deleteTags.run(row.id);
        }
        const search = workOrderSearchRow(order);
        insertSearch.run(search.id, search.title, search.description, search.location, search.client, search.ids, search.tags);
        for (const tag of appliedTags(order)) insertTag.run(row.id, tag.id);
        insights.write(order, row, !isNew);
        // The inbox's rows of the order's messages, check-ins and problems (migration 0026); most orders carry none.
        inbox.writeOrder(order, cachedAt);
      }
    });
  }

  /** Removes an order and its search row: the index is contentless, nothing cascades into it. */
  remove(id: number): void {
    this.#deleteSearch.run(id);
    this.#deleteRow.run(id);
  }
}
