import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AttachmentFolderListSchema,
  AttachmentFolderSchema,
  AttachmentReviewBodySchema,
  AttachmentUploadAnswerSchema,
} from '../../../src-shared/api/attachment';
import { WorkerAnswerSchema } from '../../../src-shared/api/auto-dispatch';
import { AsyncQuerySchema } from '../../../src-shared/api/form-fields';
import { nowOrLater } from '../background-work';
import type { MarketplaceContext } from '../context';
import {
  attachmentFolderList,
  attachmentForCompany,
  attachmentStatements,
  folderForCompany,
  presentFolder,
  serviceTimeZone,
  type FolderTarget,
} from '../domain/attachments';
import { addAttachment, reviewAttachment } from '../domain/attachments-changes';
import { contentDisposition } from '../domain/attachments-names';
import { openStored, removeTemporaryFilesFolder } from '../domain/attachments-storage';
import { receiveUpload, uploadOptions, type ReceivedUpload } from '../domain/attachments-upload';
import { workOrderRepository } from '../domain/work-order-repository';
import { invalidInput, MarketplaceError, notFound } from '../http/errors';
import { acceptingForms } from '../http/form-body';
import { IdParam, route } from '../http/route';
import { WorkOrderParams } from './work-orders-input';

const tag = 'Attachments';

const FolderParams = WorkOrderParams.extend({ folder_id: IdParam });
const AttachmentParams = FolderParams.extend({ attachment_id: IdParam });
const ReviewBodySchema = acceptingForms(AttachmentReviewBodySchema);
const DownloadSchema = z.instanceof(Readable).meta({ description: 'The bytes, with Content-Type, Content-Length and Content-Disposition' });

/**
 * Attachments (decisions §6). Multipart is only for uploads (decisions §5), so its parser lives in
 * a scope of these routes alone; the rest of the API keeps refusing it with 415.
 */
export function registerAttachmentRoutes(app: FastifyInstance, context: MarketplaceContext): void {
  void app.register(async (scope) => {
    // The size limit is the staging meter's (a 413 with our error body), not the parser's.
    await scope.register(multipart, { throwFileSizeLimit: false });
    scope.addHook('onClose', async () => removeTemporaryFilesFolder(context));
    registerReadRoutes(scope, context);
    registerWriteRoutes(scope, context);
  });
}

function registerReadRoutes(app: FastifyInstance, context: MarketplaceContext): void {
  route(app, context.routes, {
    method: 'GET',
    url: '/workorders/:work_order_id/attachments',
    summary: 'The folders of a work order (Documents, Deliverables) with their files, and how many wait for a review',
    tag,
    params: WorkOrderParams,
    response: AttachmentFolderListSchema,
    handler: ({ params, auth }) => {
      const record = workOrderRepository(context).findForCompany(auth.companyId, params.work_order_id);
      return attachmentFolderList(context, record.id, serviceTimeZone(context, record), randomUUID());
    },
  });

  route(app, context.routes, {
    method: 'GET',
    url: '/workorders/:work_order_id/attachments/:folder_id',
    summary: 'One folder with its files',
    tag,
    params: FolderParams,
    response: AttachmentFolderSchema,
    handler: ({ params, auth }) => {
      const { record, folder } = folderForCompany(context, auth.companyId, params.work_order_id, params.folder_id);
      return presentFolder(context, folder, attachmentStatements(context).ofFolder.all(folder.id), serviceTimeZone(context, record));
    },
  });

  route(app, context.routes, {
    method: 'GET',
    url: '/workorders/:work_order_id/attachments/:folder_id/:attachment_id',
    summary: 'One file: its folder, with that file alone in `results`',
    tag,
    params: AttachmentParams,
    response: AttachmentFolderSchema,
    handler: ({ params, auth }) => {
      const { record, folder, attachment } = attachmentForCompany(context, auth.companyId, params.work_order_id, params.folder_id, params.attachment_id);
      return presentFolder(context, folder, [attachment], serviceTimeZone(context, record));
    },
  });

  route(app, context.routes, {
    method: 'GET',
    url: '/workorders/:work_order_id/attachments/:folder_id/:attachment_id/download',
    summary: "A file's bytes (its `file.link`), always as a download",
    tag,
    params: AttachmentParams,
    response: DownloadSchema,
    produces: 'application/octet-stream',
    handler: async ({ params, auth, reply }) => {
      const { attachment } = attachmentForCompany(context, auth.companyId, params.work_order_id, params.folder_id, params.attachment_id);
      const file = await openStored(context, attachment.stored_name);
      if (!file) throw notFound(`The bytes of attachment ${attachment.id}`);
      // The type is the uploader's word: never sniffed, never run, never shown inline.
      void reply
        .header('content-type', attachment.mime)
        .header('content-length', attachment.size_bytes)
        .header('content-disposition', contentDisposition(attachment.name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox");
      return file.createReadStream();
    },
  });
}

/** What the upload's multipart body holds, for the OpenAPI document (the handler reads the parts). */
const UploadFormSchema = z.object({
  file: z.string().meta({ format: 'binary', description: 'The file' }),
  notes: z.string().max(65_536).optional(),
});

function registerWriteRoutes(app: FastifyInstance, context: MarketplaceContext): void {
  route(app, context.routes, {
    method: 'POST',
    url: '/workorders/:work_order_id/attachments/:folder_id',
    summary: 'Upload a file: multipart/form-data with the file in `file` and optional `notes`; 413 beyond the size limit (100 MiB by default)',
    tag,
    params: FolderParams,
    query: AsyncQuerySchema,
    multipart: UploadFormSchema,
    response: z.union([AttachmentUploadAnswerSchema, WorkerAnswerSchema]),
    handler: async ({ params, query, auth, request, reply }) => {
      let target: FolderTarget;
      let upload: ReceivedUpload;
      try {
        // Checked before a byte of the file is read.
        target = folderForCompany(context, auth.companyId, params.work_order_id, params.folder_id);
        if (!request.isMultipart()) throw new MarketplaceError('UNSUPPORTED_MEDIA_TYPE', 'An upload is multipart/form-data, with the file in the field `file`');
        const maxBytes = context.options.attachmentMaxBytes;
        upload = await receiveUpload(context, request.parts(uploadOptions(maxBytes)), maxBytes);
      } catch (error) {
        // The rest of a refused body is not read: closing the connection spares reading it to the end.
        if (!request.raw.readableEnded) void reply.header('connection', 'close');
        throw error;
      }
      const { staged, name, mime, fields } = upload;
      // Even with async=true the bytes are received before the answer; the worker files them.
      const body = { file: { name, mime, size_bytes: staged.sizeBytes, hash: staged.hash }, notes: fields.notes };
      return nowOrLater(context, query.async, { request, auth, body }, () => {
        addAttachment(context, target, staged, { name, mime, authorId: auth.userId, notes: fields.notes });
        return { id: target.record.id, attachments: attachmentFolderList(context, target.record.id, serviceTimeZone(context, target.record), randomUUID()) };
      });
    },
  });

  route(app, context.routes, {
    method: 'PUT',
    url: '/workorders/:work_order_id/attachments/:folder_id/:attachment_id',
    summary: 'Review a file: approved, or denied with the reason in status_description; answers its folder with that file',
    tag,
    params: AttachmentParams,
    query: AsyncQuerySchema,
    body: ReviewBodySchema,
    response: z.union([AttachmentFolderSchema, WorkerAnswerSchema]),
    handler: ({ params, query, body, auth, request }) => {
      if (body.attachment_id !== undefined && body.attachment_id !== params.attachment_id) {
        throw invalidInput(`attachment_id ${body.attachment_id} is not the attachment of the path (${params.attachment_id})`, ['attachment_id']);
      }
      const target = attachmentForCompany(context, auth.companyId, params.work_order_id, params.folder_id, params.attachment_id);
      return nowOrLater(context, query.async, { request, auth, body }, () =>
        presentFolder(context, target.folder, [reviewAttachment(context, auth.userId, target, body)], serviceTimeZone(context, target.record)),
      );
    },
  });
}
