import { z } from 'zod';

/**
 * Something that happened out of the coordinator's sight and is worth a desktop notification.
 * Main decides what is news (one rule for both hosts); Electron shows it with its `Notification`,
 * browser mode with the page's.
 */
/** `inbox`: one notice per burst of new Inbox items (a new deliverable among them). */
export const NoticeKindSchema = z.enum(['refusal', 'upload', 'inbox']);
export type NoticeKind = z.infer<typeof NoticeKindSchema>;

export const NoticeSchema = z.object({
  kind: NoticeKindSchema,
  title: z.string(),
  body: z.string(),
  /** The order to open when the notification is clicked, if it is about one. */
  workOrderId: z.number().int().optional(),
});
export type Notice = z.infer<typeof NoticeSchema>;

/** An outbox entry the marketplace accepted; `fileName` for an upload. */
export const AppliedEntrySchema = z.object({
  entryId: z.string(),
  kind: z.string(),
  workOrderId: z.number().int().nullable(),
  fileName: z.string().optional(),
});
export type AppliedEntry = z.infer<typeof AppliedEntrySchema>;
