import { describe, expect, it } from 'vitest';
import { PayInputSchema, PaySchema } from '../../../src-shared/api/pay';

describe('PaySchema', () => {
  it('reads pay with labor_sum and total', () => {
    expect(PaySchema.parse({ type: 'fixed', base: { amount: 150, units: 1 }, labor_sum: 150, total: 170 }).total).toBe(170);
  });
});

describe('pay input', () => {
  it('needs a known type and a base amount', () => {
    expect(PayInputSchema.safeParse({ type: 'hourly', base: { amount: 40, units: 3 }, additional: { amount: 30, units: 2 } }).success).toBe(true);
    expect(PayInputSchema.safeParse({ type: 'fixed', base: { units: 1 } }).success).toBe(false);
    expect(PayInputSchema.safeParse({ type: 'fixed', base: { amount: -5 } }).success).toBe(false);
  });
});
