import { z } from 'zod';
import { AttachmentSchema } from '../api/attachment';

// The review queue's read channel: every provider's file waiting for review across the cached
// orders, with what a coordinator needs beside the preview to decide.

const IdSchema = z.number().int().positive();
const NamedSchema = z.object({ id: z.number().int(), name: z.string() });

/** Each filter narrows the queue; none gives every waiting file. */
export const DeliverablesFilterSchema = z.strictObject({
  clientId: IdSchema.optional(),
  typeOfWorkId: IdSchema.optional(),
  workOrderId: IdSchema.optional(),
});
export type DeliverablesFilter = z.infer<typeof DeliverablesFilterSchema>;

/** What the order says beside its file: from the cached order (and the cached client's standard instructions). */
export const DeliverableOrderSchema = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  status: z.string().nullable(),
  /** The service location in one line (name, address, city), null when the cache has none. */
  site: z.string().nullable(),
  provider: NamedSchema.nullable(),
  client: NamedSchema.nullable(),
  typeOfWork: NamedSchema.nullable(),
  standardInstructions: z.string().nullable(),
});
export type DeliverableOrder = z.infer<typeof DeliverableOrderSchema>;

/** The folder's completeness: files it asks for against files in it. */
export const DeliverableFolderSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  minFiles: z.number().int().nonnegative(),
  /** Every file in the folder, whatever its review. */
  uploaded: z.number().int().nonnegative(),
  approved: z.number().int().nonnegative(),
  denied: z.number().int().nonnegative(),
});
export type DeliverableFolder = z.infer<typeof DeliverableFolderSchema>;

export const DeliverableSchema = z.object({
  workOrderId: z.number().int(),
  attachment: AttachmentSchema,
  order: DeliverableOrderSchema,
  folder: DeliverableFolderSchema,
});
export type Deliverable = z.infer<typeof DeliverableSchema>;

const FilterOptionSchema = NamedSchema.extend({ count: z.number().int().positive() });
export type DeliverablesFilterOption = z.infer<typeof FilterOptionSchema>;

export const DeliverablesPageSchema = z.object({
  /** Newest first (by the file's upload time, then id), filtered. */
  items: z.array(DeliverableSchema),
  /** Every file waiting for review, before any filter (the sidebar's count). */
  total: z.number().int().nonnegative(),
  /** What each filter can take, over the whole queue, with how many files each has. */
  options: z.object({
    clients: z.array(FilterOptionSchema),
    typesOfWork: z.array(FilterOptionSchema),
    orders: z.array(FilterOptionSchema),
  }),
});
export type DeliverablesPage = z.infer<typeof DeliverablesPageSchema>;

/**
 * One order's folder of files as a zip. `deliverables:prepare-zip` makes sure main holds each file
 * (its cache, else the marketplace) and says which could not be had (offline, refused, too large);
 * then the desktop's `deliverables:save-zip` shows the Save dialog and writes the zip there, and
 * browser mode reads it from the web host: `GET /deliverables-zip?workOrderId=&folderId=` with the
 * page's token as `Authorization: Bearer <token>`, streamed from the cache, never held whole.
 */
export const DELIVERABLES_ZIP_PATH = '/deliverables-zip';

export const FolderRefSchema = z.strictObject({ workOrderId: IdSchema, folderId: IdSchema });
export type FolderRef = z.infer<typeof FolderRefSchema>;

/** The query of `GET /deliverables-zip` (numbers as text in the URL). */
export const FolderZipQuerySchema = z.strictObject({ workOrderId: z.coerce.number().int().positive(), folderId: z.coerce.number().int().positive() });

export const FolderZipSchema = z.object({
  /** The zip's name (`folderZipName`). */
  fileName: z.string(),
  /** The files' names as they stand in the zip. */
  included: z.array(z.string()),
  /** Files that could not be had now, by name, each with the reason in words. */
  missing: z.array(z.object({ name: z.string(), reason: z.string() })),
});
export type FolderZip = z.infer<typeof FolderZipSchema>;

export const deliverableChannels = {
  /** The review queue, from the cache only; a review queued in the outbox leaves it at once. */
  'deliverables:list': { input: DeliverablesFilterSchema, output: DeliverablesPageSchema },
  /** Fetches the folder's files that the cache lacks (when it can) and says what a zip of it holds now. */
  'deliverables:prepare-zip': { input: FolderRefSchema, output: FolderZipSchema },
  /**
   * Desktop only: prepares the zip, shows the native Save dialog and writes it there (`saved: false`
   * when the dialog was closed). Browser mode answers IPC_INVALID_INPUT: it reads `GET /deliverables-zip`.
   */
  'deliverables:save-zip': { input: FolderRefSchema, output: FolderZipSchema.extend({ saved: z.boolean() }) },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;
