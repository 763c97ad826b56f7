import { randomUUID } from 'node:crypto';
import type { Pay } from '../../../src-shared/api/pay';
import { canTransition } from '../../../src-shared/api/transitions';
import type { MarketplaceContext } from '../context';
import { laborSum, roundMoney } from '../../../src-shared/domain/pay-total';
import { expensesOf } from './expenses';
import type { WorkOrderRecord } from './work-order-record';
import { workOrderRepository } from './work-order-repository';

/**
 * GET workorders/{id}/pay for an order already loaded: its pay, `labor_sum`, `total` (labour and
 * approved expenses), and the expenses; also what an order embeds, with the order's correlation id.
 */
export function payOf(context: MarketplaceContext, record: WorkOrderRecord, correlationId: string = randomUUID()): Pay {
  const pay = record.data.fields.pay;
  const expenses = expensesOf(context, record);
  const labor = laborSum(pay);
  return {
    work_order_id: record.id,
    type: pay?.type ?? null,
    base: pay?.base ?? null,
    additional: pay?.additional ?? null,
    labor_sum: labor,
    total: roundMoney(labor + (expenses.sum?.charged ?? 0)),
    expenses,
    correlation_id: correlationId,
    actions: canTransition('update', record.status) ? ['view', 'edit'] : ['view'],
  };
}

export function getPay(context: MarketplaceContext, companyId: number, workOrderId: number): Pay {
  return payOf(context, workOrderRepository(context).findForCompany(companyId, workOrderId));
}
