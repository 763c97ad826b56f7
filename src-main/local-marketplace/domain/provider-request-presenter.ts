import type { PayInput } from '../../../src-shared/api/pay';
import type { ProviderRequest } from '../../../src-shared/api/provider';
import type { MarketplaceContext } from '../context';
import { laborSum, roundMoney } from '../../../src-shared/domain/pay-total';
import { orderTimestamp, personSummary } from './work-order-parts';
import type { WorkOrderRecord } from './work-order-record';

/** An expense a provider proposes with a counter-offer. */
export interface ProposedExpense {
  description: string;
  amount: number;
}

/** What a request keeps in its `data` JSON. */
export interface RequestData {
  notes: string;
  counterNotes: string;
  eta: { mode: 'exact' | 'between'; start: number; end: number; hourEstimate: number };
  /** The order's pay when the request was made, or the counter-offer's. */
  pay: PayInput;
  expenses: ProposedExpense[];
}

export interface RequestRow {
  id: number;
  work_order_id: number;
  provider_id: number;
  counter: 0 | 1;
  state: 'open' | 'accepted' | 'inactive';
  created_at: number;
  expires_at: number;
  closed_at: number | null;
  data: string;
}

/** `type` of a request *(ours)*: the service shows an integer without saying what it means. */
const REQUEST_TYPES = { request: 1, counterOffer: 2 } as const;

/** How the service explains the marketplace's only pay term *(ours)*. */
const PAY_TERM = { id: 'on_approval', explanation: 'Paid by the marketplace once the buyer approves the work' };

/**
 * A request as the service answers it (spec, Provider request). It was `expired` if its expiry
 * came before it closed (or before now, while open); `active` while open and not expired.
 */
export function presentRequest(context: MarketplaceContext, record: WorkOrderRecord, row: RequestRow): ProviderRequest {
  const data = JSON.parse(row.data) as RequestData;
  const at = (ms: number) => orderTimestamp(record, ms);
  const expired = row.expires_at <= (row.closed_at ?? context.clock.now());
  const expensesTotal = roundMoney(data.expenses.reduce((sum, expense) => sum + expense.amount, 0));
  const labor = laborSum(data.pay);
  return {
    id: row.id,
    schedule: { eta: { mode: data.eta.mode, start: at(data.eta.start), end: at(data.eta.end), hour_estimate: String(data.eta.hourEstimate) } },
    counter: row.counter === 1,
    counter_notes: data.counterNotes,
    notes: data.notes,
    work_order: { id: row.work_order_id },
    user: personSummary(context, row.provider_id),
    hour_estimate: data.eta.hourEstimate,
    expires: at(row.expires_at),
    pay: {
      type: data.pay.type,
      term: PAY_TERM,
      base: { amount: data.pay.base.amount, units: data.pay.base.units ?? 1 },
      additional: { amount: data.pay.additional?.amount ?? 0, units: data.pay.additional?.units ?? 0 },
      labor_sum: labor,
      max_pay: roundMoney(labor + expensesTotal),
    },
    active: row.state === 'open' && !expired,
    expired,
    created: at(row.created_at),
    arrival: at(data.eta.start),
    type: row.counter === 1 ? REQUEST_TYPES.counterOffer : REQUEST_TYPES.request,
    // Proposed expenses wait for the buyer: all of them are pending until assignment.
    expenses: {
      results: data.expenses.map((expense, index) => ({ id: index + 1, description: expense.description, amount: expense.amount, quantity: 1, status: 'new' })),
      total: expensesTotal,
      pending: row.state === 'accepted' ? 0 : expensesTotal,
    },
    actions: [],
  };
}
