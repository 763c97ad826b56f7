import { describe, expect, it } from 'vitest';
import { SavedLocationSchema } from '../../src-shared/api/location';
import { UserSchema } from '../../src-shared/api/user';
import { WorkOrderSchema } from '../../src-shared/api/work-order';
import { milesBetween } from '../../src-shared/domain/distance';
import { timeZoneAt } from '../../src-shared/domain/site-time-zone';
import { testMarketplace, type TestMarketplace } from './support';
import { createOrder, READY_ORDER } from './work-orders-fixtures';

// Where sites are, and so what their local times are: an order's `location.coordinates`, a saved
// location's `geo`, a provider's `coords` (the SDK's Location, StoredLocation, User), and the zone
// each site's times are told in, from its point, also where a zone splits a state.

type Rest = TestMarketplace['rest'];

/** A site in a town whose zone is not its state's main one, at a street the marketplace does not know. */
const SPLIT_STATE_SITES = [
  { city: 'El Paso', state: 'TX', zip: '79901', zone: 'America/Denver' },
  { city: 'Pensacola', state: 'FL', zip: '32501', zone: 'America/Chicago' },
  { city: 'Boise', state: 'ID', zip: '83702', zone: 'America/Boise' },
  { city: "Coeur d'Alene", state: 'ID', zip: '83814', zone: 'America/Los_Angeles' },
] as const;

function orderAt(site: { city: string; state: string; zip: string }, schedule: object = READY_ORDER.schedule) {
  return { ...READY_ORDER, location: { mode: 'custom', address1: '100 Main St', city: site.city, state: site.state, zip: site.zip, country: 'US' }, schedule };
}

async function getOrder(rest: Rest, id: number) {
  const answer = await rest('GET', `workorders/${id}`);
  expect(answer.status).toBe(200);
  return WorkOrderSchema.parse(answer.body) as ReturnType<typeof WorkOrderSchema.parse> & Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- nested keys read freely
}

describe("a work order's location", () => {
  it('answers exact coordinates at a street address the marketplace knows', async () => {
    const { rest } = await testMarketplace();
    const order = await getOrder(rest, await createOrder(rest));
    expect(order.location?.coordinates).toEqual({ latitude: 41.8789, longitude: -87.6359, exact: true });
    expect(order.location?.time_zone).toEqual({ name: 'America/Chicago' });
  });

  it("answers its ZIP code's centre, not exact, at a street it does not know", async () => {
    const { rest } = await testMarketplace();
    const order = await getOrder(rest, await createOrder(rest, orderAt(SPLIT_STATE_SITES[0])));
    expect(order.location?.coordinates).toEqual({ latitude: 31.7584, longitude: -106.4783, exact: false });
  });

  it("answers its city's centre when the ZIP code is unknown or of another state, and null when neither is known", async () => {
    const { rest } = await testMarketplace();
    const unknownZip = await getOrder(rest, await createOrder(rest, orderAt({ city: 'El Paso', state: 'TX', zip: '00000' })));
    const cityCentre = unknownZip.location?.coordinates as { latitude: number; longitude: number; exact: boolean };
    expect(cityCentre.exact).toBe(false);
    expect(milesBetween(cityCentre, { latitude: 31.7619, longitude: -106.485 })).toBeLessThan(15);
    // 83814 is Idaho's: the Texan city and state are believed over it.
    const wrongState = await getOrder(rest, await createOrder(rest, orderAt({ city: 'El Paso', state: 'TX', zip: '83814' })));
    expect(wrongState.location?.coordinates).toEqual(cityCentre);
    expect(wrongState.location?.time_zone).toEqual({ name: 'America/Denver' });
    const nowhere = await getOrder(rest, await createOrder(rest, orderAt({ city: 'Nowhere Springs', state: 'TX', zip: '00000' })));
    expect(nowhere.location?.coordinates).toBeNull();
    // No point: the state's zone, as before coordinates.
    expect(nowhere.location?.time_zone).toEqual({ name: 'America/Chicago' });
  });

  it("at a saved location answers the location's geo as its coordinates", async () => {
    const { rest } = await testMarketplace();
    const order = await getOrder(rest, await createOrder(rest, { ...READY_ORDER, location: { mode: 'saved', id: 703 } }));
    const point = { latitude: 33.4098, longitude: -111.9808, exact: true };
    expect(order.location?.coordinates).toEqual(point);
    expect(order.location?.saved_location?.geo).toEqual(point);
    expect(order.location?.time_zone).toEqual({ name: 'America/Phoenix' });
  });
});

describe('site-local times where a zone splits a state', () => {
  for (const site of SPLIT_STATE_SITES) {
    it(`${site.city}, ${site.state} keeps ${site.zone}`, async () => {
      const { rest } = await testMarketplace();
      const id = await createOrder(rest, orderAt(site));
      const order = await getOrder(rest, id);
      expect(order.location?.time_zone).toEqual({ name: site.zone });
      expect(order.schedule?.time_zone).toEqual({ name: site.zone });
      // 2030-01-15 15:00 UTC, in winter: UTC−7 in Mountain time, −6 in Central, −8 in Pacific.
      const hour = { 'America/Denver': '08', 'America/Boise': '08', 'America/Chicago': '09', 'America/Los_Angeles': '07' }[site.zone];
      expect(order.schedule?.service_window?.start).toMatchObject({ utc: '2030-01-15 15:00:00', local: { date: '2030-01-15', time: `${hour}:00:00` } });
      // A list item says the same.
      const item = (await rest('GET', `workorders?f_work_order_id=${id}`)).body.results[0];
      expect(item.location.time_zone).toEqual({ name: site.zone });
    });
  }

  it('follows a daylight-saving change within one service window (El Paso, 10 March 2030)', async () => {
    const { rest } = await testMarketplace();
    // 08:00 UTC is 01:00 MST; clocks go forward at 02:00; 10:00 UTC is 04:00 MDT: two hours of work, three on the wall.
    const window = { service_window: { mode: 'between', start: { utc: '2030-03-10 08:00:00' }, end: { utc: '2030-03-10 10:00:00' } } };
    const order = await getOrder(rest, await createOrder(rest, orderAt(SPLIT_STATE_SITES[0], window)));
    expect(order.schedule?.service_window?.start).toMatchObject({ local: { date: '2030-03-10', time: '01:00:00' } });
    expect(order.schedule?.service_window?.end).toMatchObject({ local: { date: '2030-03-10', time: '04:00:00' } });
    // Coeur d'Alene changes at its own 02:00, an hour later in UTC: 09:00 UTC is 01:00 PST, 11:00 UTC 04:00 PDT.
    const pacific = { service_window: { mode: 'between', start: { utc: '2030-03-10 09:00:00' }, end: { utc: '2030-03-10 11:00:00' } } };
    const north = await getOrder(rest, await createOrder(rest, orderAt(SPLIT_STATE_SITES[3], pacific)));
    expect(north.schedule?.service_window?.start).toMatchObject({ local: { date: '2030-03-10', time: '01:00:00' } });
    expect(north.schedule?.service_window?.end).toMatchObject({ local: { date: '2030-03-10', time: '04:00:00' } });
  });
});

describe('saved locations', () => {
  it('answer geo and time_zone: exact at a known street, else the ZIP centre', async () => {
    const { rest } = await testMarketplace();
    const known = SavedLocationSchema.parse((await rest('GET', 'locations?f_search=Elwood')).body.results[0]);
    expect(known.geo).toEqual({ latitude: 33.4098, longitude: -111.9808, exact: true });
    const created = await rest('POST', 'locations', { name: 'Pensacola depot', address1: '9 Palafox Pl', city: 'Pensacola', state: 'FL', zip: '32501', country: 'US' });
    expect(created.status).toBe(200);
    expect(created.body.geo).toEqual({ latitude: 30.4223, longitude: -87.2248, exact: false });
    expect(created.body.time_zone).toEqual({ name: 'America/Chicago' });
    // Moving it moves its point at once: nothing is stored to go stale.
    const moved = await rest('PUT', `locations/${created.body.id}`, { city: 'Boise', state: 'ID', zip: '83702' });
    expect(moved.body.geo).toEqual({ latitude: 43.6322, longitude: -116.2052, exact: false });
    expect(moved.body.time_zone).toEqual({ name: 'America/Boise' });
  });
});

describe('providers', () => {
  it("carry their home base's coords: the centre of their ZIP code", async () => {
    const { rest } = await testMarketplace();
    const user = UserSchema.parse((await rest('GET', 'users/3003')).body);
    expect(user.zip).toBe('60540');
    expect(user.coords).toEqual({ latitude: 41.7662, longitude: -88.141, exact: false });
  });

  it('each have the time zone of their home base', async () => {
    const { rest } = await testMarketplace();
    for (let id = 3001; id <= 3020; id += 1) {
      const user = UserSchema.parse((await rest('GET', `users/${id}`)).body);
      expect(user.time_zone?.name, `${id}`).toBe(timeZoneAt(user.coords as { latitude: number; longitude: number }));
    }
  });
});
