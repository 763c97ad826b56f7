import type { PreferredProviderGroup } from '../../../src-shared/api/company';
import type { PreferredProviderGroupDetail } from '../../../src-shared/api/talent-pool';
import type { MarketplaceContext } from '../context';
import { MarketplaceError, notFound } from '../http/errors';
import { preparedStatement } from '../store/database';
import { providerProfile } from './providers';

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

/**
 * GET company/preferred-providers/{group_id} *(ours)*: the group with its pools and the providers of
 * each, so a client can cache who sits in which pool before asking for their attributes. The real
 * service manages pools in its web application and documents no such read.
 */
export function preferredProviderGroup(context: MarketplaceContext, companyId: number, groupId: number): PreferredProviderGroupDetail {
  const group = preparedStatement(context, 'SELECT id, company_id, name FROM talent_pool_groups WHERE id = ?').get(groupId) as
    | { id: number; company_id: number; name: string }
    | undefined;
  if (!group) throw notFound(`Talent pool group ${groupId}`);
  if (group.company_id !== companyId) throw new MarketplaceError('FORBIDDEN', `Talent pool group ${groupId} belongs to another company`);
  const pools = preparedStatement(context, 'SELECT id, name FROM talent_pools WHERE group_id = ? ORDER BY id').all(groupId) as { id: number; name: string }[];
  const members = preparedStatement(context, 'SELECT provider_id FROM talent_pool_members WHERE pool_id = ? ORDER BY provider_id');
  const presented = pools.map((pool) => {
    const providers = (members.all(pool.id) as { provider_id: number }[])
      .map((row) => providerProfile(context, row.provider_id))
      .filter((profile) => profile !== undefined);
    return {
      id: pool.id,
      name: pool.name,
      providers: { metadata: { total: providers.length, page: 1, pages: 1, per_page: Math.max(1, providers.length) }, results: providers },
    };
  });
  const distinct = new Set(presented.flatMap((pool) => pool.providers.results.map((provider) => provider.id)));
  return { id: group.id, name: group.name, providers: distinct.size, actions: ['edit', 'delete'], pools: presented };
}
