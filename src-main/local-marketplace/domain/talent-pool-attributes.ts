import { randomUUID } from 'node:crypto';
import type { TalentPoolAttribute, TalentPoolAttributeListQuery } from '../../../src-shared/api/talent-pool';
import type { MarketplaceContext } from '../context';
import { invalidInput, MarketplaceError, notFound } from '../http/errors';
import { apiTimestamp } from '../http/timestamp';
import { preparedStatement } from '../store/database';

/** Where attributes live: one provider's membership of one pool. */
export interface Membership {
  companyId: number;
  poolId: number;
  providerId: number;
}

interface AttributeRow {
  id: string;
  pool_id: number;
  provider_id: number;
  name: string;
  value: string;
  created_at: number;
  updated_at: number;
}

/** `sort_by` values and their columns *(ours: the spec names the parameter, not its values)*. */
const SORT_COLUMNS: ReadonlyMap<string, string> = new Map([
  ['name', 'name COLLATE NOCASE'],
  ['value', 'value COLLATE NOCASE'],
  ['created', 'created_at'],
  ['updated', 'updated_at'],
  ['id', 'id'],
]);

// A type, not an interface: it must be assignable to the loose list schema's type.
export type AttributeList = {
  metadata: { total: number; page: number; pages: number; per_page: number };
  results: TalentPoolAttribute[];
  actions: string[];
};

/** The pool must be one of the caller's company (403 otherwise) and list the provider (404 otherwise). */
function checkMembership(context: MarketplaceContext, { companyId, poolId, providerId }: Membership): void {
  const pool = preparedStatement(context, 'SELECT g.company_id FROM talent_pools p JOIN talent_pool_groups g ON g.id = p.group_id WHERE p.id = ?').get(poolId) as
    | { company_id: number }
    | undefined;
  if (!pool) throw notFound(`Talent pool ${poolId}`);
  if (pool.company_id !== companyId) throw new MarketplaceError('FORBIDDEN', `Talent pool ${poolId} belongs to another company`);
  const member = preparedStatement(context, 'SELECT 1 FROM talent_pool_members WHERE pool_id = ? AND provider_id = ?').get(poolId, providerId);
  if (!member) throw notFound(`Provider ${providerId} in talent pool ${poolId}`);
}

const present = (row: AttributeRow): TalentPoolAttribute => ({
  id: row.id,
  name: row.name,
  value: row.value,
  created: { utc: apiTimestamp(row.created_at).utc },
  updated: { utc: apiTimestamp(row.updated_at).utc },
});

function envelope(results: TalentPoolAttribute[], total = results.length, page = 1, perPage = results.length): AttributeList {
  return { metadata: { total, page, pages: perPage > 0 ? Math.ceil(total / perPage) : 0, per_page: perPage }, results, actions: ['add'] };
}

function allRows(context: MarketplaceContext, { poolId, providerId }: Membership): AttributeRow[] {
  return preparedStatement(context, 'SELECT * FROM talent_pool_attributes WHERE pool_id = ? AND provider_id = ? ORDER BY created_at, name').all(poolId, providerId) as AttributeRow[];
}

/** Uuids are compared in lower case: ours are written so, a client may not keep the case. */
function attributeRow(context: MarketplaceContext, { poolId, providerId }: Membership, id: string): AttributeRow | undefined {
  return preparedStatement(context, 'SELECT * FROM talent_pool_attributes WHERE id = ? AND pool_id = ? AND provider_id = ?').get(id.toLowerCase(), poolId, providerId) as
    | AttributeRow
    | undefined;
}

/** GET: sorted by `sort_by` (name by default), `limit` per page (all when absent), `page` *(ours)* from 1. */
export function listAttributes(context: MarketplaceContext, membership: Membership, query: TalentPoolAttributeListQuery & { page?: number }): AttributeList {
  checkMembership(context, membership);
  const sortBy = query.sort_by ?? 'name';
  const column = SORT_COLUMNS.get(sortBy);
  if (!column) throw invalidInput(`sort_by must be one of ${[...SORT_COLUMNS.keys()].join(', ')}`, ['sort_by']);
  const direction = query.sort_direction === 'desc' ? 'DESC' : 'ASC';
  const { total } = preparedStatement(context, 'SELECT COUNT(*) AS total FROM talent_pool_attributes WHERE pool_id = ? AND provider_id = ?').get(
    membership.poolId,
    membership.providerId,
  ) as { total: number };
  const perPage = query.limit ?? total;
  const page = query.page ?? 1;
  const rows = preparedStatement(
    context,
    `SELECT * FROM talent_pool_attributes WHERE pool_id = ? AND provider_id = ? ORDER BY ${column} ${direction}, id LIMIT ? OFFSET ?`,
  ).all(membership.poolId, membership.providerId, perPage, (page - 1) * perPage) as AttributeRow[];
  return envelope(rows.map(present), total, page, perPage);
}

/** POST: all or none; a name the provider already has in this pool is a 400, as is one sent twice. */
export function createAttributes(context: MarketplaceContext, membership: Membership, attributes: readonly { name: string; value: string }[]): AttributeList {
  return context.db.transaction(() => {
    checkMembership(context, membership);
    const taken = new Set(allRows(context, membership).map((row) => row.name));
    const now = context.clock.now();
    const insert = preparedStatement(context, 'INSERT INTO talent_pool_attributes (id, pool_id, provider_id, name, value, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
    const created = attributes.map(({ name, value }, index) => {
      if (taken.has(name)) throw invalidInput(`The provider already has an attribute named ${name.slice(0, 100)} in this pool`, [`attributes.${index}.name`]);
      taken.add(name);
      const row: AttributeRow = { id: randomUUID(), pool_id: membership.poolId, provider_id: membership.providerId, name, value, created_at: now, updated_at: now };
      insert.run(row.id, row.pool_id, row.provider_id, row.name, row.value, row.created_at, row.updated_at);
      return present(row);
    });
    return envelope(created);
  })();
}

function setValue(context: MarketplaceContext, row: AttributeRow, value: string, now: number): AttributeRow {
  preparedStatement(context, 'UPDATE talent_pool_attributes SET value = ?, updated_at = ? WHERE id = ?').run(value, now, row.id);
  return { ...row, value, updated_at: now };
}

/** PUT …/attributes/{attribute_uuid}. */
export function updateAttribute(context: MarketplaceContext, membership: Membership, id: string, value: string): TalentPoolAttribute {
  return context.db.transaction(() => {
    checkMembership(context, membership);
    const row = attributeRow(context, membership, id);
    if (!row) throw notFound(`Attribute ${id}`);
    return present(setValue(context, row, value, context.clock.now()));
  })();
}

/** PUT …/attributes: all or none; an id that is not this provider's in this pool, or sent twice, is a 400. */
export function updateAttributes(context: MarketplaceContext, membership: Membership, changes: readonly { id: string; value: string }[]): AttributeList {
  return context.db.transaction(() => {
    checkMembership(context, membership);
    const now = context.clock.now();
    const seen = new Set<string>();
    const rows = changes.map(({ id }, index) => {
      const row = attributeRow(context, membership, id);
      if (!row) throw invalidInput(`Attribute ${id} is not one of this provider's in this pool`, [`attributes.${index}.id`]);
      if (seen.has(row.id)) throw invalidInput(`Attribute ${id} is listed twice`, [`attributes.${index}.id`]);
      seen.add(row.id);
      return row;
    });
    return envelope(rows.map((row, index) => present(setValue(context, row, changes[index]?.value ?? row.value, now))));
  })();
}

/** DELETE …/attributes/{attribute_uuid}: answers the attribute as it was. */
export function deleteAttribute(context: MarketplaceContext, membership: Membership, id: string): TalentPoolAttribute {
  return context.db.transaction(() => {
    checkMembership(context, membership);
    const row = attributeRow(context, membership, id);
    if (!row) throw notFound(`Attribute ${id}`);
    preparedStatement(context, 'DELETE FROM talent_pool_attributes WHERE id = ?').run(row.id);
    return present(row);
  })();
}
