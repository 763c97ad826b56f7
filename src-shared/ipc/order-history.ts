import { z } from 'zod';
import { HistoryEntrySchema } from '../domain/history-entry';
import { CachedWorkOrderIdSchema } from './work-order-list';

export { HistoryEntrySchema, type HistoryEntry, type HistoryKind, type HistorySource } from '../domain/history-entry';

/**
 * An order's history (issue 28): one timeline that merges what the marketplace says happened
 * (milestones, provider requests, check-ins, messages, problems, files, expenses, swaps) with the
 * coordinator's own changes as this machine's outbox lived them (queued, sent, applied, refused,
 * undone…). Read from the cache and the outbox's log only, so it answers offline.
 */

export const OrderHistorySchema = z.object({
  /** Newest first, at most `HISTORY_SHOWN`. */
  entries: z.array(HistoryEntrySchema),
  /** How many older steps were left out. */
  older: z.number().int().nonnegative(),
});
export type OrderHistory = z.infer<typeof OrderHistorySchema>;

/** An order's history is read whole on every change; this many steps is years of an ordinary order. */
export const HISTORY_SHOWN = 500;

export const historyChannels = {
  /** One order's timeline, newest first, from the cache and the outbox's log (never the network). */
  'workorders:history': { input: z.strictObject({ workOrderId: CachedWorkOrderIdSchema }), output: OrderHistorySchema },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;
