import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AsyncQuerySchema, booleanField, integerField, jsonField } from '../../../src-shared/api/form-fields';

describe('jsonField', () => {
  const FieldSchema = jsonField(z.strictObject({ technician: z.strictObject({ id: z.number() }) }));

  it('takes the nested value or a JSON string of it', () => {
    expect(FieldSchema.parse({ technician: { id: 7 } })).toEqual({ technician: { id: 7 } });
    expect(FieldSchema.parse('{"technician":{"id":7}}')).toEqual({ technician: { id: 7 } });
  });

  it('reports text that is not JSON as a wrong type instead of throwing', () => {
    const result = FieldSchema.safeParse('{technician');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.code).toBe('invalid_type');
  });
});

describe('integerField and booleanField', () => {
  it('reads integers from text and applies the wrapped checks', () => {
    const PageSchema = integerField(z.number().int().min(1));
    expect(PageSchema.parse('3')).toBe(3);
    expect(PageSchema.parse(4)).toBe(4);
    expect(PageSchema.safeParse('0').success).toBe(false);
    expect(PageSchema.safeParse('1.5').success).toBe(false);
    expect(PageSchema.safeParse('abc').success).toBe(false);
  });

  it('reads booleans from true/false/1/0 text only', () => {
    const FlagSchema = booleanField();
    expect(FlagSchema.parse('true')).toBe(true);
    expect(FlagSchema.parse('0')).toBe(false);
    expect(FlagSchema.parse(false)).toBe(false);
    expect(FlagSchema.safeParse('yes').success).toBe(false);
    expect(FlagSchema.safeParse('constructor').success).toBe(false);
  });

  it('reads the async query parameter', () => {
    expect(AsyncQuerySchema.parse({ async: '1' })).toEqual({ async: true });
    expect(AsyncQuerySchema.parse({})).toEqual({});
  });
});
