import { personName } from '../../src-shared/domain/person-name';
import type { Statement } from 'better-sqlite3';
import { type Attachment, type AttachmentFolder, AttachmentFolderSchema } from '../../src-shared/api/attachment';
import type { Client } from '../../src-shared/api/client';
import type { WorkOrder } from '../../src-shared/api/work-order';
import { statusBySlug } from '../../src-shared/api/status';
import type { Deliverable, DeliverableOrder, DeliverablesFilter, DeliverablesFilterOption, DeliverablesPage } from '../../src-shared/ipc/deliverables';
import type { CacheDatabase } from './database';
import { changeKey } from './change-key';
import { perDatabase } from './per-database';

// The review queue over the cache: every provider's file waiting for review on an order under way
// or done, newest first, with its order's summary and its folder's completeness. The same orders
// and files as the attention rule `deliverables`, narrowed to Deliverables folders when the cache
// knows the folder (a buyer's own file in Documents is not a deliverable).

const REVIEWABLE_STATUS_IDS = (['assigned', 'workdone'] as const).map((slug) => statusBySlug(slug)?.id ?? 0);

interface QueueRow {
  attachment: string;
  work_order_id: number;
  folder_id: number | null;
  folder_name: string | null;
  min_files: number | null;
  uploaded: number;
  approved: number;
  denied: number;
  client_id: number | null;
  client_name: string | null;
  type_of_work_id: number | null;
  title: string | null;
  order_json: string | null;
  client_json: string | null;
}

const QUEUE_SQL = `
  SELECT a.json AS attachment, a.work_order_id, a.folder_id, f.name AS folder_name, f.min_files,
    counts.uploaded, counts.approved, counts.denied,
    w.client_id, w.client_name, w.type_of_work_id, w.title, d.json AS order_json, c.json AS client_json
  FROM attachments a INDEXED BY attachments_awaiting_review
  JOIN work_orders w ON w.id = a.work_order_id
  LEFT JOIN attachment_folders f ON f.id = a.folder_id
  LEFT JOIN work_order_documents d ON d.id = w.id
  LEFT JOIN clients c ON c.id = w.client_id
  JOIN (
    SELECT x.work_order_id, x.folder_id, COUNT(*) AS uploaded, SUM(x.status = 'approved') AS approved, SUM(x.status = 'denied') AS denied
    FROM attachments x WHERE x.work_order_id IN (SELECT work_order_id FROM attachments WHERE status = 'pending' AND id > 0)
    GROUP BY x.work_order_id, x.folder_id
  ) counts ON counts.work_order_id = a.work_order_id AND counts.folder_id IS a.folder_id
  WHERE a.status = 'pending' AND a.id > 0
    AND w.status_id IN (${REVIEWABLE_STATUS_IDS.join(', ')})
    AND (f.type IS NULL OR f.type = 'slot')
  ORDER BY json_extract(a.json, '$.created.utc') DESC, a.id DESC`;

/** The queue's own conditions, counted. */
const WAITING_SQL = `
  SELECT COUNT(*) FROM attachments a INDEXED BY attachments_awaiting_review
  JOIN work_orders w ON w.id = a.work_order_id
  LEFT JOIN attachment_folders f ON f.id = a.folder_id
  WHERE a.status = 'pending' AND a.id > 0
    AND w.status_id IN (${REVIEWABLE_STATUS_IDS.join(', ')})
    AND (f.type IS NULL OR f.type = 'slot')`;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

function providerOf(user: { id?: number | null; first_name?: string | null; last_name?: string | null } | null | undefined): { id: number; name: string } | null {
  if (!user || typeof user.id !== 'number') return null;
  return { id: user.id, name: personName({ first_name: user.first_name, last_name: user.last_name }) ?? `Provider ${user.id}` };
}

function site(order: WorkOrder): string | null {
  const location = order.location as Record<string, unknown> | null | undefined;
  if (!location) return null;
  const saved = location.saved_location as Record<string, unknown> | undefined;
  const parts = [text(saved?.name), text(location.address1), [text(location.city), text(location.state)].filter(Boolean).join(', ') || null].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** The order's own instructions, else its client's standard ones (decisions: the client's replace the company default). */
function instructions(order: WorkOrder, client: Client | null): string | null {
  const own = order.standard_instructions;
  const ownText = typeof own === 'string' ? text(own) : text(own?.markdown) ?? text(own?.html?.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' '));
  return ownText ?? text(client?.standard_instruction);
}

function summary(row: QueueRow): DeliverableOrder {
  const order = (row.order_json ? JSON.parse(row.order_json) : { id: row.work_order_id }) as WorkOrder;
  const client = row.client_json ? (JSON.parse(row.client_json) as Client) : null;
  const typeOfWork = order.type_of_work;
  return {
    id: row.work_order_id,
    title: row.title ?? text(order.title),
    status: text(order.status?.name),
    site: site(order),
    provider: providerOf((order.assignee as { user?: { id?: number | null; first_name?: string | null; last_name?: string | null } } | null | undefined)?.user),
    client: row.client_id === null ? null : { id: row.client_id, name: row.client_name ?? `Client ${row.client_id}` },
    typeOfWork: typeOfWork && typeof typeOfWork.id === 'number' ? { id: typeOfWork.id, name: text(typeOfWork.name) ?? `Type ${typeOfWork.id}` } : null,
    standardInstructions: instructions(order, client),
  };
}

function options(items: readonly Deliverable[], pick: (item: Deliverable) => { id: number; name: string } | null): DeliverablesFilterOption[] {
  const counted = new Map<number, DeliverablesFilterOption>();
  for (const item of items) {
    const option = pick(item);
    if (!option) continue;
    const seen = counted.get(option.id);
    if (seen) seen.count += 1;
    else counted.set(option.id, { ...option, count: 1 });
  }
  return [...counted.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

export class DeliverablesRepository {
  readonly #queue: Statement<[], QueueRow>;
  readonly #deleteFolders: Statement<[number]>;
  readonly #insertFolder: Statement;
  readonly #storeFolders: (workOrderId: number, folders: readonly AttachmentFolder[]) => void;
  readonly #reviewable: Statement<[], number>;
  readonly #foldersOf: Statement<[number], { id: number; name: string | null; type: string | null; min_files: number | null }>;
  readonly #waiting: Statement<[], number>;
  #waitingMemo: { key: string; value: number } | undefined;

  constructor(private readonly db: CacheDatabase) {
    this.#queue = db.prepare(QUEUE_SQL) as Statement<[], QueueRow>;
    this.#waiting = db.prepare(WAITING_SQL).pluck() as Statement<[], number>;
    this.#reviewable = db.prepare(`SELECT id FROM work_orders WHERE status_id IN (${REVIEWABLE_STATUS_IDS.join(', ')}) AND pending = 0 AND id > 0 ORDER BY id`).pluck() as Statement<[], number>;
    this.#deleteFolders = db.prepare('DELETE FROM attachment_folders WHERE work_order_id = ?');
    this.#foldersOf = db.prepare('SELECT id, name, type, min_files FROM attachment_folders WHERE work_order_id = ? ORDER BY id') as Statement<[number], { id: number; name: string | null; type: string | null; min_files: number | null }>;
    // Only for a cached order: a folder outlives no order.
    this.#insertFolder = db.prepare(
      `INSERT OR REPLACE INTO attachment_folders (id, work_order_id, name, type, min_files)
       SELECT @id, @work_order_id, @name, @type, @min_files WHERE EXISTS (SELECT 1 FROM work_orders WHERE id = @work_order_id)`,
    );
    this.#storeFolders = db.transaction((workOrderId: number, folders: readonly AttachmentFolder[]) => {
      this.#deleteFolders.run(workOrderId);
      for (const folder of folders) {
        this.#insertFolder.run({ id: folder.id, work_order_id: workOrderId, name: folder.name ?? null, type: folder.type ?? null, min_files: Math.max(0, folder.min_files ?? 0) });
      }
    });
  }

  /** Replaces an order's folders with the ones the marketplace answered. */
  storeFolders(workOrderId: number, folders: readonly AttachmentFolder[]): void {
    this.#storeFolders(workOrderId, folders);
  }

  /** An order's folders as its parts' pull last stored them (no files): known while its document is only a list item. */
  foldersOf(workOrderId: number): AttachmentFolder[] {
    return this.#foldersOf.all(workOrderId).map((row) => AttachmentFolderSchema.parse({ id: row.id, name: row.name, type: row.type, min_files: row.min_files }));
  }

  /** The queue, filtered; `total` and the filter options count the whole queue. */
  list(filter: DeliverablesFilter = {}): DeliverablesPage {
    // An order's document is read once however many of its files wait.
    const summaries = new Map<number, DeliverableOrder>();
    const summaryOf = (row: QueueRow) => {
      let found = summaries.get(row.work_order_id);
      if (!found) {
        found = summary(row);
        summaries.set(row.work_order_id, found);
      }
      return found;
    };
    const all = this.#queue.all().map(
      (row): Deliverable => ({
        workOrderId: row.work_order_id,
        attachment: JSON.parse(row.attachment) as Attachment,
        order: summaryOf(row),
        folder: {
          id: row.folder_id ?? 0,
          name: row.folder_name,
          minFiles: row.min_files ?? 0,
          uploaded: row.uploaded,
          approved: row.approved,
          denied: row.denied,
        },
      }),
    );
    const items = all.filter(
      (item) =>
        (filter.clientId === undefined || item.order.client?.id === filter.clientId) &&
        (filter.typeOfWorkId === undefined || item.order.typeOfWork?.id === filter.typeOfWorkId) &&
        (filter.workOrderId === undefined || item.workOrderId === filter.workOrderId),
    );
    return {
      items,
      total: all.length,
      options: {
        clients: options(all, (item) => item.order.client),
        typesOfWork: options(all, (item) => item.order.typeOfWork),
        orders: options(all, (item) => ({ id: item.workOrderId, name: `#${item.workOrderId} ${item.order.title ?? ''}`.trim() })),
      },
    };
  }

  /** How many files wait for review: the queue's length, for the navigation's badge, without reading the queue. */
  waitingCount(): number {
    // Every list answer carries it (the navigation's badge): counted again only once the cache changed.
    const key = changeKey(this.db);
    if (this.#waitingMemo?.key !== key) this.#waitingMemo = { key, value: this.#waiting.get() as number };
    return this.#waitingMemo.value;
  }

  /** Orders whose provider may be adding files (under way or done): their folders are worth asking for on every pull. */
  reviewableOrderIds(): number[] {
    return this.#reviewable.all();
  }
}

/** One repository (its prepared statements) per open cache. */
export const deliverablesRepository: (db: CacheDatabase) => DeliverablesRepository = perDatabase((db) => new DeliverablesRepository(db));
