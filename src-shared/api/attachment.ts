import { z } from 'zod';
import { ActionsSchema, ListMetadataSchema, TimestampSchema, UserSummarySchema, knownString, listEnvelope } from './common';

export const ATTACHMENT_STATUSES = ['pending', 'approved', 'denied'] as const;
export type AttachmentStatus = (typeof ATTACHMENT_STATUSES)[number];

/** `document` holds the buyer's files, `slot` the provider's deliverables. */
export const ATTACHMENT_FOLDER_TYPES = ['document', 'slot'] as const;
export type AttachmentFolderType = (typeof ATTACHMENT_FOLDER_TYPES)[number];

/** The two folders every work order has (decisions §6). */
export const DEFAULT_ATTACHMENT_FOLDERS = [
  { name: 'Documents', type: 'document', min_files: 0 },
  { name: 'Deliverables', type: 'slot', min_files: 1 },
] as const satisfies readonly { name: string; type: AttachmentFolderType; min_files: number }[];

/** Uploads beyond this answer 413 (decisions §6, ours). */
export const ATTACHMENT_MAX_BYTES = 100 * 1024 * 1024;

export const AttachmentFileSchema = z.looseObject({
  name: z.string().nullish(),
  mime: z.string().nullish(),
  size_bytes: z.number().int().nullish(),
  /** sha256 of the bytes, hex. */
  hash: z.string().nullish(),
  /** Downloads the bytes with the same `access_token` rule as the API. */
  link: z.string().nullish(),
});
export type AttachmentFile = z.infer<typeof AttachmentFileSchema>;

export const AttachmentSchema = z.looseObject({
  id: z.number().int(),
  folder_id: z.number().int().nullish(),
  file: AttachmentFileSchema.nullish(),
  author: UserSummarySchema.nullish(),
  created: TimestampSchema.nullish(),
  notes: z.string().nullish(),
  status: knownString(ATTACHMENT_STATUSES).nullish(),
  status_description: z.string().nullish(),
  reviewed: TimestampSchema.nullish(),
  reviewer: UserSummarySchema.nullish(),
  show_before_assignment: z.boolean().nullish(),
  actions: ActionsSchema.nullish(),
});
export type Attachment = z.infer<typeof AttachmentSchema>;

/** A folder with its files; also the answer of GET attachments/{folder_id}/{attachment_id}. */
export const AttachmentFolderSchema = z.looseObject({
  id: z.number().int(),
  name: z.string().nullish(),
  type: knownString(ATTACHMENT_FOLDER_TYPES).nullish(),
  min_files: z.number().int().nullish(),
  actions: ActionsSchema.nullish(),
  results: z.array(AttachmentSchema).nullish(),
});
export type AttachmentFolder = z.infer<typeof AttachmentFolderSchema>;

/** Answer of GET workorders/{id}/attachments (and the `attachments` of a work order). */
export const AttachmentFolderListSchema = listEnvelope(AttachmentFolderSchema);
export type AttachmentFolderList = z.infer<typeof AttachmentFolderListSchema>;

/** Answer of an upload: POST workorders/{id}/attachments/{folder_id}: the order's id and its folders, the new file among them. */
export const AttachmentUploadAnswerSchema = z.looseObject({
  id: z.number().int(),
  attachments: z
    .looseObject({
      results: z.array(AttachmentFolderSchema).nullish(),
      correlation_id: z.string().nullish(),
      actions: ActionsSchema.nullish(),
      sum: z.looseObject({ unreviewed: z.number().int().nullish() }).nullish(),
      metadata: ListMetadataSchema.partial().nullish(),
    })
    .nullish(),
});
export type AttachmentUploadAnswer = z.infer<typeof AttachmentUploadAnswerSchema>;

/** Form fields sent beside the multipart `file` of an upload. */
export const AttachmentUploadFieldsSchema = z.strictObject({ notes: z.string().optional() });
export type AttachmentUploadFields = z.infer<typeof AttachmentUploadFieldsSchema>;

/** Body of PUT workorders/{id}/attachments/{folder_id}/{attachment_id}: the buyer's review. */
export const AttachmentReviewBodySchema = z
  .strictObject({
    attachment_id: z.number().int().positive().optional(),
    status: z.enum(['approved', 'denied']),
    status_description: z.string().optional(),
  })
  .superRefine((review, context) => {
    if (review.status === 'denied' && !review.status_description?.trim()) {
      context.addIssue({
        code: 'custom',
        path: ['status_description'],
        message: 'A denied attachment needs a reason in status_description',
      });
    }
  });
export type AttachmentReviewBody = z.infer<typeof AttachmentReviewBodySchema>;
