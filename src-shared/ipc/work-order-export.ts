import { z } from 'zod';
import { WorkOrderSchema } from '../api/work-order';
import { EXPORT_MAX_ROWS } from '../domain/export-files';
import { CachedWorkOrderIdSchema, SavedViewQuerySchema } from './work-order-list';

/**
 * The list's export (`state/list-export`): every order the view matches, in its order, read from
 * the cache without the list's paging. Two steps so that neither answer is large and main keeps
 * nothing between calls: the matching ids, in order, once; then the orders' columns,
 * EXPORT_ROWS_PER_CALL ids at a time. A page of `workorders:list` carries counts and marks the
 * export does not need, and reading 100,000 orders a hundred at a time re-sorted the cache a
 * thousand times (measured once by hand in Chromium, not by a bench: 34 s then; 12 s for CSV and
 * 17 s for xlsx now).
 */
/**
 * 250: the page formats each answer's rows in one task, meant to stay under 100 ms (1,000 rows
 * took up to 160 ms, measured once by hand in Chromium; no bench prints it).
 */
export const EXPORT_ROWS_PER_CALL = 250;

export const ExportIdsSchema = z.object({
  /** The matching orders' ids in the view's order, at most EXPORT_MAX_ROWS. */
  ids: z.array(CachedWorkOrderIdSchema).max(EXPORT_MAX_ROWS),
  /** More orders match than one export writes: the coordinator narrows the list first. */
  more: z.boolean(),
});
export type ExportIds = z.infer<typeof ExportIdsSchema>;

/** What the list's columns show of an order, nothing more. */
export const ExportRowSchema = WorkOrderSchema.pick({ id: true, title: true, status: true, schedule: true, location: true, client: true, assignee: true, pay: true }).strip();
export type ExportRow = z.infer<typeof ExportRowSchema>;

export const workOrderExportChannels = {
  /** The ids of every cached order the view's query matches (its search, filters and sort), in its order. */
  'workorders:export-ids': { input: SavedViewQuerySchema, output: ExportIdsSchema },
  /** The columns of these orders, in the order asked; an order gone from the cache meanwhile is left out. */
  'workorders:export-rows': {
    input: z.strictObject({ ids: z.array(CachedWorkOrderIdSchema).min(1).max(EXPORT_ROWS_PER_CALL) }),
    output: z.object({ rows: z.array(ExportRowSchema) }),
  },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;
