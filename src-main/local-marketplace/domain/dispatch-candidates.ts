import { milesBetween } from '../../../src-shared/domain/distance';
import { overlaps, timeOnSite } from '../../../src-shared/domain/time-on-site';
import type { MarketplaceContext } from '../context';
import { preparedStatement } from '../store/database';
import { locate } from './site-geography';
import type { ProviderData } from './providers';
import { providersWork } from './provider-work';
import type { Candidate } from './selection-rule-matching';
import { addressOf, type WorkOrderRecord } from './work-order-record';

// Who auto-dispatch may give an order to: providers on the marketplace who take routed work, each
// with their distance to the site and their work, split by whether they are free for the order's
// time on site. Someone whose assigned order overlaps it is booked: dispatch never double-books.

interface ProviderRow {
  id: number;
  first_name: string;
  last_name: string;
  data: string;
}

export function dispatchCandidates(context: MarketplaceContext, companyId: number, record: WorkOrderRecord): { free: Candidate[]; booked: Candidate[] } {
  const rows = preparedStatement(context, "SELECT id, first_name, last_name, data FROM users WHERE role = 'provider' ORDER BY id").all() as ProviderRow[];
  const providers = rows.map((row) => ({ ...row, data: JSON.parse(row.data) as ProviderData })).filter(({ data }) => data.marketplace && data.routable);
  const work = providersWork(context, companyId, providers.map((provider) => provider.id));
  const site = locate(addressOf(record));
  const span = timeOnSite(record.data.fields);
  const free: Candidate[] = [];
  const booked: Candidate[] = [];
  for (const provider of providers) {
    const providerWork = work.get(provider.id);
    if (!providerWork) continue;
    const home = provider.data.coords;
    const candidate: Candidate = { ...provider, work: providerWork, miles: site && home ? milesBetween(home, site) : undefined };
    const busy = span !== undefined && providerWork.assigned.some((order) => order.workOrderId !== record.id && order.span !== undefined && overlaps(order.span, span));
    (busy ? booked : free).push(candidate);
  }
  return { free, booked };
}
