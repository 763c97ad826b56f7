import { z } from 'zod';
import { AutoDispatchBodySchema } from '../../../src-shared/api/auto-dispatch';
import type { TypeOfWorkId } from '../../../src-shared/api/reference-data';
import type { StatusSlug } from '../../../src-shared/api/status';
import { CONTINUES_LATER } from '../background-work';
import type { MarketplaceContext } from '../context';
import { invalidInput, MarketplaceError } from '../http/errors';
import { preparedStatement } from '../store/database';
import type { ProviderData } from './providers';
import type { Actor } from './work-order-lifecycle';
import { primaryTypeOfWorkId, statusOf, type WorkOrderRecord } from './work-order-record';
import { workOrderRepository } from './work-order-repository';
import { missingForDispatch } from '../../../src-shared/domain/work-order-rules';
import { assignWorkOrder, publishWorkOrder, routeWorkOrder } from './work-order-transitions';

// Auto-dispatch (spec, Work orders; decisions §2), *ours* where the spec is silent:
//
// - Which providers: those on the marketplace who take routed work (`marketplace`, `routable`)
//   and do the order's primary type of work. Profiles list no types of work, so a provider does
//   those their `about` names (SKILLS below); General Tasks and Other suit everyone.
// - Which one: the best rated on the marketplace (stars, then number of ratings, then lowest id).
// - The order is assigned to them, or routed with `should_route`. A Draft is published first, as
//   dispatch goes through the marketplace; when no provider matches, it stays published for
//   providers to request.
// - W2: with `w2_skippub` or `w2_failswitch`, W2 providers are tried first. `w2_failswitch` falls
//   back to the others when no W2 provider matches. `w2_skippub` leaves a Draft going to a W2
//   provider unpublished (assigned or routed straight from Draft); without `w2_failswitch` it asks
//   for W2 alone, and an order no W2 provider matches is left as it was.
// - `delay`: seconds before the dispatch, kept by the scheduler (durable; the control plane's
//   clock advance runs it). The worker stays in progress until then, and then answers as an
//   immediate dispatch would.
// - `selection_rule_id` is accepted and kept in the worker's payload; the marketplace has no
//   selection rules, so the ranking above applies.

/** Statuses assign and route start from (decisions §2). */
const DISPATCHABLE: readonly StatusSlug[] = ['created', 'published', 'routed'];

/** The types of work a provider's `about` shows they do; `null`: anyone can. */
const SKILLS: Readonly<Record<TypeOfWorkId, RegExp | null>> = {
  70: /adjustable bed|bed base/i,
  60: /audio[- ]?visual|home theat/i,
  63: /\bATM\b/i,
  56: /carpentry|fixture/i,
  65: /\bCCTV\b|alarm|access control|camera/i,
  76: /copier/i,
  61: /desktop|laptop|imaging/i,
  69: /fib(?:er|re)|splic/i,
  74: null,
  59: /high voltage|electrician/i,
  8: /\bHVAC\b|thermostat|building automation/i,
  64: /kiosk/i,
  68: /low[- ]voltage|low and high voltage|cabling/i,
  75: /merchandis|planogram/i,
  4: /network|wi-?fi|wireless|\bswitch/i,
  50: null,
  58: /plumb/i,
  62: /\bPOS\b|point of sale/i,
  54: /printer/i,
  71: /digital signage|\bpro a\/?v\b|audio[- ]?visual/i,
  72: /project manag/i,
  57: /satellite/i,
  51: /secret shop|mystery shop/i,
  66: /server|data cent(?:er|re)|storage/i,
  1: /software develop|developer/i,
  67: /structured cabling|\bcabling|\bcat ?6\b|rack build/i,
  3: /telecom|\bvoip\b|handset/i,
};

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
  message?: string;
}

interface Candidate {
  id: number;
  first_name: string;
  last_name: string;
  data: ProviderData;
}

/** What keeps an order from auto-dispatch (decisions §2); none when it can go. */
function refusals(record: WorkOrderRecord): string[] {
  const fields = record.data.fields;
  return [
    ...(DISPATCHABLE.includes(record.status) ? [] : [`it is ${statusOf(record.status).name}`]),
    ...(fields.auto_dispatch === true ? [] : ['auto_dispatch is not true']),
    ...(fields.service_types?.length || fields.service_types_new?.length ? [] : ['it has no service type']),
    ...missingForDispatch(fields).map((field) => `it has no ${field}`),
  ];
}

/**
 * All or nothing, before any worker: each order must exist, be the caller's company's and be
 * ready. A 400 names the refused ids in `fields` and says why in its message.
 */
export function checkAutoDispatch(context: MarketplaceContext, actor: Actor, workOrderIds: readonly number[]): number[] {
  const ids = [...new Set(workOrderIds)];
  const repository = workOrderRepository(context);
  const refused = ids.flatMap((id) => {
    const record = repository.find(id);
    const reasons = !record ? ['not found'] : record.companyId !== actor.companyId ? ['belongs to another company'] : refusals(record);
    return reasons.length > 0 ? [{ id, reasons }] : [];
  });
  if (refused.length > 0) {
    const message = refused.map(({ id, reasons }) => `${id}: ${reasons.join(', ')}`).join('; ');
    throw invalidInput(`Can not auto-dispatch work order${refused.length > 1 ? 's' : ''} ${message}`, refused.map(({ id }) => String(id)));
  }
  return ids;
}

function candidates(context: MarketplaceContext, typeOfWorkId: number): Candidate[] {
  const skill = SKILLS[typeOfWorkId as TypeOfWorkId];
  const rows = preparedStatement(context, "SELECT id, first_name, last_name, data FROM users WHERE role = 'provider'").all() as (Omit<Candidate, 'data'> & { data: string })[];
  return rows
    .map((row) => ({ ...row, data: JSON.parse(row.data) as ProviderData }))
    .filter(({ data }) => data.marketplace && data.routable && skill !== undefined && (skill === null || skill.test(data.about)));
}

function best(pool: readonly Candidate[]): Candidate | undefined {
  const stars = (candidate: Candidate) => candidate.data.rating.marketplace.stars ?? 0;
  const ratings = (candidate: Candidate) => candidate.data.rating.marketplace.total_ratings ?? 0;
  return [...pool].sort((a, b) => stars(b) - stars(a) || ratings(b) - ratings(a) || a.id - b.id)[0];
}

/** The provider for the order under the W2 flags, or none. */
function choose(pool: readonly Candidate[], options: AutoDispatchOptions): Candidate | undefined {
  if (!options.w2_skippub && !options.w2_failswitch) return best(pool);
  const w2 = best(pool.filter((candidate) => candidate.data.w2));
  return w2 ?? (options.w2_failswitch ? best(pool.filter((candidate) => !candidate.data.w2)) : undefined);
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
    const chosen = choose(candidates(context, primaryTypeOfWorkId(record.data.fields) ?? 0), options);
    // To the marketplace a Draft goes published; not to a W2 provider under `w2_skippub`, nor
    // anywhere when W2 alone was asked for and no W2 provider matched.
    const w2Only = options.w2_skippub === true && options.w2_failswitch !== true;
    const goesPublished = chosen ? !(options.w2_skippub && chosen.data.w2) : !w2Only;
    if (record.status === 'created' && goesPublished) publishWorkOrder(context, actor, workOrderId);
    if (!chosen) return { work_order_id: workOrderId, result: 'no_provider', status: statusName(), message: 'No provider matches the type of work' };
    if (options.should_route) routeWorkOrder(context, actor, workOrderId, chosen.id);
    else assignWorkOrder(context, actor, workOrderId, chosen.id);
    return {
      work_order_id: workOrderId,
      result: options.should_route ? 'routed' : 'assigned',
      status: statusName(),
      provider: { id: chosen.id, first_name: chosen.first_name, last_name: chosen.last_name, w2: chosen.data.w2 },
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
