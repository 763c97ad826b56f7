import { describe, expect, it } from 'vitest';
import type { Pay } from '../../../src-shared/api/pay';
import { payBreakdown } from '../../../src-shared/domain/pay-total';

describe('what an order pays, part by part', () => {
  it('takes the service’s total when it sends one', () => {
    expect(payBreakdown({ type: 'fixed', base: { amount: 240 }, labor_sum: 240, total: 252.5 }, 12.5)).toMatchObject({ labor: 240, expenses: 12.5, total: 252.5 });
  });

  it('sums labour, approved expenses, bonuses and penalties when it does not', () => {
    expect(payBreakdown({ type: 'hourly', base: { amount: 45, units: 3 } }, 20).total).toBe(155);
    expect(payBreakdown({ type: 'blended', base: { amount: 100 }, additional: { amount: 30, units: 2 } }, 0).total).toBe(160);
    const adjusted = { type: 'fixed', base: { amount: 200 }, total: 200, bonuses: [{ id: 1, name: 'Rush', amount: 25 }], penalties: { results: [{ description: 'Late', amount: -10 }] } } as Pay;
    expect(payBreakdown(adjusted, 0)).toMatchObject({ total: 215, bonuses: [{ name: 'Rush', amount: 25 }], penalties: [{ name: 'Late', amount: -10 }] });
  });

  it('knows no total without a pay', () => {
    expect(payBreakdown(undefined, 5).total).toBeUndefined();
  });
});
