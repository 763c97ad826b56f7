import type { WorkOrder } from '../api/work-order';
import { ATTENTION_LABELS, type AttentionReason } from './attention';
import { epochOfUtc, formatMoment, formatSiteMoment, siteZoneOf } from './moments';

/**
 * Why an order needs attention, said plainly at the top of its detail: "Running late: due
 * yesterday 19:38 CST, nobody checked in". It reads the order as the attention rules do
 * (work-order-attention.ts in main), so the words match the reason.
 */
export interface AttentionExplanation {
  reason: AttentionReason;
  /** "Running late" */
  label: string;
  /** "due yesterday 19:38 CST, nobody checked in" */
  detail: string;
}

export interface AttentionCounts {
  /** Providers' requests still open (the detail's requests). */
  requests?: number;
  /** Providers' files waiting for review. */
  deliverables?: number;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function explainAttention(order: WorkOrder, reason: AttentionReason, counts: AttentionCounts = {}, now: number = Date.now()): AttentionExplanation {
  return { reason, label: ATTENTION_LABELS[reason], detail: detailOf(order, reason, counts, now) };
}

function detailOf(order: WorkOrder, reason: AttentionReason, counts: AttentionCounts, now: number): string {
  const window = order.schedule?.service_window;
  const subStatus = order.status?.sub_status ?? '';
  const at = (utc: string | null | undefined) => {
    const epoch = epochOfUtc(utc);
    return epoch === undefined ? undefined : formatMoment(epoch, siteZoneOf(order), { relative: true, now });
  };
  const starts = at(window?.start?.utc);
  switch (reason) {
    case 'late': {
      if (subStatus === 'delayed') return 'the provider says they are delayed';
      const due = at(window?.end?.utc) ?? starts;
      return due ? `due ${due}, nobody checked in` : 'nobody checked in';
    }
    case 'at-risk':
      if (subStatus === 'at_risk') return `the marketplace marks it at risk${starts ? `; starts ${starts}` : ''}`;
      return starts ? `starts ${starts}, nobody on the way` : 'nobody on the way';
    case 'unconfirmed':
      return starts ? `starts ${starts}, the technician has not confirmed` : 'the technician has not confirmed';
    case 'problem': {
      const open = (order.problems?.results ?? []).filter((problem) => problem.resolution?.status !== 'resolved');
      const first = open[0];
      if (!first) return 'a problem is open';
      const more = open.length > 1 ? ` and ${plural(open.length - 1, 'other', 'others')}` : '';
      const reported = first.created?.utc ? `, reported ${formatSiteMoment(first.created.utc, order, { relative: true, now })}` : '';
      return `${first.type?.name ?? 'a problem'}${more}${reported}`;
    }
    case 'requests':
      return counts.requests ? `${plural(counts.requests, 'provider asks', 'providers ask')} to take it` : 'providers ask to take it';
    case 'deliverables':
      return counts.deliverables ? `${plural(counts.deliverables, 'file waits', 'files wait')} for review` : 'files wait for review';
  }
}
