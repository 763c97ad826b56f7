import type { Pay, PayInput } from '../api/pay';

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

/** A bonus or penalty: the real service's, absent from the contract, so read loosely. */
export interface PayAdjustment {
  key: string;
  name: string;
  amount: number;
}

function adjustments(value: unknown): PayAdjustment[] {
  const list = Array.isArray(value) ? value : (value as { results?: unknown } | null | undefined)?.results;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item, index) => {
    const record = item as { id?: unknown; name?: unknown; description?: unknown; amount?: unknown } | null;
    if (typeof record?.amount !== 'number') return [];
    const name = typeof record.name === 'string' ? record.name : typeof record.description === 'string' ? record.description : `#${index + 1}`;
    return [{ key: `${String(record.id ?? index)}`, name, amount: record.amount }];
  });
}

export interface PayBreakdown {
  labor: number | undefined;
  /** Approved (charged) expenses. */
  expenses: number;
  bonuses: PayAdjustment[];
  penalties: PayAdjustment[];
  /** What approving pays: undefined when the order's pay is not known. */
  total: number | undefined;
}

/** The labour of an order's pay as the service answers it (`labor_sum` when it says so). */
function laborOf(pay: Pay | null | undefined): number | undefined {
  if (typeof pay?.labor_sum === 'number') return pay.labor_sum;
  const base = pay?.base?.amount;
  if (typeof base !== 'number') return undefined;
  const units = pay?.base?.units ?? 1;
  const additional = pay?.type === 'blended' ? (pay.additional?.amount ?? 0) * (pay.additional?.units ?? 0) : 0;
  return roundMoney(pay?.type === 'hourly' || pay?.type === 'device' ? base * units : base + additional);
}

/**
 * What an order pays, part by part, as its Pay section and its approval show it: the service's
 * total when it sends one (labour and approved expenses, decisions §6), else the same sum made here.
 */
export function payBreakdown(pay: Pay | null | undefined, expensesCharged: number | null | undefined): PayBreakdown {
  const expenses = expensesCharged ?? 0;
  const bonuses = adjustments(pay?.bonuses);
  const penalties = adjustments(pay?.penalties);
  const labor = laborOf(pay);
  const sum = (list: PayAdjustment[]) => list.reduce((total, entry) => total + Math.abs(entry.amount), 0);
  const total =
    typeof pay?.total === 'number' && bonuses.length === 0 && penalties.length === 0 ? pay.total : labor === undefined ? undefined : roundMoney(labor + expenses + sum(bonuses) - sum(penalties));
  return { labor, expenses, bonuses, penalties, total };
}
