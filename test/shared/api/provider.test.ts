import { describe, expect, it } from 'vitest';
import { ProviderProfileSchema, ProviderRequestSchema } from '../../../src-shared/api/provider';
import { UserSchema } from '../../../src-shared/api/user';

const timestamp = { utc: '2025-04-01 15:00:00', local: { date: '2025-04-01', time: '10:00:00' } };

describe('ProviderRequestSchema', () => {
  it('reads every field of the spec table', () => {
    const request = ProviderRequestSchema.parse({
      id: 5,
      schedule: { eta: { mode: 'exact', start: timestamp, end: timestamp, hour_estimate: '2' } },
      counter: true,
      counter_notes: 'Need more',
      notes: 'Hi',
      work_order: { id: 101 },
      user: { id: 7 },
      hour_estimate: 2,
      expires: timestamp,
      pay: {
        type: 'fixed',
        term: { id: 'net30', explanation: '30 days' },
        base: { amount: 200, units: 1 },
        additional: { amount: 0, units: 0 },
        labor_sum: 200,
        max_pay: 200,
        counter_reason: 'kept',
      },
      active: true,
      expired: false,
      created: timestamp,
      arrival: timestamp,
      type: 1,
      expenses: { results: [], total: 0, pending: 0 },
      eta: { kept: true },
    });
    expect(request.pay?.base?.amount).toBe(200);
    expect(request).toMatchObject({ eta: { kept: true }, pay: { counter_reason: 'kept' } });
    expect(ProviderRequestSchema.safeParse({ id: 5, pay: { base: { amount: '200' } } }).success).toBe(false);
  });
});

describe('ProviderProfileSchema', () => {
  it('reads every field of the spec and serves as the user profile', () => {
    const profile = {
      id: 7,
      rating: { marketplace: { total_ratings: 10, stars: 4.5 }, my_company: { total_ratings: 2, stars: 5 } },
      first_name: 'Sam',
      last_name: 'Ortiz',
      w2: false,
      cell: '555-0100',
      thumbnail: 'https://img.example/7.png',
      city: 'Austin',
      state: 'TX',
      country: 'US',
      correlation_id: 'c',
      company: { technicians: 3, id: 40, name: 'Ortiz Tech', role: { marketplace_manager: true }, service_company_verified: true, vendors: [] },
      last_active: { utc: '2025-04-01 15:00:00' },
      created_date: { utc: '2020-01-01 00:00:00' },
      about: 'POS specialist',
      time_zone: { id: 5, name: 'America/Chicago', offset: -6 },
      background_checks: [],
      drug_tests: [],
      credit_check: false,
      driving_records_check: false,
      protec: true,
      worker_compensation: true,
      routable: true,
      marketplace: true,
      skills: ['pos'],
    };
    expect(ProviderProfileSchema.parse(profile)).toMatchObject({ skills: ['pos'] });
    expect(UserSchema.safeParse(profile).success).toBe(true);
    expect(ProviderProfileSchema.safeParse({ ...profile, w2: 'no' }).success).toBe(false);
  });
});
