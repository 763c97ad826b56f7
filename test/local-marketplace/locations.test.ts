import { describe, expect, it } from 'vitest';
import { SavedLocationListSchema, SavedLocationSchema } from '../../src-shared/api/location';
import { savedLocation } from '../../src-main/local-marketplace/domain/locations';
import { type TestMarketplace, testMarketplace } from './support';

const NEW_LOCATION = {
  name: 'Brightline Store #3310',
  notes: 'Side entrance after 6 PM.',
  address1: '3100 E Camelback Rd',
  city: 'Phoenix',
  state: 'AZ',
  zip: '85016',
  country: 'US',
};

const ids = (body: { results: { id: number }[] }) => body.results.map((location) => location.id);

/** Another buyer company with one saved location (750), straight into the database. */
function addOtherCompany({ marketplace }: TestMarketplace): void {
  marketplace.context.db.exec(`
    INSERT INTO companies (id, name) VALUES (1002, 'Other Buyer Inc');
    INSERT INTO locations (id, company_id, name, search, data) VALUES (750, 1002, 'Their Depot', 'their depot', '{"address1":"1 Main St","city":"Austin","state":"TX","zip":"78701","country":"US","notes":"","address2":"","location_type":1}');
  `);
}

describe('GET locations', () => {
  it('answers the saved locations by name in an envelope, 25 a page by default', async () => {
    const { rest } = await testMarketplace();
    const answer = await rest('GET', 'locations');
    expect(answer.status).toBe(200);
    SavedLocationListSchema.parse(answer.body);
    expect(answer.body.metadata).toMatchObject({ total: 8, page: 1, pages: 1, per_page: 25 });
    expect(answer.body.actions).toEqual(['add']);
    expect(ids(answer.body)).toEqual([703, 701, 702, 704, 705, 708, 706, 707]);
    expect(answer.body.results[0]).toEqual({
      id: 703,
      name: 'Brightline Distribution Center',
      notes: 'Gate 3 for contractors. Steel-toe boots and a hi-vis vest required.',
      address1: '4820 E Elwood St',
      address2: '',
      city: 'Phoenix',
      state: 'AZ',
      zip: '85040',
      country: 'US',
      location_type: 1,
      type: { id: 1, name: 'Commercial' },
      geo: { latitude: 33.4098, longitude: -111.9808, exact: true },
      time_zone: { name: 'America/Phoenix' },
      active: true,
      actions: ['edit'],
    });
  });

  it('searches name, address, city and zip with f_search, every word, case-insensitively', async () => {
    const { rest } = await testMarketplace();
    const search = async (text: string) => ids((await rest('GET', `locations?f_search=${encodeURIComponent(text)}`)).body);
    expect(await search('austin')).toEqual([708, 707]);
    expect(await search('60540')).toEqual([701]);
    expect(await search('BRIGHTLINE')).toEqual([703, 701, 702]);
    expect(await search('harbor')).toEqual([704, 705]);
    expect(await search('maple ridge')).toEqual([708]);
    expect(await search('Larimer')).toEqual([706]);
    expect(await search('brightline phoenix')).toEqual([703]);
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    expect(await search('nowhere')).toEqual([]);
    expect(await search('')).toHaveLength(8);
  });

  it('pages with page and per_page, at most 100 a page', async () => {
    const { rest } = await testMarketplace();
    const last = await rest('GET', 'locations?per_page=3&page=3');
    expect(last.status).toBe(200);
    expect(last.body.metadata).toMatchObject({ total: 8, page: 3, pages: 3, per_page: 3 });
    expect(ids(last.body)).toEqual([706, 707]);
    const beyond = await rest('GET', 'locations?per_page=3&page=9');
    expect(beyond.body.results).toEqual([]);
    expect((await rest('GET', 'locations?per_page=100')).status).toBe(200);
    for (const query of ['per_page=101', 'per_page=0', 'page=0', 'page=abc', 'per_page=2.5']) {
      const answer = await rest('GET', `locations?${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body.fields).toBe(query.split('=')[0]);
    }
  });
});

describe('POST locations', () => {
  it('saves a location from a JSON body, Commercial unless told', async () => {
    const { rest } = await testMarketplace();
    const answer = await rest('POST', 'locations', NEW_LOCATION);
    expect(answer.status).toBe(200);
    const location = SavedLocationSchema.parse(answer.body);
    expect(location).toMatchObject({ id: 709, ...NEW_LOCATION, address2: '', location_type: 1, type: { id: 1, name: 'Commercial' } });
    expect(ids((await rest('GET', 'locations?f_search=85016')).body)).toEqual([709]);
  });

  it('saves a location from a form body, location_type as text', async () => {
    const { rest } = await testMarketplace();
    const form = new URLSearchParams({ ...NEW_LOCATION, name: 'Okafor residence', location_type: '2' }).toString();
    const answer = await rest('POST', 'locations', form);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ name: 'Okafor residence', location_type: 2, type: { id: 2, name: 'Residential' } });
  });

  it('refuses missing, blank, mistyped and unknown fields and a country outside the list', async () => {
    const { rest } = await testMarketplace();
    const { name: _name, ...withoutName } = NEW_LOCATION;
    const cases: [unknown, string][] = [
      [withoutName, 'name'],
      [{ ...NEW_LOCATION, city: '   ' }, 'city'],
      [{ ...NEW_LOCATION, zip: 85016 }, 'zip'],
      [{ ...NEW_LOCATION, country: 'XX' }, 'country'],
      [{ ...NEW_LOCATION, country: 'us' }, 'country'],
      [{ ...NEW_LOCATION, location_type: 9 }, 'location_type'],
      [{ ...NEW_LOCATION, location_type: 'shop' }, 'location_type'],
    ];
    for (const [body, field] of cases) {
      const answer = await rest('POST', 'locations', body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 400, fields: field });
    }
    const unknown = await rest('POST', 'locations', { ...NEW_LOCATION, latitude: 33.5 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('latitude');
    expect((await rest('GET', 'locations')).body.metadata.total).toBe(8);
  });
});

describe('PUT locations/{location_id}', () => {
  it('changes only the fields sent, and the search follows', async () => {
    const { rest } = await testMarketplace();
    const answer = await rest('PUT', 'locations/701', { city: 'Lisle', zip: '60532' });
    expect(answer.status).toBe(200);
    expect(SavedLocationSchema.parse(answer.body)).toMatchObject({ id: 701, name: 'Brightline Store #1142', address1: '2140 W Ogden Ave', city: 'Lisle', zip: '60532' });
    expect(ids((await rest('GET', 'locations?f_search=lisle')).body)).toEqual([701]);
    expect(ids((await rest('GET', 'locations?f_search=naperville')).body)).toEqual([]);
    const renamed = await rest('PUT', 'locations/701', 'name=Brightline%20Lisle&location_type=5');
    expect(renamed.body).toMatchObject({ name: 'Brightline Lisle', city: 'Lisle', type: { id: 5, name: 'Other' } });
  });

  it('refuses an empty body, unknown keys, bad values, unknown and non-numeric ids', async () => {
    const { rest } = await testMarketplace();
    expect((await rest('PUT', 'locations/701', {})).status).toBe(400);
    expect((await rest('PUT', 'locations/701', { color: 'red' })).status).toBe(400);
    expect((await rest('PUT', 'locations/701', { country: 'ZZ' })).body).toMatchObject({ code: 400, fields: 'country' });
    expect((await rest('PUT', 'locations/701', { name: '' })).body).toMatchObject({ code: 400, fields: 'name' });
    expect((await rest('PUT', 'locations/9999', { notes: 'x' })).body).toMatchObject({ code: 404 });
    expect((await rest('PUT', 'locations/abc', { notes: 'x' })).body).toMatchObject({ code: 400, fields: 'location_id' });
  });
});

describe('DELETE locations/{location_id}', () => {
  it('deletes a saved location and answers it as it was', async () => {
    const { rest } = await testMarketplace();
    const answer = await rest('DELETE', 'locations/705');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: 705, name: 'Harborview Outpatient Clinic', address2: 'Floor 2' });
    expect(ids((await rest('GET', 'locations')).body)).not.toContain(705);
    expect((await rest('DELETE', 'locations/705')).status).toBe(404);
    expect((await rest('DELETE', 'locations/-1')).status).toBe(400);
  });
});

describe("another company's saved location", () => {
  it('is forbidden to change, absent from the list and from the lookup', async () => {
    const market = await testMarketplace();
    addOtherCompany(market);
    const { rest, marketplace } = market;
    const put = await rest('PUT', 'locations/750', { notes: 'mine now' });
    expect(put.status).toBe(403);
    expect(put.body).toMatchObject({ code: 403, trace: [], fields: '' });
    expect((await rest('DELETE', 'locations/750')).status).toBe(403);
    expect(ids((await rest('GET', 'locations?f_search=depot')).body)).toEqual([]);
    expect(savedLocation(marketplace.context, 1001, 750)).toBeUndefined();
    expect(savedLocation(marketplace.context, 1002, 750)).toMatchObject({ id: 750, name: 'Their Depot' });
  });
});

describe('savedLocation', () => {
  it('answers what the routes answer, or undefined', async () => {
    const { rest, marketplace } = await testMarketplace();
    const listed = (await rest('GET', 'locations?f_search=larimer')).body.results[0];
    expect(savedLocation(marketplace.context, 1001, 706)).toEqual(listed);
    expect(savedLocation(marketplace.context, 1001, 9999)).toBeUndefined();
  });
});
