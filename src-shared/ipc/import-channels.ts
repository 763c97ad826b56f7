import { z } from 'zod';
import { WorkOrderCreateBodySchema } from '../api/work-order-requests';
import { OutboxReceiptSchema } from './write-channels';

/**
 * Most orders one `workorders:import` call queues. The renderer sends a large file in batches of
 * this size: the web host's socket takes frames of 1 MiB, and each batch answers quickly.
 */
export const IMPORT_BATCH_MAX = 250;

/**
 * Bulk import: many new drafts queued in one transaction, each its own outbox entry (so each lands
 * on the marketplace, or is refused, on its own). Every order is checked by the same schema as
 * `workorders:create`; one bad order refuses the whole call and nothing is queued.
 */
export const importChannels = {
  'workorders:import': {
    input: z.strictObject({ orders: z.array(WorkOrderCreateBodySchema).min(1).max(IMPORT_BATCH_MAX) }),
    /** One receipt per order, in the order given; each carries the draft's temporary id. */
    output: z.strictObject({ receipts: z.array(OutboxReceiptSchema) }),
  },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;
