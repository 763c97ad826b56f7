import type { Statement } from 'better-sqlite3';
import type {
  Attachment,
  AttachmentFolder,
  AttachmentFolderList,
  AttachmentFolderType,
  AttachmentStatus,
} from '../../../src-shared/api/attachment';
import { REST_API_BASE_PATH, type UserSummary } from '../../../src-shared/api/common';
import type { MarketplaceContext } from '../context';
import { notFound } from '../http/errors';
import { apiTimestamp } from '../http/timestamp';
import { perDatabase } from '../store/database';
import { savedLocation } from './locations';
import { wholeList } from './work-order-parts';
import { addressOf, type WorkOrderRecord } from './work-order-record';
import { workOrderRepository } from './work-order-repository';
import { siteTimeZone } from './site-geography';

// Folders and attachments as stored (migration 0005), and as the API shows them (decisions §6).

export interface FolderRow {
  id: number;
  work_order_id: number;
  name: string;
  type: AttachmentFolderType;
  min_files: number;
}

export interface AttachmentRow {
  id: number;
  folder_id: number;
  work_order_id: number;
  stored_name: string;
  name: string;
  mime: string;
  size_bytes: number;
  hash: string;
  author_id: number;
  created_at: number;
  notes: string;
  status: AttachmentStatus;
  status_description: string;
  reviewed_at: number | null;
  reviewer_id: number | null;
  show_before_assignment: number;
  author_first_name: string | null;
  author_last_name: string | null;
  author_email: string | null;
  reviewer_first_name: string | null;
  reviewer_last_name: string | null;
  reviewer_email: string | null;
}

const FOLDER_COLUMNS = 'id, work_order_id, name, type, min_files';
const ATTACHMENT_SELECT = `
  SELECT a.*, f.work_order_id,
    author.first_name AS author_first_name, author.last_name AS author_last_name, json_extract(author.data, '$.email') AS author_email,
    reviewer.first_name AS reviewer_first_name, reviewer.last_name AS reviewer_last_name, json_extract(reviewer.data, '$.email') AS reviewer_email
  FROM attachments a
  JOIN attachment_folders f ON f.id = a.folder_id
  LEFT JOIN users author ON author.id = a.author_id
  LEFT JOIN users reviewer ON reviewer.id = a.reviewer_id`;

export const attachmentStatements = perDatabase((db) => ({
  folders: db.prepare(`SELECT ${FOLDER_COLUMNS} FROM attachment_folders WHERE work_order_id = ? ORDER BY id`) as Statement<[number], FolderRow>,
  folder: db.prepare(`SELECT ${FOLDER_COLUMNS} FROM attachment_folders WHERE id = ? AND work_order_id = ?`) as Statement<[number, number], FolderRow>,
  folderOfType: db.prepare(`SELECT ${FOLDER_COLUMNS} FROM attachment_folders WHERE work_order_id = ? AND type = ? ORDER BY id LIMIT 1`) as Statement<
    [number, AttachmentFolderType],
    FolderRow
  >,
  ofOrder: db.prepare(`${ATTACHMENT_SELECT} WHERE f.work_order_id = ? ORDER BY a.id`) as Statement<[number], AttachmentRow>,
  ofFolder: db.prepare(`${ATTACHMENT_SELECT} WHERE a.folder_id = ? ORDER BY a.id`) as Statement<[number], AttachmentRow>,
  one: db.prepare(`${ATTACHMENT_SELECT} WHERE a.id = ? AND a.folder_id = ?`) as Statement<[number, number], AttachmentRow>,
  insert: db.prepare(
    `INSERT INTO attachments (folder_id, stored_name, name, mime, size_bytes, hash, author_id, created_at, notes)
     VALUES (@folder_id, @stored_name, @name, @mime, @size_bytes, @hash, @author_id, @created_at, @notes)`,
  ),
  review: db.prepare(
    'UPDATE attachments SET status = @status, status_description = @status_description, reviewed_at = @reviewed_at, reviewer_id = @reviewer_id WHERE id = @id',
  ),
  userRole: db.prepare('SELECT role FROM users WHERE id = ?') as Statement<[number], { role: 'manager' | 'provider' }>,
}));

/** A folder of an order the caller's company owns: 404 or 403 as for the order, 404 for a folder of another order. */
export interface FolderTarget {
  record: WorkOrderRecord;
  folder: FolderRow;
}

export interface AttachmentTarget extends FolderTarget {
  attachment: AttachmentRow;
}

export function findFolder(context: MarketplaceContext, record: WorkOrderRecord, folderId: number): FolderRow {
  const folder = attachmentStatements(context).folder.get(folderId, record.id);
  if (!folder) throw notFound(`Attachment folder ${folderId} of work order ${record.id}`);
  return folder;
}

export function folderForCompany(context: MarketplaceContext, companyId: number, workOrderId: number, folderId: number): FolderTarget {
  const record = workOrderRepository(context).findForCompany(companyId, workOrderId);
  return { record, folder: findFolder(context, record, folderId) };
}

export function attachmentForCompany(context: MarketplaceContext, companyId: number, workOrderId: number, folderId: number, attachmentId: number): AttachmentTarget {
  const target = folderForCompany(context, companyId, workOrderId, folderId);
  const attachment = attachmentStatements(context).one.get(attachmentId, folderId);
  if (!attachment) throw notFound(`Attachment ${attachmentId} in folder ${folderId}`);
  return { ...target, attachment };
}

/** The id of the order's Deliverables folder, where a provider's uploads go. */
export function deliverablesFolderId(context: MarketplaceContext, workOrderId: number): number {
  const folder = attachmentStatements(context).folderOfType.get(workOrderId, 'slot');
  if (!folder) throw notFound(`Deliverables folder of work order ${workOrderId}`);
  return folder.id;
}

/** Local times are shown at the service location, as in the rest of the order. */
export function serviceTimeZone(context: MarketplaceContext, record: WorkOrderRecord): string {
  const location = record.data.fields.location;
  const address = location?.mode === 'saved' ? (savedLocation(context, record.companyId, location.id) ?? record.data.savedAddress) : addressOf(record);
  return siteTimeZone(address);
}

/** Path of the bytes below the REST API's base (decisions §6, ours). */
function downloadPath(row: Pick<AttachmentRow, 'work_order_id' | 'folder_id' | 'id'>): string {
  return `/workorders/${row.work_order_id}/attachments/${row.folder_id}/${row.id}/download`;
}

function person(id: number, firstName: string | null, lastName: string | null, email: string | null): UserSummary {
  return { id, first_name: firstName, last_name: lastName, email, thumbnail: '' };
}

/** What the buyer may still do: a review can be changed either way. */
function attachmentActions(status: AttachmentStatus): string[] {
  return ['view', ...(status === 'approved' ? [] : ['approve']), ...(status === 'denied' ? [] : ['deny'])];
}

export function presentAttachment(context: MarketplaceContext, row: AttachmentRow, timeZone: string): Attachment {
  return {
    id: row.id,
    folder_id: row.folder_id,
    file: { name: row.name, mime: row.mime, size_bytes: row.size_bytes, hash: row.hash, link: `${context.origin}${REST_API_BASE_PATH}${downloadPath(row)}` },
    author: person(row.author_id, row.author_first_name, row.author_last_name, row.author_email),
    created: apiTimestamp(row.created_at, timeZone),
    notes: row.notes,
    status: row.status,
    status_description: row.status_description,
    reviewed: row.reviewed_at === null ? null : apiTimestamp(row.reviewed_at, timeZone),
    reviewer: row.reviewer_id === null ? null : person(row.reviewer_id, row.reviewer_first_name, row.reviewer_last_name, row.reviewer_email),
    show_before_assignment: row.show_before_assignment === 1,
    actions: attachmentActions(row.status),
  };
}

export function presentFolder(context: MarketplaceContext, folder: FolderRow, rows: readonly AttachmentRow[], timeZone: string): AttachmentFolder {
  return {
    id: folder.id,
    name: folder.name,
    type: folder.type,
    min_files: folder.min_files,
    actions: ['upload'],
    results: rows.map((row) => presentAttachment(context, row, timeZone)),
  };
}

/** The folders envelope, with how many files wait for a review; also the `attachments` of a work order. */
export type AttachmentFolderListAnswer = AttachmentFolderList & { correlation_id?: string; sum: { unreviewed: number } };

export function attachmentFolderList(context: MarketplaceContext, workOrderId: number, timeZone: string, correlationId?: string): AttachmentFolderListAnswer {
  const statements = attachmentStatements(context);
  const folders = statements.folders.all(workOrderId);
  const rows = statements.ofOrder.all(workOrderId);
  return {
    ...wholeList(folders.map((folder) => presentFolder(context, folder, rows.filter((row) => row.folder_id === folder.id), timeZone))),
    actions: ['add_slot', 'download'],
    sum: { unreviewed: rows.filter((row) => row.status === 'pending').length },
    correlation_id: correlationId,
  };
}
