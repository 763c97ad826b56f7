import type { PayInput } from '../../../src-shared/api/pay';
import type { ScheduleInput } from '../../../src-shared/api/schedule';
import { type Span, timeOnSite } from '../../../src-shared/domain/time-on-site';
import type { MarketplaceContext } from '../context';
import { preparedStatement } from '../store/database';
import { statusIdOf } from './work-order-record';

// What the work orders say of providers, worked out on every read from the orders themselves, so a
// profile's schedule and counts never disagree with the orders (nothing is stored twice).

/** An order assigned to the provider now, and the time it holds them. */
export interface AssignedOrder {
  workOrderId: number;
  span: Span | undefined;
}

export interface ProviderWork {
  /** Finished orders (Work Done, Approved, Paid) of the company asked about. */
  jobsForCompany: number;
  /** Finished orders of every company. */
  jobsOnMarketplace: number;
  /** Every company's: a provider keeps one diary. */
  assigned: AssignedOrder[];
  /** The company's talent pool groups that have the provider in one of their pools. */
  groups: { id: number; name: string }[];
}

const FINISHED_STATUS_IDS = JSON.stringify((['workdone', 'approved', 'paid'] as const).map(statusIdOf));
const ASSIGNED_STATUS_ID = statusIdOf('assigned');

const noWork = (): ProviderWork => ({ jobsForCompany: 0, jobsOnMarketplace: 0, assigned: [], groups: [] });

/** The work of each provider named, for one company's view of it; every id gets an entry. */
export function providersWork(context: MarketplaceContext, companyId: number, providerIds: readonly number[]): Map<number, ProviderWork> {
  const work = new Map(providerIds.map((id) => [id, noWork()]));
  const ids = JSON.stringify(providerIds);
  const counts = preparedStatement(
    context,
    `SELECT assignee_id AS provider, SUM(company_id = ?) AS mine, COUNT(*) AS everyone FROM work_orders
     WHERE assignee_id IN (SELECT value FROM json_each(?)) AND status_id IN (SELECT value FROM json_each(?)) GROUP BY assignee_id`,
  ).all(companyId, ids, FINISHED_STATUS_IDS) as { provider: number; mine: number; everyone: number }[];
  for (const row of counts) {
    const entry = work.get(row.provider);
    if (entry) Object.assign(entry, { jobsForCompany: row.mine, jobsOnMarketplace: row.everyone });
  }

  const assigned = preparedStatement(
    context,
    `SELECT id, assignee_id AS provider, json_extract(data, '$.fields.schedule') AS schedule, json_extract(data, '$.fields.pay') AS pay FROM work_orders
     WHERE assignee_id IN (SELECT value FROM json_each(?)) AND status_id = ? ORDER BY schedule_start, id`,
  ).all(ids, ASSIGNED_STATUS_ID) as { id: number; provider: number; schedule: string | null; pay: string | null }[];
  for (const row of assigned) {
    const span = timeOnSite({ schedule: parsed<ScheduleInput>(row.schedule), pay: parsed<PayInput>(row.pay) });
    work.get(row.provider)?.assigned.push({ workOrderId: row.id, span });
  }

  const memberships = preparedStatement(
    context,
    `SELECT DISTINCT m.provider_id AS provider, g.id, g.name FROM talent_pool_members m
     JOIN talent_pools p ON p.id = m.pool_id JOIN talent_pool_groups g ON g.id = p.group_id
     WHERE g.company_id = ? AND m.provider_id IN (SELECT value FROM json_each(?)) ORDER BY g.id`,
  ).all(companyId, ids) as { provider: number; id: number; name: string }[];
  for (const row of memberships) work.get(row.provider)?.groups.push({ id: row.id, name: row.name });
  return work;
}

/** One provider's work, for one company's view of it. */
export function providerWork(context: MarketplaceContext, companyId: number, providerId: number): ProviderWork {
  return providersWork(context, companyId, [providerId]).get(providerId) ?? noWork();
}

function parsed<Value>(json: string | null): Value | undefined {
  return json === null ? undefined : (JSON.parse(json) as Value);
}
