import { describe, expect, it } from 'vitest';
import { LocationProvidersSchema, NearbyProvidersSchema } from '../../src-shared/api/provider-search';
import { UserSchema, type User } from '../../src-shared/api/user';
import { type Coordinates, milesBetween } from '../../src-shared/domain/distance';
import { doesTypeOfWork } from '../../src-main/local-marketplace/domain/provider-skills';
import { testMarketplace, type TestMarketplace } from './support';
import { createOrder, giveToAnotherCompany, READY_ORDER } from './work-orders-fixtures';

// GET workorders/{id}/providers without the pending list, and GET locations/{id}/providers: the
// providers based around a site, nearest first, as GET users/{user} answers them with their
// distance (README, Geography). The expectations are worked out apart from the search: every
// demo provider's profile, and the great-circle distance to the site.

type Rest = TestMarketplace['rest'];

/** READY_ORDER's site, 233 S Wacker Dr, Chicago, as the marketplace places it exactly. */
const WACKER: Coordinates = { latitude: 41.8789, longitude: -87.6359 };
const PROVIDERS = Array.from({ length: 20 }, (_, index) => 3001 + index);

async function everyProvider(rest: Rest): Promise<User[]> {
  return Promise.all(PROVIDERS.map(async (id) => UserSchema.parse((await rest('GET', `users/${id}`)).body)));
}

/** The ids within `radius` miles of `site`, nearest first: the search's answer worked out by hand. */
function expectedIds(providers: readonly User[], site: Coordinates, radius: number, keep: (provider: User) => boolean = () => true): number[] {
  return providers
    .map((provider) => ({ id: provider.id, miles: milesBetween(site, provider.coords as Coordinates) }))
    .filter((entry) => entry.miles <= radius && keep(providers.find((provider) => provider.id === entry.id) as User))
    .sort((first, second) => first.miles - second.miles || first.id - second.id)
    .map((entry) => entry.id);
}

const idsOf = (body: { results: { id: number }[] }) => body.results.map((provider) => provider.id);

describe('GET workorders/{id}/providers (the search around the site)', () => {
  it('answers the providers within 50 miles, nearest first, each a User with its distance in miles', async () => {
    const { rest } = await testMarketplace();
    const id = await createOrder(rest);
    const answer = await rest('GET', `workorders/${id}/providers`);
    expect(answer.status).toBe(200);
    const body = NearbyProvidersSchema.parse(answer.body);
    const providers = await everyProvider(rest);
    const expected = expectedIds(providers, WACKER, 50);
    expect(expected.length).toBeGreaterThan(2);
    expect(idsOf(body)).toEqual(expected);
    expect(body.metadata).toMatchObject({ total: expected.length, page: 1, pages: 1, per_page: 25, sort: 'distance', order: 'asc', radius: 50, center: { ...WACKER, exact: true } });
    for (const found of body.results) {
      const profile = providers.find((provider) => provider.id === found.id) as User;
      // The profile of GET users/{user}, with the distance added to its home base.
      expect(found).toMatchObject({ ...profile, correlation_id: expect.any(String), coords: { ...profile.coords, distance: expect.any(Number) } });
      expect(found.coords?.distance).toBeCloseTo(milesBetween(WACKER, profile.coords as Coordinates), 2);
      expect(found).toHaveProperty('rating.marketplace.stars');
      expect(typeof found.worked_with).toBe('boolean');
      expect(typeof found.routable).toBe('boolean');
      expect(Array.isArray(found.upcoming_schedule)).toBe(true);
    }
    const distances = body.results.map((provider) => provider.coords?.distance ?? Number.NaN);
    expect(distances).toEqual([...distances].sort((first, second) => first - second));
  });

  it('reaches as far as radius says', async () => {
    const { rest } = await testMarketplace();
    const id = await createOrder(rest);
    const providers = await everyProvider(rest);
    for (const radius of [5, 12.5, 100, 500]) {
      const body = (await rest('GET', `workorders/${id}/providers?radius=${radius}&per_page=100`)).body;
      expect(idsOf(body), `${radius} miles`).toEqual(expectedIds(providers, WACKER, radius));
      expect(body.metadata.radius).toBe(radius);
    }
    expect((await rest('GET', `workorders/${id}/providers?radius=500`)).body.metadata.total).toBeLessThan(20);
  });

  it('pages through the same order', async () => {
    const { rest } = await testMarketplace();
    const id = await createOrder(rest);
    const whole = (await rest('GET', `workorders/${id}/providers?radius=300&per_page=100`)).body;
    expect(whole.metadata.total).toBeGreaterThan(4);
    const pages: number[] = [];
    for (let page = 1; page <= Math.ceil(whole.metadata.total / 2); page += 1) {
      const body = (await rest('GET', `workorders/${id}/providers?radius=300&per_page=2&page=${page}`)).body;
      expect(body.metadata).toMatchObject({ total: whole.metadata.total, page, per_page: 2, pages: Math.ceil(whole.metadata.total / 2) });
      pages.push(...idsOf(body));
    }
    expect(pages).toEqual(idsOf(whole));
    const beyond = (await rest('GET', `workorders/${id}/providers?radius=300&per_page=2&page=99`)).body;
    expect(beyond.results).toEqual([]);
    expect(beyond.metadata.total).toBe(whole.metadata.total);
  });

  it('keeps those who do any of the types of work in f_type_of_work', async () => {
    const { rest } = await testMarketplace();
    const id = await createOrder(rest);
    const providers = await everyProvider(rest);
    const does = (types: number[]) => (provider: User) => types.some((type) => doesTypeOfWork({ about: provider.about ?? '' }, type));
    for (const types of [[62], [4], [62, 61], [74]]) {
      const body = (await rest('GET', `workorders/${id}/providers?radius=500&per_page=100&f_type_of_work=${types.join(',')}`)).body;
      expect(idsOf(body), `types ${types.join(',')}`).toEqual(expectedIds(providers, WACKER, 500, does(types)));
    }
    // POS work near Chicago: only the POS specialist, though nearer providers exist.
    expect(idsOf((await rest('GET', `workorders/${id}/providers?f_type_of_work=62`)).body)).toEqual([3001]);
  });

  it('still answers the requesters with list=find_providers_pending_assignment', async () => {
    const { rest } = await testMarketplace();
    const answer = await rest('GET', 'workorders/10010/providers?view=list&sticky=1&list=find_providers_pending_assignment');
    expect(answer.status).toBe(200);
    expect(answer.body.metadata).toMatchObject({ list: 'find_providers_pending_assignment', total: 3 });
    expect(answer.body.results.every((provider: { request?: unknown }) => provider.request)).toBe(true);
  });

  it('answers 404 for an unknown order, 403 for another company’s', async () => {
    const { rest, marketplace } = await testMarketplace();
    const unknown = await rest('GET', 'workorders/999999/providers');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 404, trace: [], fields: '' });
    const id = await createOrder(rest);
    giveToAnotherCompany(marketplace, id);
    const foreign = await rest('GET', `workorders/${id}/providers`);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ code: 403, trace: [] });
  });

  it('answers 400 naming the parameter for a bad radius, filter or page', async () => {
    const { rest } = await testMarketplace();
    const id = await createOrder(rest);
    const cases: [string, string][] = [
      ['radius=0', 'radius'],
      ['radius=-5', 'radius'],
      ['radius=501', 'radius'],
      ['radius=far', 'radius'],
      ['f_type_of_work=printers', 'f_type_of_work'],
      ['f_type_of_work=4,', 'f_type_of_work'],
      ['per_page=101', 'per_page'],
      ['page=0', 'page'],
      ['list=everyone', 'list'],
    ];
    for (const [query, field] of cases) {
      const answer = await rest('GET', `workorders/${id}/providers?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body, query).toEqual({ code: 400, message: expect.any(String), trace: [], fields: field });
    }
  });

  it('answers 400 naming location for an order with no site to search around', async () => {
    const { rest } = await testMarketplace();
    const { location: _location, ...withoutLocation } = READY_ORDER;
    const noSite = await rest('GET', `workorders/${await createOrder(rest, withoutLocation)}/providers`);
    expect(noSite.status).toBe(400);
    expect(noSite.body).toMatchObject({ code: 400, fields: 'location' });
    const unplaceable = { ...READY_ORDER, location: { mode: 'custom', address1: '1 Main St', city: 'Nowhere Springs', state: 'TX', zip: '00000', country: 'US' } };
    expect((await rest('GET', `workorders/${await createOrder(rest, unplaceable)}/providers`)).body).toMatchObject({ code: 400, fields: 'location' });
  });
});

describe('GET locations/{id}/providers', () => {
  it('answers the providers around a saved location, nearest first, with its id (LocationProviders)', async () => {
    const { rest } = await testMarketplace();
    const answer = await rest('GET', 'locations/701/providers?radius=40');
    expect(answer.status).toBe(200);
    const body = LocationProvidersSchema.parse(answer.body);
    expect(body.location_id).toBe(701);
    const naperville = (await rest('GET', 'locations?f_search=Ogden')).body.results[0].geo as Coordinates;
    expect(idsOf(body)).toEqual(expectedIds(await everyProvider(rest), naperville, 40));
    expect(body.results[0]?.id).toBe(3003);
    expect(body.results[0]?.coords?.distance).toBeLessThan(5);
    expect(idsOf((await rest('GET', 'locations/701/providers?radius=40&f_type_of_work=4&per_page=1&page=2')).body)).toHaveLength(1);
  });

  it('answers 404 for an unknown location, 403 for another company’s, 400 for a bad radius', async () => {
    const { rest, marketplace } = await testMarketplace();
    expect((await rest('GET', 'locations/999999/providers')).status).toBe(404);
    marketplace.context.db.exec(`
      INSERT INTO companies (id, name) VALUES (1002, 'Other Buyer Inc');
      INSERT INTO locations (id, company_id, name, search, data) VALUES (750, 1002, 'Their Depot', 'their depot', '{"address1":"1 Main St","city":"Austin","state":"TX","zip":"78701","country":"US","notes":"","address2":"","location_type":1}');
    `);
    expect((await rest('GET', 'locations/750/providers')).body).toMatchObject({ code: 403 });
    expect((await rest('GET', 'locations/701/providers?radius=x')).body).toEqual({ code: 400, message: expect.any(String), trace: [], fields: 'radius' });
  });
});
