import type { Attachment } from '../../../src-shared/api/attachment';
import type { MarketplaceContext } from '../context';
import { attachmentStatements, deliverablesFolderId } from './attachments';
import { storeAttachmentFromBuffer } from './attachments-changes';
import type { ProviderStep } from './provider-actions';
import { requireAssignee, requireOrder, requireProviderUser } from './provider-common';

/** A deliverable as the simulation describes it: text or bytes (a photo), or a short report when absent. */
export interface DeliverableFile {
  name?: string;
  mime: string;
  content?: string | Buffer;
  notes?: string;
}

/**
 * The assignee uploads a deliverable into the order's Deliverables folder, while the work is on or
 * just done. The attachments store emits `workorder.provider_upload` for a provider's file.
 */
export function uploadDeliverable(context: MarketplaceContext, step: ProviderStep, file: DeliverableFile): Attachment {
  const record = requireOrder(context, step.workOrderId);
  requireProviderUser(context, step.providerId, 'provider_id');
  requireAssignee(record, step.providerId, 'upload a deliverable', ['assigned', 'workdone']);
  return storeAttachmentFromBuffer(context, {
    workOrderId: record.id,
    folderId: deliverablesFolderId(context, record.id),
    name: file.name ?? `deliverable-${record.id}.txt`,
    mime: file.mime,
    bytes: Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content ?? `Work order ${record.id}: work done and tested by provider ${step.providerId}.\n`, 'utf8'),
    authorId: step.providerId,
    notes: file.notes,
  });
}

/** Whether the provider already left a file on the order (the autopilot uploads once). */
export function hasUploaded(context: MarketplaceContext, workOrderId: number, providerId: number): boolean {
  return attachmentStatements(context).ofOrder.all(workOrderId).some((row) => row.author_id === providerId);
}
