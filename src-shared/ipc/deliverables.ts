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

export const deliverableChannels = {
  /** The review queue, from the cache only; a review queued in the outbox leaves it at once. */
  'deliverables:list': { input: DeliverablesFilterSchema, output: DeliverablesPageSchema },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;
