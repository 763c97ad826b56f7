import { z } from 'zod';
import { AutoDispatchBodySchema } from '../../../src-shared/api/auto-dispatch';
import type { SelectionRule } from '../../../src-shared/api/selection-rule';
import { autoDispatchRefusals } from '../../../src-shared/domain/work-order-rules';
import { CONTINUES_LATER } from '../background-work';
import type { MarketplaceContext } from '../context';
import { invalidInput, MarketplaceError } from '../http/errors';
import { dispatchCandidates } from './dispatch-candidates';
import { DEFAULT_CRITERIA, type Graded, rank } from './selection-rule-matching';
import { findSelectionRule, presentSelectionRule, type SelectionRuleRecord } from './selection-rules';
import type { Actor } from './work-order-lifecycle';
import { primaryTypeOfWorkId, statusOf, type WorkOrderRecord } from './work-order-record';
import { workOrderRepository } from './work-order-repository';
import { assignWorkOrder, publishWorkOrder, routeWorkOrder } from './work-order-transitions';

// Auto-dispatch (spec, Work orders; decisions §2), *ours* where the spec is silent:
//
// - Which providers: those on the marketplace who take routed work (`marketplace`, `routable`) and
//   are free for the order's time on site (no assigned order overlaps it, src-shared/domain/
//   time-on-site.ts); dispatch never double-books (dispatch-candidates.ts).
// - Which one: with `selection_rule_id`, the best by the company's rule (selection-rule-matching.ts);
//   without, the best rated of those who do the order's primary type of work (provider-skills.ts).
// - The order is assigned to them, or routed with `should_route`. A Draft is published first, as
//   dispatch goes through the marketplace; when no provider matches, it stays published for
//   providers to request.
// - W2: with `w2_skippub` or `w2_failswitch`, W2 providers are tried first. `w2_failswitch` falls
//   back to the others when no W2 provider matches. `w2_skippub` leaves a Draft going to a W2
//   provider unpublished (assigned or routed straight from Draft); without `w2_failswitch` it asks
//   for W2 alone, and an order no W2 provider matches is left as it was.
// - `delay`: seconds before the dispatch, kept by the scheduler (durable; the control plane's
//   clock advance runs it). The worker stays in progress until then, and then answers as an
//   immediate dispatch would, every order and the rule checked again.
// - An unknown `selection_rule_id`, or another company's, is refused with the orders (400).

/** The body of POST workorders/auto_dispatch, with `delay` bounded (a year) so its moment stays a date. */
export const AutoDispatchInputSchema = AutoDispatchBodySchema.extend({ delay: z.number().int().nonnegative().max(365 * 24 * 3600).optional() });
const AutoDispatchOptionsSchema = AutoDispatchInputSchema.omit({ work_order_ids: true });
export type AutoDispatchOptions = z.infer<typeof AutoDispatchOptionsSchema>;

export interface DispatchOutcome {
  work_order_id: number;
  result: 'assigned' | 'routed' | 'no_provider' | 'skipped' | 'failed';
  /** The order's status name afterwards. */
  status?: string;
  provider?: { id: number; first_name: string; last_name: string; w2: boolean };
  /** With `selection_rule_id`: the rule as the chosen provider met it (`status`, `sum`, each criterion's `status`). */
  selection_rule?: SelectionRule;
  message?: string;
}

/** What keeps an order from auto-dispatch (decisions §2), by the rule the app offers the action by; none when it can go. */
function refusals(record: WorkOrderRecord): string[] {
  return autoDispatchRefusals(record.status, record.data.fields);
}

const ruleNotFound = (ruleId: number) => `Selection rule ${ruleId} not found`;

/**
 * All or nothing, before any worker: each order must exist, be the caller's company's and be
 * ready, and a selection rule named must be the company's. A 400 names the refused ids (and
 * `selection_rule_id`) in `fields` and says why in its message.
 */
export function checkAutoDispatch(context: MarketplaceContext, actor: Actor, workOrderIds: readonly number[], selectionRuleId?: number): number[] {
  const ids = [...new Set(workOrderIds)];
  const repository = workOrderRepository(context);
  const refused = ids.flatMap((id) => {
    const record = repository.find(id);
    const reasons = !record ? ['not found'] : record.companyId !== actor.companyId ? ['belongs to another company'] : refusals(record);
    return reasons.length > 0 ? [{ id, reasons }] : [];
  });
  const unknownRule = selectionRuleId !== undefined && !findSelectionRule(context, actor.companyId, selectionRuleId);
  if (refused.length > 0 || unknownRule) {
    const orders = refused.length > 0 ? `Can not auto-dispatch work order${refused.length > 1 ? 's' : ''} ${refused.map(({ id, reasons }) => `${id}: ${reasons.join(', ')}`).join('; ')}` : '';
    const message = [orders, unknownRule ? ruleNotFound(selectionRuleId) : ''].filter(Boolean).join('. ');
    throw invalidInput(message, [...refused.map(({ id }) => String(id)), ...(unknownRule ? ['selection_rule_id'] : [])]);
  }
  return ids;
}

/** The provider for the order under the W2 flags, or none. */
function choose(ranked: readonly Graded[], options: AutoDispatchOptions): Graded | undefined {
  if (!options.w2_skippub && !options.w2_failswitch) return ranked[0];
  const w2 = ranked.find((graded) => graded.candidate.data.w2);
  return w2 ?? (options.w2_failswitch ? ranked.find((graded) => !graded.candidate.data.w2) : undefined);
}

/** Why nobody was chosen, in the words of the rule or of the type of work. */
function noProviderMessage(rule: SelectionRuleRecord | undefined, anyoneBooked: boolean): string {
  if (rule) return `No available provider meets selection rule ${rule.id} (${rule.name})`;
  return anyoneBooked ? 'No provider who does the type of work is free then' : 'No provider matches the type of work';
}

/**
 * Dispatches one order, checked again: it may have changed since the request. Each transition
 * commits (and emits its events) on its own, so a failure after publishing leaves it published
 * and says so.
 */
function dispatchOne(context: MarketplaceContext, actor: Actor, workOrderId: number, options: AutoDispatchOptions): DispatchOutcome {
  const repository = workOrderRepository(context);
  const statusName = () => statusOf(repository.findForCompany(actor.companyId, workOrderId).status).name;
  try {
    const record = repository.findForCompany(actor.companyId, workOrderId);
    const reasons = refusals(record);
    if (reasons.length > 0) return { work_order_id: workOrderId, result: 'skipped', status: statusName(), message: reasons.join(', ') };
    const ruleId = options.selection_rule_id;
    const rule = ruleId === undefined ? undefined : findSelectionRule(context, actor.companyId, ruleId);
    if (ruleId !== undefined && !rule) return { work_order_id: workOrderId, result: 'failed', status: statusName(), message: ruleNotFound(ruleId) };
    const { free, booked } = dispatchCandidates(context, actor.companyId, record);
    const criteria = rule?.criteria ?? DEFAULT_CRITERIA;
    const facts = { typeOfWorkId: primaryTypeOfWorkId(record.data.fields) };
    const chosen = choose(rank(free, criteria, facts), options);
    // To the marketplace a Draft goes published; not to a W2 provider under `w2_skippub`, nor
    // anywhere when W2 alone was asked for and no W2 provider matched.
    const w2Only = options.w2_skippub === true && options.w2_failswitch !== true;
    const goesPublished = chosen ? !(options.w2_skippub && chosen.candidate.data.w2) : !w2Only;
    if (record.status === 'created' && goesPublished) publishWorkOrder(context, actor, workOrderId);
    if (!chosen) {
      const anyoneBooked = rank(booked, criteria, facts).length > 0;
      return { work_order_id: workOrderId, result: 'no_provider', status: statusName(), message: noProviderMessage(rule, anyoneBooked) };
    }
    const { candidate } = chosen;
    if (options.should_route) routeWorkOrder(context, actor, workOrderId, candidate.id);
    else assignWorkOrder(context, actor, workOrderId, candidate.id);
    return {
      work_order_id: workOrderId,
      result: options.should_route ? 'routed' : 'assigned',
      status: statusName(),
      provider: { id: candidate.id, first_name: candidate.first_name, last_name: candidate.last_name, w2: candidate.data.w2 },
      ...(rule ? { selection_rule: presentSelectionRule(rule, chosen.grades) } : {}),
    };
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    return { work_order_id: workOrderId, result: 'failed', message: error.message };
  }
}

const AUTO_DISPATCH_JOB = 'workorder.auto_dispatch';

const DispatchJobSchema = z.object({
  workerId: z.number().int().optional(),
  actor: z.object({ userId: z.number().int(), companyId: z.number().int() }),
  workOrderIds: z.array(z.number().int()),
  options: AutoDispatchOptionsSchema,
});

/**
 * The worker's work: dispatch now and answer the worker's `response`, or book it `delay` seconds
 * later and leave the worker in progress until the booked job finishes it.
 */
export function runAutoDispatch(
  context: MarketplaceContext,
  actor: Actor,
  workOrderIds: readonly number[],
  options: AutoDispatchOptions,
  workerId: number,
): { results: DispatchOutcome[] } | typeof CONTINUES_LATER {
  const delay = options.delay ?? 0;
  if (delay === 0) return { results: workOrderIds.map((id) => dispatchOne(context, actor, id, options)) };
  const job: z.infer<typeof DispatchJobSchema> = { workerId, actor: { userId: actor.userId, companyId: actor.companyId }, workOrderIds: [...workOrderIds], options };
  context.scheduler.schedule(AUTO_DISPATCH_JOB, context.clock.now() + delay * 1000, job);
  return CONTINUES_LATER;
}

/** Registers the delayed dispatch with the scheduler; once per server, before it starts. */
export function registerAutoDispatchJobs(context: MarketplaceContext): void {
  context.scheduler.handle(AUTO_DISPATCH_JOB, (payload) => {
    const { workerId, actor, workOrderIds, options } = DispatchJobSchema.parse(payload);
    const results = workOrderIds.map((id) => dispatchOne(context, actor, id, options));
    if (workerId !== undefined) context.background.finish(workerId, { results });
  });
}
