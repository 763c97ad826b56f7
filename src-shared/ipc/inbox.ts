import { z } from 'zod';
import { INBOX_KINDS } from '../domain/inbox';

// The Inbox (issue 28): what providers did across every cached order, newest first, with read and
// unread kept on this machine. Read from the cache only; replies and requests go through the outbox.

const IdSchema = z.number().int().positive();

export const InboxKindSchema = z.enum(INBOX_KINDS);
export type InboxKind = z.infer<typeof InboxKindSchema>;

/** Each filter narrows the inbox; none gives every item. */
export const InboxFilterSchema = z.strictObject({
  kind: InboxKindSchema.optional(),
  clientId: IdSchema.optional(),
  workOrderId: IdSchema.optional(),
  unreadOnly: z.boolean().optional(),
});
export type InboxFilter = z.infer<typeof InboxFilterSchema>;

/** The most items one page carries. */
export const INBOX_PAGE_SIZE = 100;

/** Where a page starts: after this item, newest first (the last one shown). */
export const InboxCursorSchema = z.strictObject({ at: z.number().int().nonnegative(), id: IdSchema });
export type InboxCursor = z.infer<typeof InboxCursorSchema>;

export const InboxListInputSchema = InboxFilterSchema.extend({
  /**
   * The next page starts after this item: a cursor, not a count, so items that left the filter
   * meanwhile (opened under "Unread only") skip none that are still there.
   */
  before: InboxCursorSchema.optional(),
  limit: z.number().int().positive().max(INBOX_PAGE_SIZE).optional(),
});
export type InboxListInput = z.infer<typeof InboxListInputSchema>;

export const InboxItemSchema = z.object({
  id: z.number().int(),
  kind: InboxKindSchema,
  /** Epoch ms of what the provider did. */
  at: z.number(),
  /** Who did it: a provider's name, or "A provider". */
  who: z.string(),
  /** The rest of the line after `who`: "wrote “…”", "checked in 40 min late". */
  what: z.string(),
  /** A message's whole text, or a request's notes; null for other kinds. */
  body: z.string().nullable(),
  /** The message, request, time log, problem or file the item is about (the marketplace's id). */
  sourceId: z.number().int().nullable(),
  providerId: z.number().int().nullable(),
  /** A check-in after the service window's start (with some grace), or an ETA later than it. */
  late: z.boolean(),
  read: z.boolean(),
  order: z.object({
    id: z.number().int(),
    title: z.string().nullable(),
    client: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    status: z.string().nullable(),
  }),
});
export type InboxItem = z.infer<typeof InboxItemSchema>;

export const InboxPageSchema = z.object({
  /** Newest first, filtered. */
  items: z.array(InboxItemSchema),
  /** Whether older items match beyond this page. */
  more: z.boolean(),
  /** Unread items in the whole inbox, before any filter (the navigation's count). */
  unread: z.number().int().nonnegative(),
});
export type InboxPage = z.infer<typeof InboxPageSchema>;

export const InboxMarkInputSchema = z
  .strictObject({
    /** These items… */
    ids: z.array(IdSchema).min(1).max(1000).optional(),
    /** …or every item the filter matches. */
    matching: InboxFilterSchema.optional(),
    /** Read (the default) or back to unread. */
    read: z.boolean().optional(),
  })
  .refine((input) => (input.ids === undefined) !== (input.matching === undefined), { message: 'Name the items (ids) or a filter (matching), not both' });
export type InboxMarkInput = z.infer<typeof InboxMarkInputSchema>;

export const inboxChannels = {
  /** One page of the inbox from the cache, newest first. */
  'inbox:list': { input: InboxListInputSchema, output: InboxPageSchema },
  /** Marks items read or unread on this machine; a sync never resets it. */
  'inbox:mark-read': { input: InboxMarkInputSchema, output: z.object({ changed: z.number().int().nonnegative(), unread: z.number().int().nonnegative() }) },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;
