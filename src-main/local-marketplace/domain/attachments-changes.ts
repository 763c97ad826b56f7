import type { Attachment, AttachmentReviewBody } from '../../../src-shared/api/attachment';
import type { MarketplaceContext } from '../context';
import { notFound } from '../http/errors';
import {
  attachmentStatements,
  findFolder,
  presentAttachment,
  serviceTimeZone,
  type AttachmentRow,
  type AttachmentTarget,
  type FolderTarget,
} from './attachments';
import { safeDisplayName, safeMimeType } from './attachments-names';
import { keepStaged, stageBytes, type StagedFile } from './attachments-storage';
import { domainEvent, emitAfterCommit } from './work-order-lifecycle';
import { workOrderRepository } from './work-order-repository';

export interface NewAttachment {
  /** Already made safe to show (`safeDisplayName`, `safeMimeType`). */
  name: string;
  mime: string;
  authorId: number;
  notes?: string;
}

/**
 * Makes a whole staged file an attachment: the file is moved into place first, then the row is
 * written, so a row never names a missing file. A provider's upload is the webhook event
 * `workorder.provider_upload` (decisions §7). Synchronous, so an `async=true` worker can run it.
 */
export function addAttachment(context: MarketplaceContext, target: FolderTarget, staged: StagedFile, details: NewAttachment): number {
  const now = context.clock.now();
  const statements = attachmentStatements(context);
  const id = keepStaged(context, staged, (storedName) =>
    Number(
      statements.insert.run({
        folder_id: target.folder.id,
        stored_name: storedName,
        name: details.name,
        mime: details.mime,
        size_bytes: staged.sizeBytes,
        hash: staged.hash,
        author_id: details.authorId,
        created_at: now,
        notes: details.notes ?? '',
      }).lastInsertRowid,
    ),
  );
  if (statements.userRole.get(details.authorId)?.role === 'provider') {
    // The order as it is now: an `async=true` worker runs after the answer.
    const record = workOrderRepository(context).find(target.record.id) ?? target.record;
    emitAfterCommit(context, [domainEvent('workorder.provider_upload', record, record.status, details.authorId, now)]);
  }
  return id;
}

/** The buyer's review (decisions §6): approved or denied, by whom and when. */
export function reviewAttachment(context: MarketplaceContext, reviewerId: number, target: AttachmentTarget, review: AttachmentReviewBody): AttachmentRow {
  const statements = attachmentStatements(context);
  statements.review.run({
    id: target.attachment.id,
    status: review.status,
    status_description: review.status_description?.trim() ?? '',
    reviewed_at: context.clock.now(),
    reviewer_id: reviewerId,
  });
  return statements.one.get(target.attachment.id, target.folder.id) as AttachmentRow;
}

export interface BufferedAttachment {
  workOrderId: number;
  folderId: number;
  /** As an uploader would send them: made safe here. */
  name: string;
  mime: string;
  bytes: Buffer;
  authorId: number;
  notes?: string;
}

/**
 * Stores bytes already in memory as an attachment, for the provider simulation's deliverables.
 * It acts for a provider, so it checks no company; the order, folder and author must exist, and
 * the upload limit holds as for the API.
 */
export function storeAttachmentFromBuffer(context: MarketplaceContext, upload: BufferedAttachment): Attachment {
  const record = workOrderRepository(context).find(upload.workOrderId);
  if (!record) throw notFound(`Work order ${upload.workOrderId}`);
  const folder = findFolder(context, record, upload.folderId);
  if (!attachmentStatements(context).userRole.get(upload.authorId)) throw notFound(`User ${upload.authorId}`);
  const staged = stageBytes(context, upload.bytes, context.options.attachmentMaxBytes);
  const id = addAttachment(context, { record, folder }, staged, {
    name: safeDisplayName(upload.name),
    mime: safeMimeType(upload.mime),
    authorId: upload.authorId,
    notes: upload.notes,
  });
  return presentAttachment(context, attachmentStatements(context).one.get(id, folder.id) as AttachmentRow, serviceTimeZone(context, record));
}
