import type { PreferredProviderGroup } from '../../../src-shared/api/company';
import type { MarketplaceContext } from '../context';

/**
 * GET company/preferred-providers: the company's talent pool groups (decisions §6). `providers`
 * counts each provider once, however many pools of the group list them.
 */
export function listPreferredProviderGroups(context: MarketplaceContext, companyId: number): PreferredProviderGroup[] {
  const rows = context.db
    .prepare(
      `SELECT g.id, g.name, COUNT(DISTINCT m.provider_id) AS providers
       FROM talent_pool_groups g
       LEFT JOIN talent_pools p ON p.group_id = g.id
       LEFT JOIN talent_pool_members m ON m.pool_id = p.id
       WHERE g.company_id = ?
       GROUP BY g.id ORDER BY g.id`,
    )
    .all(companyId) as { id: number; name: string; providers: number }[];
  return rows.map((row) => ({ ...row, actions: ['edit', 'delete'] }));
}
