import { describe, expect, it } from 'vitest';
import { type Coordinates, milesBetween } from '../../src-shared/domain/distance';
import { boxesAround, providersWithin } from '../../src-main/local-marketplace/domain/provider-search';
import { doesTypeOfWork } from '../../src-main/local-marketplace/domain/provider-skills';
import { buildMarketplace, type Marketplace } from '../../src-main/local-marketplace/server';
import { random } from '../main/db/work-order-fixtures';
import { insertSyntheticProviders, randomHome } from './synthetic-providers';

// The search's spatial index (migration 0011's R*Tree) against a scan of every provider: the same
// providers, in the same order, for random circles and filters, also where a circle crosses the
// antimeridian or reaches a pole; and the tree follows every write to the users table.

interface Provider {
  id: number;
  coords: Coordinates;
  about: string;
}

async function marketplaceWith(count: number, home?: (next: () => number) => Coordinates): Promise<Marketplace> {
  const marketplace = await buildMarketplace({ db: ':memory:', seed: 'none' });
  insertSyntheticProviders(marketplace.context.db, count, 11, home);
  return marketplace;
}

function everyProvider(marketplace: Marketplace): Provider[] {
  const rows = marketplace.context.db.prepare("SELECT id, data FROM users WHERE role = 'provider'").all() as { id: number; data: string }[];
  return rows.map((row) => ({ id: row.id, ...(JSON.parse(row.data) as Omit<Provider, 'id'>) }));
}

function scan(providers: readonly Provider[], center: Coordinates, radius: number, types: readonly number[]) {
  return providers
    .map((provider) => ({ ...provider, miles: milesBetween(center, provider.coords) }))
    .filter((provider) => provider.miles <= radius && (types.length === 0 || types.some((type) => doesTypeOfWork(provider, type))))
    .sort((first, second) => first.miles - second.miles || first.id - second.id)
    .map((provider) => provider.id);
}

describe('the provider search index', () => {
  it('finds what a scan finds, in the same order, for random circles and filters', async () => {
    const marketplace = await marketplaceWith(3000);
    const next = random(5);
    const providers = everyProvider(marketplace);
    try {
      for (let round = 0; round < 60; round += 1) {
        const center = randomHome(next);
        const radius = [5, 25, 50, 150, 400][round % 5] as number;
        const types = round % 3 === 0 ? [] : round % 3 === 1 ? [62] : [4, 65];
        const found = providersWithin(marketplace.context, { center, radius, typesOfWork: types }).map((hit) => hit.id);
        expect(found, `${JSON.stringify(center)} ${radius} mi ${types.join(',')}`).toEqual(scan(providers, center, radius, types));
      }
    } finally {
      await marketplace.close();
    }
  });

  it('finds providers across the antimeridian and around a pole', async () => {
    // Homes in the Aleutians and far Russia, either side of 180°, and near the North Pole.
    const marketplace = await marketplaceWith(600, (next) => (next() < 0.8 ? { latitude: 50 + next() * 6, longitude: next() < 0.5 ? 172 + next() * 8 : -180 + next() * 8 } : { latitude: 86 + next() * 4, longitude: -180 + next() * 360 }));
    const providers = everyProvider(marketplace);
    try {
      for (const [center, radius] of [
        [{ latitude: 52, longitude: 179.5 }, 200],
        [{ latitude: 53, longitude: -179.8 }, 300],
        [{ latitude: 89.5, longitude: 0 }, 150],
      ] as const) {
        const found = providersWithin(marketplace.context, { center, radius }).map((hit) => hit.id);
        expect(found.length, JSON.stringify(center)).toBeGreaterThan(0);
        expect(found).toEqual(scan(providers, center, radius, []));
      }
      expect(boxesAround({ latitude: 52, longitude: 179.5 }, 200)).toHaveLength(2);
      expect(boxesAround({ latitude: 89.5, longitude: 0 }, 150)).toEqual([expect.objectContaining({ minLongitude: -180, maxLongitude: 180 })]);
    } finally {
      await marketplace.close();
    }
  });

  it('follows inserts, moves and deletes of providers, and leaves managers and homeless providers out', async () => {
    const marketplace = await buildMarketplace({ db: ':memory:', seed: 'none' });
    const { db } = marketplace.context;
    const center = { latitude: 41.88, longitude: -87.63 };
    const near = () => providersWithin(marketplace.context, { center, radius: 10 }).map((hit) => hit.id);
    try {
      db.exec(`INSERT INTO companies (id, name) VALUES (1, 'Buyer')`);
      const insert = db.prepare('INSERT INTO users (id, company_id, role, first_name, last_name, data) VALUES (?, ?, ?, ?, ?, ?)');
      insert.run(1, null, 'provider', 'Near', 'One', JSON.stringify({ coords: { latitude: 41.9, longitude: -87.65 }, about: '' }));
      insert.run(2, 1, 'manager', 'A', 'Manager', JSON.stringify({ coords: { latitude: 41.9, longitude: -87.65 } }));
      insert.run(3, null, 'provider', 'No', 'Home', '{}');
      expect(near()).toEqual([1]);
      db.prepare('UPDATE users SET data = ? WHERE id = 3').run(JSON.stringify({ coords: { latitude: 41.89, longitude: -87.64 }, about: '' }));
      expect(near()).toEqual([3, 1]);
      db.prepare('UPDATE users SET data = ? WHERE id = 1').run(JSON.stringify({ coords: { latitude: 30.27, longitude: -97.74 }, about: '' }));
      expect(near()).toEqual([3]);
      db.prepare('DELETE FROM users WHERE id = 3').run();
      expect(near()).toEqual([]);
      expect(db.prepare('SELECT id FROM provider_homes ORDER BY id').pluck().all()).toEqual([1]);
    } finally {
      await marketplace.close();
    }
  });
});
