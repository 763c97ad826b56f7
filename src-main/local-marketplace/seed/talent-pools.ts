import type { MarketplaceDatabase } from '../store/database';

/**
 * The demo company's talent pool groups (preferred providers) 801–802 and their pools 811–814.
 * Provider 3002 sits in two pools of one group, so group 801 counts 6 providers, not 7.
 */
export const DEMO_TALENT_POOL_GROUPS = [
  {
    id: 801,
    name: 'Chicagoland Preferred',
    pools: [
      { id: 811, name: 'POS Specialists', members: [3001, 3002, 3004] },
      { id: 812, name: 'Network and Cabling', members: [3002, 3003, 3005, 3006] },
    ],
  },
  {
    id: 802,
    name: 'Sun Belt Partners',
    pools: [
      { id: 813, name: 'Florida Healthcare IT', members: [3009, 3010, 3011] },
      { id: 814, name: 'Southwest Field Techs', members: [3007, 3012, 3013, 3014] },
    ],
  },
] as const;

export function seedTalentPools(db: MarketplaceDatabase, companyId: number): void {
  const insertGroup = db.prepare('INSERT INTO talent_pool_groups (id, company_id, name) VALUES (?, ?, ?)');
  const insertPool = db.prepare('INSERT INTO talent_pools (id, group_id, name) VALUES (?, ?, ?)');
  const insertMember = db.prepare('INSERT INTO talent_pool_members (pool_id, provider_id) VALUES (?, ?)');
  for (const group of DEMO_TALENT_POOL_GROUPS) {
    insertGroup.run(group.id, companyId, group.name);
    for (const pool of group.pools) {
      insertPool.run(pool.id, group.id, pool.name);
      for (const providerId of pool.members) insertMember.run(pool.id, providerId);
    }
  }
}
