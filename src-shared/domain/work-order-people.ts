import type { WorkOrder } from '../api/work-order';

/** The providers the order is routed to; `routes` has no shape in the contract, so it is read loosely. */
export function routedProviders(order: Pick<WorkOrder, 'routes'>): number[] {
  const routes = order.routes as { results?: { technician?: { id?: unknown } }[] } | null | undefined;
  return (routes?.results ?? []).flatMap((route) => (typeof route.technician?.id === 'number' ? [route.technician.id] : []));
}

/** The assigned provider's id; `assignee` is untyped in the contract. */
export const assigneeOf = (order: Pick<WorkOrder, 'assignee'>): number | undefined => (order.assignee as { user?: { id?: number } } | null | undefined)?.user?.id;
