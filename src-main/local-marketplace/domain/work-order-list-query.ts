import { performance } from 'node:perf_hooks';
import type { AvailableColumnGroup, ListMetadata, SortOrder } from '../../../src-shared/api/common';
import { statusBySlug, WORK_ORDER_STATUSES, type StatusSlug } from '../../../src-shared/api/status';
import { WORK_ORDER_LIST_IDS, WORK_ORDER_LIST_MEMBERS, WORK_ORDER_LISTS, type WorkOrderListId, type WorkOrderListQuery, type WorkOrderSortField } from '../../../src-shared/api/work-order-list';
import type { MarketplaceContext } from '../context';
import { preparedStatement } from '../store/database';

// GET workorders (decisions §3): every list, filter and sort is SQL over the indexed columns,
// so choosing a page costs one count and one index read whatever the table's size.

const statusIn = (...slugs: readonly StatusSlug[]) => `w.status_id IN (${slugs.map((slug) => statusBySlug(slug)?.id).join(', ')})`;

const LIST_CONDITIONS = Object.fromEntries(
  WORK_ORDER_LIST_IDS.map((list) => {
    const members = WORK_ORDER_LIST_MEMBERS[list];
    return [list, members === 'all' ? '1' : members === 'problems' ? 'w.open_problems > 0' : statusIn(...members)];
  }),
) as Readonly<Record<WorkOrderListId, string>>;

/** Lifecycle order, not id order: Routed (9) sorts between Published and Assigned. */
const STATUS_RANK = `CASE w.status_id ${WORK_ORDER_STATUSES.map((status, rank) => `WHEN ${status.id} THEN ${rank}`).join(' ')} END`;

/**
 * Each sort ends on the id, so pages never overlap, and follows an index in both directions, so a
 * page is read without sorting the table. Orders without a schedule or pay come first ascending.
 */
const SORT_KEYS: Readonly<Record<WorkOrderSortField, (direction: string) => string>> = {
  id: (direction) => `w.id ${direction}`,
  title: (direction) => `w.title COLLATE NOCASE ${direction}, w.id ${direction}`,
  schedule: (direction) => `w.schedule_start ${direction}, w.id ${direction}`,
  status: (direction) => `${STATUS_RANK} ${direction}, w.id ${direction}`,
  pay: (direction) => `w.pay_amount ${direction}, w.id ${direction}`,
  created_date: (direction) => `w.created_at ${direction}, w.id ${direction}`,
};

const LIKE = `LIKE @search ESCAPE '\\'`;

/** Each filter of decisions §3 as its SQL; the query value is bound under the filter's own name. */
const FILTERS = {
  f_search: `(w.title ${LIKE} OR CAST(w.id AS TEXT) ${LIKE} OR w.city ${LIKE}
    OR EXISTS (SELECT 1 FROM clients c WHERE c.id = w.client_id AND c.name ${LIKE}))`,
  f_work_order_id: 'w.id = @f_work_order_id',
  f_type_of_work: `(w.type_of_work_id = @f_type_of_work
    OR EXISTS (SELECT 1 FROM json_each(w.data, '$.fields.types_of_work') t WHERE json_extract(t.value, '$.id') = @f_type_of_work))`,
  f_client: 'w.client_id = @f_client',
  f_project: 'w.project_id = @f_project',
  f_manager: 'w.manager_id = @f_manager',
  f_city: 'w.city = @f_city COLLATE NOCASE',
  f_state: 'w.state = @f_state COLLATE NOCASE',
  f_country: 'w.country = @f_country COLLATE NOCASE',
  f_saved_location: 'w.saved_location_id = @f_saved_location',
} as const satisfies Partial<Record<keyof WorkOrderListQuery, string>>;

const FILTER_LABELS: Readonly<Record<keyof typeof FILTERS, string>> = {
  f_search: 'Search (title, id, city, client)',
  f_work_order_id: 'Work order id',
  f_type_of_work: 'Type of work',
  f_client: 'Client',
  f_project: 'Project',
  f_manager: 'Manager',
  f_city: 'City',
  f_state: 'State',
  f_country: 'Country',
  f_saved_location: 'Saved location',
};

const COLUMNS: readonly { id: string; label: string; group: string; sort?: WorkOrderSortField }[] = [
  { id: 'id', label: 'ID', group: 'Work order', sort: 'id' },
  { id: 'title', label: 'Title', group: 'Work order', sort: 'title' },
  { id: 'status', label: 'Status', group: 'Work order', sort: 'status' },
  { id: 'type_of_work', label: 'Type of work', group: 'Work order' },
  { id: 'created_date', label: 'Created', group: 'Work order', sort: 'created_date' },
  { id: 'schedule', label: 'Schedule', group: 'Schedule', sort: 'schedule' },
  { id: 'location', label: 'Location', group: 'Location' },
  { id: 'pay', label: 'Pay', group: 'Pay', sort: 'pay' },
  { id: 'client', label: 'Client', group: 'Company' },
  { id: 'project', label: 'Project', group: 'Company' },
  { id: 'manager', label: 'Manager', group: 'Company' },
  { id: 'assignee', label: 'Provider', group: 'Provider' },
];
const DEFAULT_COLUMNS = 'id,title,status,schedule,location,pay';

function whereClause(query: WorkOrderListQuery): { sql: string; params: Record<string, string | number> } {
  const conditions = ['w.company_id = @company_id', LIST_CONDITIONS[query.list]];
  const params: Record<string, string | number> = {};
  for (const [name, condition] of Object.entries(FILTERS) as [keyof typeof FILTERS, string][]) {
    const value = query[name];
    if (value === undefined || value === '') continue;
    conditions.push(condition);
    if (name === 'f_search') params.search = `%${String(value).replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    else params[name] = value;
  }
  return { sql: conditions.join(' AND '), params };
}

interface WorkOrderPage {
  ids: number[];
  metadata: ListMetadata;
}

/** A page of the company's orders; without a sort, the newest first. */
export function listWorkOrders(context: MarketplaceContext, companyId: number, query: WorkOrderListQuery): WorkOrderPage {
  const started = performance.now();
  const sort = query.sort ?? 'id';
  const order: SortOrder = query.order ?? (query.sort ? 'asc' : 'desc');
  const where = whereClause(query);
  const params = { ...where.params, company_id: companyId };
  const total = (preparedStatement(context, `SELECT COUNT(*) AS total FROM work_orders w WHERE ${where.sql}`).get(params) as { total: number }).total;
  // The page's ids come from the indexes alone; its rows are read by whoever presents them.
  const ids = preparedStatement(context, `SELECT w.id FROM work_orders w WHERE ${where.sql} ORDER BY ${SORT_KEYS[sort](order.toUpperCase())} LIMIT @limit OFFSET @offset`)
    .pluck()
    .all({ ...params, limit: query.per_page, offset: (query.page - 1) * query.per_page }) as number[];
  const columns = query.columns ?? DEFAULT_COLUMNS;
  return {
    ids,
    metadata: {
      total,
      page: query.page,
      pages: Math.ceil(total / query.per_page),
      per_page: query.per_page,
      columns,
      view: query.view ?? 'list',
      sort,
      order,
      list: query.list,
      available_columns: availableColumns(columns.split(','), sort, order),
      available_filters: Object.entries(FILTER_LABELS).map(([id, label]) => ({ id, label })),
      // Whole milliseconds (decisions §6): the service's SDKs read `time` as an integer.
      timings: [{ name: 'query', time: Math.round(performance.now() - started) }],
    },
  };
}

function availableColumns(selected: readonly string[], sort: WorkOrderSortField, order: SortOrder): AvailableColumnGroup[] {
  const groups = [...new Set(COLUMNS.map((column) => column.group))];
  return groups.map((group) => ({
    group,
    items: COLUMNS.filter((column) => column.group === group).map((column) => ({
      id: column.id,
      label: column.label,
      group,
      order: COLUMNS.indexOf(column),
      icon: '',
      selected: selected.includes(column.id),
      can_sort: column.sort !== undefined,
      sort_dir: column.sort === sort ? order : null,
    })),
  }));
}

/** GET workorders/lists: every list with how many of the company's orders it holds, in one read. */
export function countLists(context: MarketplaceContext, companyId: number): { id: WorkOrderListId; label: string; count: number }[] {
  const sums = WORK_ORDER_LISTS.map((list) => `COALESCE(SUM(${LIST_CONDITIONS[list.id]}), 0) AS ${list.id}`).join(', ');
  const counts = preparedStatement(context, `SELECT ${sums} FROM work_orders w WHERE w.company_id = ?`).get(companyId) as Record<WorkOrderListId, number>;
  return WORK_ORDER_LISTS.map((list) => ({ id: list.id, label: list.label, count: counts[list.id] }));
}
