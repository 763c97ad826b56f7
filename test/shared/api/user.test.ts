import { describe, expect, it } from 'vitest';
import { ProviderProfileSchema } from '../../../src-shared/api/provider';
import { UserSchema } from '../../../src-shared/api/user';

describe('UserSchema', () => {
  it('reads a provider profile with the User model fields, and without them', () => {
    const profile = { id: 7, first_name: 'Ana', rating: { marketplace: { stars: 4.8, total_ratings: 12 } }, routable: true };
    expect(UserSchema.parse(profile)).toMatchObject(profile);
    const user = {
      ...profile,
      role: 'provider',
      coords: { latitude: 30.2672, longitude: -97.7431, exact: false },
      upcoming_schedule: [{ date: '2030-01-15', from: '09:00', to: '11:00' }],
      worked_with: true,
      jobs: { company: 3, marketplace: 40 },
      preferred_groups: [{ id: 801, name: 'Chicagoland Preferred' }],
      blocked: [],
    };
    expect(UserSchema.parse(user)).toEqual(user);
    expect(ProviderProfileSchema.safeParse(user).success).toBe(true);
  });

  it('takes what the real service may leave empty, and refuses wrong types', () => {
    expect(UserSchema.safeParse({ id: 7, coords: null, upcoming_schedule: null, jobs: null, role: 'dispatcher' }).success).toBe(true);
    expect(UserSchema.safeParse({ id: 7, coords: { latitude: '30.2' } }).success).toBe(false);
    expect(UserSchema.safeParse({ id: 7, jobs: { company: 1.5 } }).success).toBe(false);
    expect(UserSchema.safeParse({ id: 7, worked_with: 'yes' }).success).toBe(false);
  });
});
