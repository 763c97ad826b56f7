import { statusById } from '../../../../src-shared/api/status';
import type { MarketProcess } from './market-process';
import { TAG, type PlannedWrite } from './workload';

export interface MarketOrder {
  id: number;
  title: string;
  status: string;
  integrationId: string | null;
  expenses: string[];
  hashes: string[];
  /** The providers it is routed to (an order that is not routed has none). */
  routed: number[];
}

export interface MarketLocation {
  id: number;
  name: string;
  address2: string | null;
}

/** What the marketplace holds of the workload's records, read through its REST API as the demo user. */
export interface MarketSnapshot {
  /** By record key: every order the workload's records are (a duplicate create shows as two). */
  orders: Map<string, MarketOrder[]>;
  locations: Map<string, MarketLocation[]>;
}

interface OrderAnswer {
  id: number;
  title: string;
  status: { id: number };
  integration?: { id?: string | number | null } | null;
  routes?: { results?: { technician?: { id?: number } | null }[] } | null;
}

const ORDER_TITLE = new RegExp(`^${TAG}-(o\\d+)-v\\d+$`);
const LOCATION_NAME = new RegExp(`^${TAG}-(l\\d+)$`);

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  map.set(key, [...(map.get(key) ?? []), value]);
}

async function orderOf(market: MarketProcess, id: number): Promise<MarketOrder> {
  const [order, expenses, folders] = await Promise.all([
    market.get<OrderAnswer>(`/workorders/${id}`),
    market.get<{ results: { description: string }[] }>(`/workorders/${id}/expenses`),
    market.get<{ results: { results?: { file?: { hash?: string } | null }[] }[] }>(`/workorders/${id}/attachments`),
  ]);
  return {
    id,
    title: order.title,
    status: statusById(order.status.id)?.slug ?? String(order.status.id),
    integrationId: order.integration?.id === undefined || order.integration.id === null ? null : String(order.integration.id),
    expenses: expenses.results.map((expense) => expense.description),
    hashes: folders.results.flatMap((folder) => (folder.results ?? []).map((attachment) => attachment.file?.hash ?? '')),
    routed: (order.routes?.results ?? []).map((route) => route.technician?.id ?? 0),
  };
}

/**
 * New orders are found by their title (every title the workload gives starts with the record's
 * key), existing orders and locations by id, new locations by name.
 */
export async function readMarket(market: MarketProcess, plan: readonly PlannedWrite[]): Promise<MarketSnapshot> {
  const orders = new Map<string, MarketOrder[]>();
  const found = await market.get<{ results: { id: number; title: string }[] }>('/workorders', { f_search: `${TAG}-o`, per_page: 100 });
  const created = found.results.flatMap((order) => {
    const key = ORDER_TITLE.exec(order.title)?.[1];
    return key ? [{ key, id: order.id }] : [];
  });
  const existing = [...new Map(plan.filter((write) => write.record.kind === 'order' && write.record.existingId !== undefined).map((write) => [write.record.key, write.record.existingId as number]))];
  const read = await Promise.all([...created.map(({ key, id }) => [key, id] as const), ...existing].map(async ([key, id]) => [key, await orderOf(market, id)] as const));
  for (const [key, order] of read) push(orders, key, order);

  const locations = new Map<string, MarketLocation[]>();
  const listed = await market.get<{ results: { id: number; name?: string | null; address2?: string | null }[] }>('/locations', { per_page: 100 });
  const byId = new Map(listed.results.map((location) => [location.id, location]));
  for (const location of listed.results) {
    const key = LOCATION_NAME.exec(location.name ?? '')?.[1];
    if (key) push(locations, key, { id: location.id, name: location.name ?? '', address2: location.address2 ?? null });
  }
  for (const write of plan) {
    const id = write.record.existingId;
    if (write.record.kind !== 'location' || id === undefined || locations.has(write.record.key)) continue;
    const location = byId.get(id);
    if (!location) throw new Error(`saved location ${id} is gone from the marketplace`);
    push(locations, write.record.key, { id, name: location.name ?? '', address2: location.address2 ?? null });
  }
  return { orders, locations };
}
