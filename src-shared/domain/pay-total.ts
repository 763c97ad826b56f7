import type { PayInput } from '../api/pay';

/** Dollars to the cent, as the marketplace answers them. */
export const roundMoney = (value: number): number => Math.round(value * 100) / 100;

/**
 * The labour the order pays at most *(ours; the spec shows no pay answer)*: fixed pays the base
 * amount; hourly and per-device pay the base amount per unit (hours, devices; one when `units` is
 * not given); blended pays the base amount for its first hours plus `additional.amount` for each
 * of `additional.units` more. The marketplace answers it as `labor_sum`; the job form shows it
 * while the coordinator types.
 */
export function laborSum(pay: PayInput | undefined): number {
  if (!pay) return 0;
  const { base, additional } = pay;
  switch (pay.type) {
    case 'fixed':
      return roundMoney(base.amount);
    case 'hourly':
    case 'device':
      return roundMoney(base.amount * (base.units ?? 1));
    case 'blended':
      return roundMoney(base.amount + (additional ? additional.amount * (additional.units ?? 1) : 0));
  }
}
