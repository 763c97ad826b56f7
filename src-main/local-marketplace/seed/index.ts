import type { MarketplaceContext } from '../context';
import { seedBase } from './base';
import { seedBuyerRecords } from './buyer-records';
import { seedClients } from './clients';
import { seedCompanyLists } from './company-lists';
import { DEMO_CREDENTIALS } from './demo-credentials';
import { seedLocations } from './locations';
import { seedProviders } from './providers';
import { seedSelectionRules } from './selection-rules';
import { seedTalentPools } from './talent-pools';
import { seedProviderSide } from '../simulation/demo-seed';
import { seedWorkOrderTags } from './work-order-tags';
import { seedWorkOrders } from './work-orders';

/**
 * The demo company: managers, clients and projects, saved locations, providers with home bases,
 * talent pools, selection rules and work orders in every status, some of them tagged. Deterministic: the same seed gives the same ids and data.
 */
export function seedDemo(context: MarketplaceContext): void {
  const { db } = context;
  const companyId = DEMO_CREDENTIALS.companyId;
  db.transaction(() => {
    seedBase(db);
    seedClients(db, companyId);
    seedLocations(db, companyId);
    seedProviders(db, context.clock.now());
    seedTalentPools(db, companyId);
    seedCompanyLists(db, companyId);
    seedSelectionRules(db, companyId);
    // Last: orders name the providers, locations and clients seeded above.
    seedWorkOrders(context);
    seedProviderSide(context);
    seedBuyerRecords(context);
    seedWorkOrderTags(context);
  })();
}

export function isEmpty(context: MarketplaceContext): boolean {
  return !context.db.prepare('SELECT 1 FROM companies LIMIT 1').get();
}
