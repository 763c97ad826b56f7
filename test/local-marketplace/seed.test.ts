import { describe, expect, it } from 'vitest';
import { buildMarketplace } from '../../src-main/local-marketplace/server';
import { isEmpty } from '../../src-main/local-marketplace/seed/index';
import { testMarketplace } from './support';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe('the demo seed', () => {
  it('puts the documented records, with their ids, in company 1001', async () => {
    const { marketplace } = await testMarketplace();
    const { db } = marketplace.context;
    const column = (sql: string) => (db.prepare(sql).all() as Record<string, unknown>[]).map((row) => Object.values(row)[0]);
    expect(column('SELECT id FROM companies')).toEqual([1001]);
    expect(column(`SELECT id FROM users WHERE role = 'manager' ORDER BY id`)).toEqual([2001, 2002, 2003]);
    expect(column(`SELECT id FROM users WHERE role = 'provider' ORDER BY id`)).toEqual(range(3001, 3020));
    expect(column('SELECT id FROM clients WHERE company_id = 1001 ORDER BY id')).toEqual([501, 502, 503]);
    expect(column('SELECT id FROM projects WHERE company_id = 1001 ORDER BY id')).toEqual(range(601, 609));
    expect(column('SELECT COUNT(*) FROM projects GROUP BY client_id')).toEqual([3, 3, 3]);
    expect(column('SELECT id FROM locations WHERE company_id = 1001 ORDER BY id')).toEqual(range(701, 708));
    expect(column(`SELECT COUNT(DISTINCT json_extract(data, '$.state')) FROM locations`)).toEqual([6]);
    expect(column('SELECT id FROM talent_pool_groups WHERE company_id = 1001 ORDER BY id')).toEqual([801, 802]);
    expect(column('SELECT id FROM talent_pools ORDER BY id')).toEqual([811, 812, 813, 814]);
    expect(column('SELECT COUNT(*) FROM talent_pool_members')).toEqual([14]);
    expect(column('SELECT id FROM tags WHERE company_id = 1001 ORDER BY id')).toEqual(range(901, 906));
    expect(column('SELECT id FROM expense_categories WHERE company_id = 1001 ORDER BY id')).toEqual(range(951, 954));
  });

  it('is deterministic: two fresh builds answer the same', async () => {
    const first = await testMarketplace();
    const second = await testMarketplace();
    const paths = ['company/clients', 'locations?per_page=100', 'company/tags', 'company/expenses', 'company/preferred-providers'];
    for (const path of paths) {
      const [a, b] = [await first.rest('GET', path), await second.rest('GET', path)];
      expect(a.status).toBe(200);
      expect(b.body).toEqual(a.body);
    }
    for (const id of [3001, 3011, 3020]) {
      const [a, b] = [await first.rest('GET', `users/${id}`), await second.rest('GET', `users/${id}`)];
      const stable = ({ correlation_id: _correlation, last_active: _active, ...profile }: Record<string, unknown>) => profile;
      expect(stable(b.body)).toEqual(stable(a.body));
    }
  });

  it('seeds nothing when told not to', async () => {
    const marketplace = await buildMarketplace({ seed: 'none' });
    try {
      expect(isEmpty(marketplace.context)).toBe(true);
      expect(marketplace.context.db.prepare('SELECT COUNT(*) AS count FROM users').get()).toEqual({ count: 0 });
    } finally {
      await marketplace.close();
    }
  });

  it('dates last_active from the marketplace clock at seeding', async () => {
    const { rest, marketplace } = await testMarketplace();
    const profile = (await rest('GET', 'users/3005')).body;
    const lastActive = Date.parse(`${profile.last_active.utc.replace(' ', 'T')}Z`);
    const fiveMinutesAgo = marketplace.context.clock.now() - 5 * 60_000;
    expect(Math.abs(lastActive - fiveMinutesAgo)).toBeLessThan(60_000);
  });
});
