import { z } from 'zod';
import { SortOrderSchema, flexibleList, listEnvelope } from './common';
import { PageNumberSchema, booleanField, integerField } from './form-fields';
import type { StatusSlug } from './status';
import { WorkOrderSchema } from './work-order';

/** The lists of GET workorders (decisions §3); `workorders_cancelled` is ours. */
export const WORK_ORDER_LISTS = [
  { id: 'workorders_all', label: 'All' },
  { id: 'workorders_draft', label: 'Drafts' },
  { id: 'workorders_published_routed', label: 'Published and routed' },
  { id: 'workorders_assigned', label: 'Assigned' },
  { id: 'workorders_work_done', label: 'Work done' },
  { id: 'workorders_approved', label: 'Approved and paid' },
  { id: 'workorders_in_flight', label: 'In flight' },
  { id: 'workorders_problem', label: 'Problems' },
  { id: 'workorders_cancelled', label: 'Cancelled' },
] as const;

/** The ids in the table's order, read from the table so the two cannot drift. */
export const WORK_ORDER_LIST_IDS: readonly (typeof WORK_ORDER_LISTS)[number]['id'][] = WORK_ORDER_LISTS.map((list) => list.id);
export const WorkOrderListIdSchema = z.enum(WORK_ORDER_LIST_IDS);
export type WorkOrderListId = z.infer<typeof WorkOrderListIdSchema>;

/**
 * Which orders each list holds (decisions §3): every order, those with an open problem, or those
 * in these statuses. The marketplace and the app's cache both read their lists from here.
 */
export const WORK_ORDER_LIST_MEMBERS: Readonly<Record<WorkOrderListId, 'all' | 'problems' | readonly StatusSlug[]>> = {
  workorders_all: 'all',
  workorders_draft: ['created'],
  workorders_published_routed: ['published', 'routed'],
  workorders_assigned: ['assigned'],
  workorders_work_done: ['workdone'],
  workorders_approved: ['approved', 'paid'],
  workorders_in_flight: ['published', 'routed', 'assigned', 'workdone'],
  workorders_problem: 'problems',
  workorders_cancelled: ['canceled'],
};

export const WORK_ORDER_SORT_FIELDS = ['id', 'title', 'schedule', 'status', 'pay', 'created_date'] as const;
export const WorkOrderSortFieldSchema = z.enum(WORK_ORDER_SORT_FIELDS);
export type WorkOrderSortField = z.infer<typeof WorkOrderSortFieldSchema>;

export const WORK_ORDER_LIST_DEFAULT_PER_PAGE = 25;
/** A larger `per_page` answers 400. */
export const WORK_ORDER_LIST_MAX_PER_PAGE = 100;

const IdFilterSchema = integerField(z.number().int().positive()).optional();

/**
 * Query of GET workorders. Every value arrives as text; unknown parameters
 * are dropped rather than rejected, as the service ignores them.
 */
export const WorkOrderListQuerySchema = z.object({
  list: WorkOrderListIdSchema.default('workorders_all'),
  page: PageNumberSchema.default(1),
  per_page: integerField(z.number().int().min(1).max(WORK_ORDER_LIST_MAX_PER_PAGE)).default(
    WORK_ORDER_LIST_DEFAULT_PER_PAGE,
  ),
  sort: WorkOrderSortFieldSchema.optional(),
  order: SortOrderSchema.optional(),
  columns: z.string().optional(),
  view: z.string().optional(),
  sticky: booleanField().optional(),
  /** Matches title, id, city and client name. */
  f_search: z.string().optional(),
  f_work_order_id: IdFilterSchema,
  f_type_of_work: IdFilterSchema,
  f_client: IdFilterSchema,
  f_project: IdFilterSchema,
  f_manager: IdFilterSchema,
  f_city: z.string().optional(),
  f_state: z.string().optional(),
  f_country: z.string().optional(),
  f_saved_location: IdFilterSchema,
});
export type WorkOrderListQuery = z.infer<typeof WorkOrderListQuerySchema>;
export type WorkOrderListQueryInput = z.input<typeof WorkOrderListQuerySchema>;

/** Answer of GET workorders. */
export const WorkOrderListSchema = listEnvelope(WorkOrderSchema);
export type WorkOrderList = z.infer<typeof WorkOrderListSchema>;

export const WorkOrderListSummarySchema = z.looseObject({
  id: z.string(),
  label: z.string().nullish(),
  count: z.number().int().nullish(),
});
export type WorkOrderListSummary = z.infer<typeof WorkOrderListSummarySchema>;

/** Answer of GET workorders/lists: each list with its count. */
export const WorkOrderListsAnswerSchema = flexibleList(WorkOrderListSummarySchema);
export type WorkOrderListsAnswer = z.infer<typeof WorkOrderListsAnswerSchema>;
