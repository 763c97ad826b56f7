import type { MarketplaceContext } from '../context';
import { seedBase } from './base';

/**
 * The demo company: managers, clients and projects, saved locations, providers, talent pools and
 * work orders in every status. Deterministic: the same seed gives the same ids and data.
 */
export function seedDemo(context: MarketplaceContext): void {
  context.db.transaction(() => {
    seedBase(context.db);
  })();
}

export function isEmpty(context: MarketplaceContext): boolean {
  return !context.db.prepare('SELECT 1 FROM companies LIMIT 1').get();
}
