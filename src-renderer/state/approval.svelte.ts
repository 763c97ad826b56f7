import type { WorkOrder } from '../../src-shared/api/work-order';
import { approvalCheck, type ApprovalCheck } from '../../src-shared/domain/approval-check';
import { payBreakdown, type PayBreakdown, roundMoney } from '../../src-shared/domain/pay-total';
import { messageOf } from '../lib/errors';
import { readDetail } from '../services/work-order-detail';

/** One order of an approval: what it pays and what approving it would pass over. */
export interface OrderApproval {
  order: WorkOrder;
  pay: PayBreakdown;
  check: ApprovalCheck;
}

/**
 * What approving these orders means, read from the cache before the coordinator confirms (issue
 * 24): the total paid, and the deliverables missing or not reviewed, per order. Approving pays;
 * nothing is approved by a key alone.
 */
export class Approval {
  orders = $state.raw<OrderApproval[]>([]);
  loading = $state(true);
  error = $state<string | undefined>();

  /** The sum to be paid; undefined while an order's pay is not known. */
  total = $derived(this.orders.some((entry) => entry.pay.total === undefined) ? undefined : roundMoney(this.orders.reduce((sum, entry) => sum + (entry.pay.total ?? 0), 0)));
  /** The orders with something to warn about. */
  warned = $derived(this.orders.filter((entry) => entry.check.warnings.length > 0));

  async load(orders: readonly WorkOrder[]): Promise<void> {
    try {
      const details = await Promise.all(orders.map((order) => readDetail(order.id)));
      this.orders = details.map((detail) => ({
        order: detail.order,
        pay: payBreakdown(detail.order.pay, detail.expenseSum?.charged),
        check: approvalCheck(detail.order.attachments?.results ?? [], detail.attachments),
      }));
    } catch (error) {
      this.error = messageOf(error, 'What these orders pay could not be read.');
    } finally {
      this.loading = false;
    }
  }
}
