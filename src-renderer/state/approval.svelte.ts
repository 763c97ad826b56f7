import type { WorkOrder } from '../../src-shared/api/work-order';
import type { WorkOrderDetail } from '../../src-shared/ipc/channels';
import { approvalCheck, type ApprovalCheck } from '../../src-shared/domain/approval-check';
import { payBreakdown, type PayBreakdown, roundMoney } from '../../src-shared/domain/pay-total';
import { messageOf } from '../lib/errors';
import { knownFolders } from '../lib/order-folders';
import { readDetail, refreshWithin } from '../services/work-order-detail';

/** One order of an approval: what it pays and what approving it would pass over. */
export interface OrderApproval {
  order: WorkOrder;
  pay: PayBreakdown;
  check: ApprovalCheck;
}

/** Said in place of the deliverables' warnings when the cache cannot tell what they are. */
export const DELIVERABLES_UNKNOWN = 'Its deliverables are not known yet: the offline copy lacks the order’s folders and files, and the marketplace did not answer';

/**
 * The folders (what is required) come with the order's full answer, or with its parts' pull; the
 * files with its parts. Without both, no warning can be trusted. An order the cache holds from its
 * list item, with no folder stored, counts as not known: it may have folders nobody fetched.
 */
const knowsDeliverables = (detail: WorkOrderDetail) => detail.partsFetchedAt !== null && (detail.complete || detail.folders.length > 0);

/** How long the dialog waits for the marketplace before saying the deliverables are not known (a van's network may hang for the client's 30 s). */
export const ASK_DEADLINE_MS = 5_000;
/** Orders asked for at once: a bulk approval of a whole list must not send hundreds of requests together. */
export const ASK_AT_ONCE = 4;

/**
 * The orders' details with what their approval needs: from the cache when it holds the full answer
 * and the parts, else fetched from the marketplace, a few at a time; `known` is false for an order
 * whose fetch failed (offline), was late, or was not started before the deadline.
 */
async function detailsForApproval(ids: readonly number[]): Promise<{ detail: WorkOrderDetail; known: boolean }[]> {
  const cached = await Promise.all(ids.map((id) => readDetail(id)));
  const fetched: Record<number, WorkOrderDetail> = {};
  const deadline = Date.now() + ASK_DEADLINE_MS;
  const unknown = cached.filter((detail) => !knowsDeliverables(detail)).map((detail) => detail.order.id);
  let next = 0;
  const lane = async () => {
    for (let id = unknown[next++]; id !== undefined && Date.now() < deadline; id = unknown[next++]) {
      const answer = await refreshWithin(id, deadline - Date.now());
      if (answer) fetched[id] = answer;
    }
  };
  await Promise.all(Array.from({ length: Math.min(ASK_AT_ONCE, unknown.length) }, lane));
  return cached.map((detail) => {
    if (knowsDeliverables(detail)) return { detail, known: true };
    const answer = fetched[detail.order.id];
    return answer ? { detail: answer, known: knowsDeliverables(answer) } : { detail, known: false };
  });
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
      const details = await detailsForApproval(orders.map((order) => order.id));
      this.orders = details.map(({ detail, known }) => ({
        order: detail.order,
        pay: payBreakdown(detail.order.pay, detail.expenseSum?.charged),
        check: known ? approvalCheck(knownFolders(detail), detail.attachments) : { shortfalls: [], unreviewed: 0, warnings: [DELIVERABLES_UNKNOWN] },
      }));
    } catch (error) {
      this.error = messageOf(error, 'What these orders pay could not be read.');
    } finally {
      this.loading = false;
    }
  }
}
