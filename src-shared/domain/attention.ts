import { z } from 'zod';

/**
 * Why an order needs the coordinator now. Main works them out from the cache (so they hold
 * offline); the renderer only names them.
 */
export const ATTENTION_REASONS = ['late', 'at-risk', 'unconfirmed', 'problem', 'deliverables', 'requests'] as const;
export const AttentionReasonSchema = z.enum(ATTENTION_REASONS);
export type AttentionReason = z.infer<typeof AttentionReasonSchema>;

/**
 * The reasons of the "Needs attention" triage queue, most urgent first: its groups and its order.
 * Files waiting for review are left out: Deliverables is their queue.
 */
export const TRIAGE_REASONS = ['late', 'at-risk', 'unconfirmed', 'problem', 'requests'] as const satisfies readonly AttentionReason[];
export type TriageReason = (typeof TRIAGE_REASONS)[number];

export const TriageReasonSchema = z.enum(TRIAGE_REASONS);

/** A group of the triage queue: the orders whose most urgent reason is this one. */
export const UrgencyGroupSchema = z.object({ reason: TriageReasonSchema, count: z.number().int().nonnegative() });
export type UrgencyGroup = z.infer<typeof UrgencyGroupSchema>;

/** The most urgent triage reason among an order's, if any: the group it is listed in. */
export const triageReasonOf = (reasons: readonly AttentionReason[]): TriageReason | undefined => TRIAGE_REASONS.find((reason) => reasons.includes(reason));

export const ATTENTION_LABELS: Readonly<Record<AttentionReason, string>> = {
  late: 'Running late',
  'at-risk': 'At risk',
  unconfirmed: 'Not confirmed',
  problem: 'Open problem',
  deliverables: 'Deliverables waiting',
  requests: 'Requests waiting',
};

/** How close to its start an assignment must be confirmed before it counts as "not confirmed". */
export const UNCONFIRMED_WITHIN_MS = 24 * 60 * 60 * 1000;
/** How close to its start an assignment nobody is on the way to counts as at risk. */
export const AT_RISK_WITHIN_MS = 2 * 60 * 60 * 1000;
