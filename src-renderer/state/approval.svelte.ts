import type { WorkOrder } from '../../src-shared/api/work-order';
import type { WorkOrderDetail } from '../../src-shared/ipc/channels';
import { approvalCheck, type ApprovalCheck } from '../../src-shared/domain/approval-check';
import { payBreakdown, type PayBreakdown, roundMoney } from '../../src-shared/domain/pay-total';
import { messageOf } from '../lib/errors';
import { readDetail, refreshWithin } from '../services/work-order-detail';

/** One order of an approval: what it pays and what approving it would pass over. */
export interface OrderApproval {
  order: WorkOrder;
  pay: PayBreakdown;
  check: ApprovalCheck;
}

/** Said in place of the deliverables' warnings when the cache cannot tell what they are. */
export const DELIVERABLES_UNKNOWN = 'Its deliverables are not known yet: the offline copy lacks the order’s folders and files, and the marketplace did not answer';

/** The folders come with the order's full answer, the files with its parts: without both, no warning can be trusted. */
const knowsDeliverables = (detail: WorkOrderDetail) => detail.complete && detail.partsFetchedAt !== null;

/** How long the dialog waits for the marketplace before saying the deliverables are not known (a van's network may hang for the client's 30 s). */
export const ASK_DEADLINE_MS = 5_000;

/**
 * The order's detail with what its approval needs: from the cache when it holds the full answer and
 * the parts, else fetched from the marketplace; `known` is false when that fails (offline) or is late.
 */
async function detailForApproval(id: number): Promise<{ detail: WorkOrderDetail; known: boolean }> {
  const cached = await readDetail(id);
  if (knowsDeliverables(cached)) return { detail: cached, known: true };
  const fetched = await refreshWithin(id, ASK_DEADLINE_MS);
  return fetched ? { detail: fetched, known: knowsDeliverables(fetched) } : { detail: cached, known: false };
}

/**
 * What approving these orders means, read before the coordinator confirms (issue 24): the total
 * paid, and the deliverables missing or not reviewed, per order. Approving pays; nothing is
 * approved by a key alone, and an order whose deliverables are not known says so rather than pass as clean.
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
      const details = await Promise.all(orders.map((order) => detailForApproval(order.id)));
      this.orders = details.map(({ detail, known }) => ({
        order: detail.order,
        pay: payBreakdown(detail.order.pay, detail.expenseSum?.charged),
        check: known ? approvalCheck(detail.order.attachments?.results ?? [], detail.attachments) : { shortfalls: [], unreviewed: 0, warnings: [DELIVERABLES_UNKNOWN] },
      }));
    } catch (error) {
      this.error = messageOf(error, 'What these orders pay could not be read.');
    } finally {
      this.loading = false;
    }
  }
}
