import { describe, expect, it } from 'vitest';
import {
  LOCATION_TYPES,
  LocationTypesAnswerSchema,
  SavedLocationCreateBodySchema,
  SavedLocationSchema,
  SavedLocationUpdateBodySchema,
} from '../../../src-shared/api/location';

const body = { name: 'Store 12', notes: 'Back door', address1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };

describe('location types', () => {
  it('has the five of decisions §6', () => {
    expect(LOCATION_TYPES.map((type) => `${type.id} ${type.name}`)).toEqual([
      '1 Commercial',
      '2 Residential',
      '3 Government',
      '4 Educational',
      '5 Other',
    ]);
  });

  it('reads the answer as an array or an envelope', () => {
    expect(LocationTypesAnswerSchema.safeParse([...LOCATION_TYPES]).success).toBe(true);
    expect(LocationTypesAnswerSchema.safeParse({ results: [...LOCATION_TYPES] }).success).toBe(true);
  });
});

describe('saved location bodies', () => {
  it('accepts the spec create body', () => {
    expect(SavedLocationCreateBodySchema.parse(body)).toEqual(body);
    expect(SavedLocationCreateBodySchema.safeParse({ ...body, location_type: 2 }).success).toBe(true);
  });

  it('rejects missing address fields, bad countries, unknown types and keys', () => {
    const { city: _city, ...withoutCity } = body;
    expect(SavedLocationCreateBodySchema.safeParse(withoutCity).success).toBe(false);
    expect(SavedLocationCreateBodySchema.safeParse({ ...body, country: 'USA' }).success).toBe(false);
    expect(SavedLocationCreateBodySchema.safeParse({ ...body, location_type: 6 }).success).toBe(false);
    expect(SavedLocationCreateBodySchema.safeParse({ ...body, lat: 1 }).success).toBe(false);
  });

  it('updates any subset but not nothing', () => {
    expect(SavedLocationUpdateBodySchema.safeParse({ notes: 'Front door' }).success).toBe(true);
    expect(SavedLocationUpdateBodySchema.safeParse({}).success).toBe(false);
    expect(SavedLocationUpdateBodySchema.safeParse({ country: 'JP' }).success).toBe(false);
  });
});

describe('SavedLocationSchema', () => {
  it('reads notes as text or as the real service list, keeping extra keys', () => {
    expect(SavedLocationSchema.parse({ id: 1, ...body, geo: { latitude: 1 } })).toMatchObject({ geo: { latitude: 1 } });
    expect(SavedLocationSchema.safeParse({ id: 1, notes: [{ id: 1, text: 'x' }] }).success).toBe(true);
  });
});
