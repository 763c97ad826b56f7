import { personName } from '../../src-shared/domain/person-name';
import type { PreferredProviderGroup } from '../../src-shared/api/company';
import type { ProviderProfile } from '../../src-shared/api/provider';
import type { TalentPool, TalentPoolAttribute } from '../../src-shared/api/talent-pool';
import type { CacheDatabase } from './database';

/** One provider in one pool, with the attributes the company gave them there. */
export interface PulledMember {
  provider: ProviderProfile;
  attributes: readonly TalentPoolAttribute[];
}

export interface PulledPool {
  pool: TalentPool;
  members: readonly PulledMember[];
}

/** A group (preferred providers) with its pools; `pools` is empty when the service does not say. */
export interface PulledGroup {
  group: PreferredProviderGroup;
  pools: readonly PulledPool[];
}

export interface CachedTalentPool {
  id: number;
  name: string | null;
  group: { id: number; name: string | null };
  providerCount: number;
}

export interface CachedPoolMember {
  provider: ProviderProfile;
  attributes: TalentPoolAttribute[];
}

const providerName = (provider: ProviderProfile): string | null => personName({ first_name: provider.first_name, last_name: provider.last_name }) ?? null;

function prepare(db: CacheDatabase) {
  return {
    deleteGroups: db.prepare('DELETE FROM talent_pool_groups'),
    deleteAttributes: db.prepare('DELETE FROM talent_pool_attributes'),
    insertGroup: db.prepare('INSERT INTO talent_pool_groups (id, name, json, fetched_at) VALUES (?, ?, ?, ?)'),
    // A pool id seen under two groups is the service's mistake; the last group wins.
    insertPool: db.prepare(
      `INSERT INTO talent_pools (id, group_id, name, json, fetched_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT(id) DO UPDATE SET group_id = excluded.group_id, name = excluded.name, json = excluded.json, fetched_at = excluded.fetched_at`,
    ),
    insertMember: db.prepare('INSERT OR IGNORE INTO talent_pool_members (pool_id, provider_id) VALUES (?, ?)'),
    // Providers are kept beyond pools (a work order may name one), so they are updated, never cleared here.
    upsertProvider: db.prepare(
      `INSERT INTO providers (id, name, json, fetched_at) VALUES (?, ?, ?, ?)
       ON CONFLICT(id) DO UPDATE SET name = excluded.name, json = excluded.json, fetched_at = excluded.fetched_at`,
    ),
    insertAttribute: db.prepare(
      `INSERT OR REPLACE INTO talent_pool_attributes (pool_id, provider_id, id, name, value, json, fetched_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    pools: db.prepare(
      `SELECT p.id, p.name, g.id AS group_id, g.name AS group_name, (SELECT COUNT(*) FROM talent_pool_members m WHERE m.pool_id = p.id) AS providers
       FROM talent_pools p JOIN talent_pool_groups g ON g.id = p.group_id ORDER BY g.name, g.id, p.name, p.id`,
    ),
    poolExists: db.prepare('SELECT 1 FROM talent_pools WHERE id = ?').pluck(),
    members: db.prepare(
      `SELECT m.provider_id, pr.json FROM talent_pool_members m LEFT JOIN providers pr ON pr.id = m.provider_id
       WHERE m.pool_id = ? ORDER BY pr.name, m.provider_id`,
    ),
    attributes: db.prepare('SELECT provider_id, json FROM talent_pool_attributes WHERE pool_id = ? ORDER BY name, id'),
    memberExists: db.prepare('SELECT 1 FROM talent_pool_members WHERE pool_id = ? AND provider_id = ?').pluck(),
    memberAttributes: db.prepare('SELECT json FROM talent_pool_attributes WHERE pool_id = ? AND provider_id = ? ORDER BY name, id').pluck(),
    deleteMemberAttributes: db.prepare('DELETE FROM talent_pool_attributes WHERE pool_id = ? AND provider_id = ?'),
  };
}

/** Talent pool groups, their pools, who sits in each, and the attributes of each membership. */
export class TalentPoolRepository {
  readonly #statements: ReturnType<typeof prepare>;
  readonly #replaceAll: (groups: readonly PulledGroup[], fetchedAt: number) => void;
  readonly #writeMember: (poolId: number, providerId: number, attributes: readonly TalentPoolAttribute[], fetchedAt: number) => void;

  constructor(db: CacheDatabase) {
    const s = prepare(db);
    this.#statements = s;
    this.#replaceAll = db.transaction((groups: readonly PulledGroup[], fetchedAt: number) => {
      // Pools and members go with their group (ON DELETE CASCADE); attributes have no parent row.
      s.deleteGroups.run();
      s.deleteAttributes.run();
      for (const { group, pools } of groups) {
        s.insertGroup.run(group.id, group.name, JSON.stringify(group), fetchedAt);
        for (const { pool, members } of pools) {
          s.insertPool.run(pool.id, group.id, pool.name ?? null, JSON.stringify(pool), fetchedAt);
          for (const { provider, attributes } of members) {
            s.upsertProvider.run(provider.id, providerName(provider), JSON.stringify(provider), fetchedAt);
            s.insertMember.run(pool.id, provider.id);
            for (const attribute of attributes) {
              s.insertAttribute.run(pool.id, provider.id, attribute.id, attribute.name, attribute.value ?? null, JSON.stringify(attribute), fetchedAt);
            }
          }
        }
      }
    });
    this.#writeMember = db.transaction((poolId: number, providerId: number, attributes: readonly TalentPoolAttribute[], fetchedAt: number) => {
      s.deleteMemberAttributes.run(poolId, providerId);
      for (const attribute of attributes) {
        s.insertAttribute.run(poolId, providerId, attribute.id, attribute.name, attribute.value ?? null, JSON.stringify(attribute), fetchedAt);
      }
    });
  }

  /** One member's attributes in a pool, by name; undefined when the cache does not list the provider in the pool. */
  attributesOf(poolId: number, providerId: number): TalentPoolAttribute[] | undefined {
    const s = this.#statements;
    if (s.memberExists.get(poolId, providerId) === undefined) return undefined;
    return (s.memberAttributes.all(poolId, providerId) as string[]).map((json) => JSON.parse(json) as TalentPoolAttribute);
  }

  /** Replaces one member's attributes (what the outbox shows, or the marketplace's answer after a change); a member the cache does not list is left alone. */
  writeAttributes(poolId: number, providerId: number, attributes: readonly TalentPoolAttribute[], fetchedAt: number = Date.now()): void {
    if (this.#statements.memberExists.get(poolId, providerId) === undefined) return;
    this.#writeMember(poolId, providerId, attributes, fetchedAt);
  }

  /** Replaces every group, pool, membership and attribute with a fresh pull, in one transaction. */
  replace(groups: readonly PulledGroup[], fetchedAt: number = Date.now()): void {
    this.#replaceAll(groups, fetchedAt);
  }

  /** Every pool, by group then name. */
  pools(): CachedTalentPool[] {
    const rows = this.#statements.pools.all() as { id: number; name: string | null; group_id: number; group_name: string | null; providers: number }[];
    return rows.map((row) => ({ id: row.id, name: row.name, group: { id: row.group_id, name: row.group_name }, providerCount: row.providers }));
  }

  /** The providers of a pool with their attributes there, by name; undefined for a pool the cache does not know. */
  members(poolId: number): CachedPoolMember[] | undefined {
    const s = this.#statements;
    if (s.poolExists.get(poolId) === undefined) return undefined;
    const attributes = new Map<number, TalentPoolAttribute[]>();
    for (const row of s.attributes.all(poolId) as { provider_id: number; json: string }[]) {
      attributes.set(row.provider_id, [...(attributes.get(row.provider_id) ?? []), JSON.parse(row.json) as TalentPoolAttribute]);
    }
    const rows = s.members.all(poolId) as { provider_id: number; json: string | null }[];
    return rows.map((row) => ({
      provider: row.json === null ? { id: row.provider_id } : (JSON.parse(row.json) as ProviderProfile),
      attributes: attributes.get(row.provider_id) ?? [],
    }));
  }
}
