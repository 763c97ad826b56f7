import type { Attachment, AttachmentFolder } from '../../../src-shared/api/attachment';
import { attachmentName } from '../../../src-shared/domain/attachments';
import { AppError } from '../../../src-shared/errors';
import { docKey, type OrderParts } from '../documents';
import { orderLabel } from '../entry-names';
import { operation, type SendContext, type StagedFile } from '../operation';
import { orderPartLane } from './work-order-transitions';

const EMPTY_PARTS: OrderParts = { attachments: [], expenses: [], expenseSum: null };

function withAttachments(parts: unknown | null, change: (attachments: Attachment[]) => Attachment[]): OrderParts {
  const current = (parts as OrderParts | null) ?? EMPTY_PARTS;
  return { ...current, attachments: change(current.attachments) };
}

/** The parts base with one folder's files replaced by what the marketplace answered for it. */
function withFolder(context: SendContext, workOrderId: number, folder: AttachmentFolder) {
  const parts = withAttachments(context.base(docKey('parts', workOrderId)) ?? null, (attachments) => [
    ...attachments.filter((attachment) => attachment.folder_id !== folder.id),
    ...(folder.results ?? []).map((attachment) => ({ ...attachment, folder_id: attachment.folder_id ?? folder.id })),
  ]);
  return { docs: { [docKey('parts', workOrderId)]: parts } };
}

/**
 * The parts base with the files the marketplace answered put in place, the folder's others kept:
 * a review answers its folder with only the reviewed file in it (like GET of one attachment).
 */
function withFiles(context: SendContext, workOrderId: number, folder: AttachmentFolder) {
  const answered = (folder.results ?? []).map((attachment) => ({ ...attachment, folder_id: attachment.folder_id ?? folder.id }));
  const parts = withAttachments(context.base(docKey('parts', workOrderId)) ?? null, (attachments) => [
    ...attachments.filter((attachment) => !answered.some((file) => file.id === attachment.id)),
    ...answered,
  ]);
  return { docs: { [docKey('parts', workOrderId)]: parts } };
}

/** The folder named, or the order's Documents folder (decisions §6: the buyer's files). */
async function targetFolder(workOrderId: number, folderId: number | undefined, context: SendContext): Promise<AttachmentFolder> {
  if (folderId !== undefined) return context.client.parts.attachmentFolder(workOrderId, folderId, { signal: context.signal });
  const { results } = await context.client.parts.attachmentFolders(workOrderId, { signal: context.signal });
  const documents = results.find((folder) => folder.type === 'document') ?? results[0];
  if (!documents) throw new AppError('ATTACHMENT_NOT_FOUND', 'The order has no folder to upload into.');
  return documents;
}

const stagedOf = (context: Record<string, unknown>): StagedFile => context.staged as StagedFile;

/**
 * A file from the desktop, already copied into the data folder and hashed (by `POST /files` or
 * `attachments:upload-file`), so the original may move or go; sending streams the copy with progress. An upload whose answer was lost is found
 * again by its sha256 in the folder before any byte is sent twice.
 */
export const uploadAttachment = operation({
  kind: 'attachments:upload',
  async prepare(input, context) {
    if (!context.staging) throw new AppError('ATTACHMENT_NOT_STAGED');
    const staged = context.staging.get(input.stagedId);
    if (!staged) throw new AppError('ATTACHMENT_NOT_STAGED');
    return { staged, tempId: context.tempId };
  },
  lane: (input) => orderPartLane(input.workOrderId, 'files'),
  workOrderId: (input) => input.workOrderId,
  summary: (input, context) => `Upload ${stagedOf(context).name} to ${orderLabel(input.workOrderId, context)}`,
  docs: (input) => [docKey('parts', input.workOrderId)],
  project: (_key, value, input, context) => {
    const staged = stagedOf(context);
    const pending: Attachment = {
      id: context.tempId as number,
      folder_id: input.folderId ?? null,
      file: { name: staged.name, mime: staged.mime, size_bytes: staged.size, hash: staged.sha256 },
      notes: input.notes ?? null,
      status: 'pending',
    };
    return withAttachments(value, (attachments) => [...attachments, pending]);
  },
  mapIds: (input, map) => ({ ...input, workOrderId: map(input.workOrderId) }),
  async send(input, context) {
    const staged = stagedOf(context.context);
    const folder = await targetFolder(input.workOrderId, input.folderId, context);
    if (!(folder.results ?? []).some((attachment) => attachment.file?.hash === staged.sha256)) {
      await context.client.parts.uploadAttachment(
        input.workOrderId,
        folder.id,
        { path: staged.path, name: staged.name, mime: staged.mime, size: staged.size },
        { notes: input.notes, signal: context.signal, onProgress: context.onProgress },
      );
    }
    return withFolder(context, input.workOrderId, await context.client.parts.attachmentFolder(input.workOrderId, folder.id, { signal: context.signal }));
  },
  async cleanup(context, staging) {
    await staging?.remove(stagedOf(context).id);
  },
});

/** Approves or denies a deliverable; a denial carries the reason the provider sees. Resending a review is harmless. */
export const reviewAttachment = operation({
  kind: 'attachments:review',
  // A review decides the provider's pay: it waits out the undo window like an approval.
  undoable: true,
  prepare(input, context) {
    const parts = context.read(docKey('parts', input.workOrderId)) as OrderParts | null;
    const attachment = parts?.attachments.find((candidate) => candidate.id === input.attachmentId);
    if (!attachment || typeof attachment.folder_id !== 'number') throw new AppError('ATTACHMENT_NOT_FOUND');
    return { folderId: attachment.folder_id, fileName: attachmentName(attachment) };
  },
  lane: (input) => orderPartLane(input.workOrderId, 'files'),
  workOrderId: (input) => input.workOrderId,
  summary: (input, context) => `${input.status === 'approved' ? 'Approve' : 'Deny'} ${typeof context.fileName === 'string' ? context.fileName : `file ${input.attachmentId}`} on ${orderLabel(input.workOrderId, context)}`,
  docs: (input) => [docKey('parts', input.workOrderId)],
  project: (_key, value, input) =>
    withAttachments(value, (attachments) =>
      attachments.map((attachment) => (attachment.id === input.attachmentId ? { ...attachment, status: input.status, status_description: input.reason ?? null } : attachment)),
    ),
  mapIds: (input, map) => ({ ...input, workOrderId: map(input.workOrderId), attachmentId: map(input.attachmentId) }),
  async send(input, context) {
    const body = { status: input.status, ...(input.reason ? { status_description: input.reason } : {}) };
    const folder = await context.client.parts.reviewAttachment(input.workOrderId, context.context.folderId as number, input.attachmentId, body, { signal: context.signal });
    return withFiles(context, input.workOrderId, folder);
  },
  changedFields: (input) => ({ status: input.status, status_description: input.reason }),
});
