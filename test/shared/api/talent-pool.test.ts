import { describe, expect, it } from 'vitest';
import {
  TalentPoolAttributeListQuerySchema,
  TalentPoolAttributeListSchema,
  TalentPoolAttributeUpdateBodySchema,
  TalentPoolAttributesCreateBodySchema,
  TalentPoolAttributesUpdateBodySchema,
} from '../../../src-shared/api/talent-pool';
import { listItems } from '../../../src-shared/api/common';

const uuid = '3f1c2a9e-4b0a-4b2c-8d4e-5f6a7b8c9d0e';

describe('talent pool attribute bodies', () => {
  it('creates named attributes with unique names', () => {
    expect(
      TalentPoolAttributesCreateBodySchema.safeParse({ attributes: [{ name: 'Tier', value: 'Gold' }, { name: 'Region', value: 'North' }] }).success,
    ).toBe(true);
    expect(
      TalentPoolAttributesCreateBodySchema.safeParse({ attributes: [{ name: 'Tier', value: 'Gold' }, { name: 'Tier', value: 'Silver' }] }).success,
    ).toBe(false);
    expect(TalentPoolAttributesCreateBodySchema.safeParse({ attributes: [] }).success).toBe(false);
    expect(TalentPoolAttributesCreateBodySchema.safeParse({ attributes: [{ name: 'Tier' }] }).success).toBe(false);
  });

  it('updates one value, or several by uuid', () => {
    expect(TalentPoolAttributeUpdateBodySchema.safeParse({ value: 'Silver' }).success).toBe(true);
    expect(TalentPoolAttributeUpdateBodySchema.safeParse({ value: 'Silver', name: 'Tier' }).success).toBe(false);
    expect(TalentPoolAttributesUpdateBodySchema.safeParse({ attributes: [{ id: uuid, value: 'Silver' }] }).success).toBe(true);
    expect(TalentPoolAttributesUpdateBodySchema.safeParse({ attributes: [{ id: '12', value: 'Silver' }] }).success).toBe(false);
  });
});

describe('talent pool attribute answers', () => {
  it('reads the list and its query', () => {
    const list = TalentPoolAttributeListSchema.parse({ results: [{ id: uuid, name: 'Tier', value: 'Gold', created: 'x' }] });
    expect(listItems(list)[0]).toMatchObject({ name: 'Tier', created: 'x' });
    expect(TalentPoolAttributeListQuerySchema.parse({ limit: '10', sort_by: 'name', sort_direction: 'desc' })).toEqual({
      limit: 10,
      sort_by: 'name',
      sort_direction: 'desc',
    });
    expect(TalentPoolAttributeListQuerySchema.safeParse({ sort_direction: 'down' }).success).toBe(false);
  });
});
