import { z } from 'zod';
import { ListPagingShape, SortOrderSchema } from '../api/common';
import { WorkOrderSchema } from '../api/work-order';
import { WORK_ORDER_LIST_MAX_PER_PAGE, WorkOrderListIdSchema, WorkOrderSortFieldSchema } from '../api/work-order-list';
import { AttentionReasonSchema, UrgencyGroupSchema } from '../domain/attention';

// The work order list's request and answer (`workorders:list`) and the saved views built on it.

/** Free text from a search box; the cap keeps a pasted document from becoming a query. */
export const SearchTextSchema = z.string().max(200);

/** The id of a record the marketplace made: clients, projects, pools, filters, an order to refresh. */
export const RecordIdSchema = z.number().int().positive();

/** An order in the cache: negative ids are drafts made offline that the marketplace has not seen yet. */
export const CachedWorkOrderIdSchema = z.number().int();

/** The service's sorts but its creation date, plus the last change and urgency (the triage queue's: most urgent reason, then earliest start). */
export const CachedSortFieldSchema = z.enum([...WorkOrderSortFieldSchema.exclude(['created_date']).options, 'updated', 'urgency']);

export const WorkOrderListRequestSchema = z.strictObject({
  /** Matches title, description, location, client, ids and tag labels. */
  search: SearchTextSchema.optional(),
  list: WorkOrderListIdSchema.optional(),
  workOrderId: RecordIdSchema.optional(),
  typeOfWork: RecordIdSchema.optional(),
  client: RecordIdSchema.optional(),
  project: RecordIdSchema.optional(),
  manager: RecordIdSchema.optional(),
  city: SearchTextSchema.optional(),
  state: SearchTextSchema.optional(),
  country: SearchTextSchema.optional(),
  statusIds: z.array(RecordIdSchema).max(50).optional(),
  /** Epoch ms bounds on the schedule's start. */
  scheduleFrom: z.number().int().optional(),
  scheduleTo: z.number().int().optional(),
  /** The assigned provider's user id. */
  provider: RecordIdSchema.optional(),
  /** Orders that use this saved location; a temporary (negative) id names one still waiting in the outbox. */
  savedLocationId: z.number().int().optional(),
  /** Only orders with this company tag applied (its id, from `reference:get` tags). */
  tag: RecordIdSchema.optional(),
  /** Only orders that need the coordinator now (late, at risk, unconfirmed, open problems, requests waiting: `TRIAGE_REASONS`). */
  attention: z.boolean().optional(),
  sort: CachedSortFieldSchema.optional(),
  order: SortOrderSchema.optional(),
  page: z.number().int().min(1).optional(),
  per_page: z.number().int().min(1).max(WORK_ORDER_LIST_MAX_PER_PAGE).optional(),
});
export type WorkOrderListRequest = z.infer<typeof WorkOrderListRequestSchema>;

/** A named filter of the work order list, kept on this machine per environment. */
export const SavedViewQuerySchema = WorkOrderListRequestSchema.omit({ page: true, per_page: true });
export const SavedViewSchema = z.object({ id: z.number().int(), name: z.string(), query: SavedViewQuerySchema });
export type SavedView = z.infer<typeof SavedViewSchema>;

export const WorkOrderPageSchema = z.object({
  results: z.array(WorkOrderSchema),
  ...ListPagingShape,
  /** How many cached orders each list holds, for the list badges. */
  counts: z.record(WorkOrderListIdSchema, z.number().int()),
  /** How many cached orders need attention now, for its badge. */
  attentionCount: z.number().int(),
  /** How many providers' files wait for review (the Deliverables queue), for its badge. */
  deliverablesWaiting: z.number().int(),
  /** How many Inbox items are unread on this machine, for its badge. */
  inboxUnread: z.number().int().nonnegative(),
  /** Orders of this page with a change waiting in the outbox. */
  pending: z.array(CachedWorkOrderIdSchema),
  /** Orders of this page with a change the marketplace refused (undone in the cache), waiting for the coordinator to retry or discard it. */
  refused: z.array(CachedWorkOrderIdSchema),
  /** Why orders of this page need attention, by id (absent: no reason). */
  attention: z.record(z.string(), z.array(AttentionReasonSchema)),
  /** Sorted by urgency: the triage queue's groups, most urgent first, with how many orders each leads. */
  groups: z.array(UrgencyGroupSchema).optional(),
});
export type WorkOrderPage = z.infer<typeof WorkOrderPageSchema>;

