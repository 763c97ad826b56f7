import { describe, expect, it } from 'vitest';
import { UserSchema } from '../../src-shared/api/user';
import { providerProfile } from '../../src-main/local-marketplace/domain/providers';
import { testMarketplace } from './support';

/** Every field of the spec's provider profile. */
const PROFILE_FIELDS = [
  'about',
  'background_checks',
  'cell',
  'city',
  'company',
  'correlation_id',
  'country',
  'created_date',
  'credit_check',
  'driving_records_check',
  'drug_tests',
  'first_name',
  'id',
  'last_active',
  'last_name',
  'marketplace',
  'protec',
  'rating',
  'routable',
  'state',
  'thumbnail',
  'time_zone',
  'w2',
  'worker_compensation',
];

/** What GET users/{user} adds of the SDK's `User` model (src-shared/api/user.ts). */
const USER_MODEL_FIELDS = ['coords', 'email', 'jobs', 'phone', 'preferred_groups', 'role', 'upcoming_schedule', 'worked_with', 'zip'];
const USER_FIELDS = [...PROFILE_FIELDS, ...USER_MODEL_FIELDS].sort();

describe('GET users/{user}', () => {
  it("answers a provider's profile with every field of the spec, and the User model's", async () => {
    const { rest } = await testMarketplace();
    const answer = await rest('GET', 'users/3001');
    expect(answer.status).toBe(200);
    const profile = UserSchema.parse(answer.body);
    expect(Object.keys(answer.body).sort()).toEqual(USER_FIELDS);
    expect(profile).toMatchObject({
      id: 3001,
      rating: { marketplace: { total_ratings: 212, stars: 4.9 }, my_company: { total_ratings: 18, stars: 5 } },
      first_name: 'Luis',
      last_name: 'Ramos',
      w2: false,
      cell: '+1 773 555 3001',
      thumbnail: '',
      city: 'Chicago',
      state: 'IL',
      country: 'US',
      company: { technicians: 3, id: 4001, name: 'Lakeshore Technical Services', role: { marketplace_manager: false }, service_company_verified: true, vendors: [] },
      created_date: { utc: '2016-04-12 15:00:00' },
      about: 'POS and retail networking specialist; 11 years in the field.',
      time_zone: { id: 2, name: 'America/Chicago' },
      background_checks: [{ id: 1, name: 'Standard Background Check', expires: '2026-11-30' }],
      drug_tests: [{ id: 1, name: '5-Panel Drug Test', expires: '2026-06-30' }],
      credit_check: false,
      driving_records_check: true,
      protec: true,
      worker_compensation: true,
      routable: true,
      marketplace: true,
      role: 'provider',
      email: 'luis.ramos@lakeshoretech.example',
      phone: '+1 773 555 3001',
      zip: '60618',
      // The centre of the provider's ZIP code, 60618.
      coords: { latitude: 41.9464, longitude: -87.7042, exact: false },
      preferred_groups: [{ id: 801, name: 'Chicagoland Preferred' }],
    });
    expect([-5, -6]).toContain(profile.time_zone?.offset);
    expect(profile.correlation_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(profile.last_active?.utc).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('answers each of the 20 providers, with varied flags', async () => {
    const { rest } = await testMarketplace();
    const profiles = [];
    for (let id = 3001; id <= 3020; id += 1) {
      const answer = await rest('GET', `users/${id}`);
      expect(answer.status).toBe(200);
      profiles.push(UserSchema.parse(answer.body));
    }
    expect(new Set(profiles.map((profile) => profile.state)).size).toBeGreaterThanOrEqual(8);
    expect(profiles.filter((profile) => profile.w2).length).toBe(3);
    expect(profiles.filter((profile) => profile.routable === false).map((profile) => profile.id)).toEqual([3019]);
    expect(profiles.some((profile) => profile.background_checks?.length === 0)).toBe(true);
  });

  it("answers a manager of the caller's company in the same shape", async () => {
    const { rest } = await testMarketplace();
    const answer = await rest('GET', 'users/2002');
    expect(answer.status).toBe(200);
    UserSchema.parse(answer.body);
    expect(Object.keys(answer.body).sort()).toEqual(USER_FIELDS);
    expect(answer.body).toMatchObject({
      id: 2002,
      first_name: 'Marcus',
      last_name: 'Oyelaran',
      cell: '+1 312 555 0141',
      city: 'Chicago',
      company: { id: 1001, name: 'Northwind Field Services', role: { marketplace_manager: true } },
      routable: false,
      marketplace: false,
      role: 'manager',
      coords: null,
      upcoming_schedule: [],
      worked_with: false,
      jobs: { company: 0, marketplace: 0 },
      preferred_groups: [],
    });
  });

  it("answers 404 unknown, 400 non-numeric or out of range, 403 another company's manager", async () => {
    const { rest, marketplace } = await testMarketplace();
    marketplace.context.db.exec(`
      INSERT INTO companies (id, name) VALUES (1002, 'Other Buyer Inc');
      INSERT INTO users (id, company_id, role, first_name, last_name) VALUES (2901, 1002, 'manager', 'Olga', 'Other');
    `);
    expect((await rest('GET', 'users/9999')).body).toMatchObject({ code: 404, trace: [], fields: '' });
    for (const id of ['luis', '0', '-3', '1.5', '99999999999']) {
      const answer = await rest('GET', `users/${id}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 400, fields: 'user' });
    }
    expect((await rest('GET', 'users/2901')).body).toMatchObject({ code: 403 });
  });
});

describe('providerProfile', () => {
  it("answers the profile GET users/{user} starts from for a provider, undefined for a manager or an unknown id", async () => {
    const { rest, marketplace } = await testMarketplace();
    const user = (await rest('GET', 'users/3014')).body;
    const { correlation_id: _other, ...found } = providerProfile(marketplace.context, 3014) ?? {};
    expect(Object.keys(found).sort()).toEqual(PROFILE_FIELDS.filter((field) => field !== 'correlation_id'));
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((field) => [field, user[field]])));
    expect(providerProfile(marketplace.context, 2001)).toBeUndefined();
    expect(providerProfile(marketplace.context, 9999)).toBeUndefined();
  });
});
