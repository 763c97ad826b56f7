import type { WorkOrder } from '../../../src-shared/api/work-order';
import { AppError } from '../../../src-shared/errors';
import { ApiError } from '../../api-client/api-error';
import { docKey } from '../documents';
import { operation, type Operation } from '../operation';
import { utcToEpochMs } from '../../db/work-order-columns';
import { orderLane, orderPartLane } from './work-order-transitions';
import { orderLabel } from '../entry-names';

/** How far this machine's clock may be from the marketplace's, for "posted since". */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

/**
 * Messages, problem reports and swap answers: not shown in the cache before the marketplace has
 * them (the outbox screen lists them as pending); the order is fetched again once they land.
 */

export const sendMessage = operation({
  kind: 'messages:send',
  lane: (input) => orderPartLane(input.workOrderId, 'messages'),
  workOrderId: (input) => input.workOrderId,
  summary: (input, context) => `Message on ${orderLabel(input.workOrderId, context)}: “${input.message.length > 40 ? `${input.message.slice(0, 40)}…` : input.message}”`,
  docs: () => [],
  project: (_key, value) => value,
  mapIds: (input, map) => ({ ...input, workOrderId: map(input.workOrderId) }),
  async send(input, context) {
    await context.client.parts.sendMessage(input.workOrderId, { message: input.message }, { signal: context.signal, messageId: input.parentId });
    return { refresh: [input.workOrderId] };
  },
  /**
   * A message with the same text in the same thread, posted since the coordinator wrote this one, is
   * the one a lost answer posted; an older one of the same words ("On my way") is not.
   */
  async confirm(input, context) {
    const { results } = await context.client.parts.messages(input.workOrderId, { signal: context.signal });
    const thread = input.parentId === undefined ? results : results.find((message) => message.msg_id === input.parentId)?.replies ?? [];
    const since = context.createdAt - CLOCK_SKEW_MS;
    const posted = thread.some((message) => message.message === input.message && (utcToEpochMs(message.created?.utc) ?? 0) >= since);
    return posted ? { refresh: [input.workOrderId] } : undefined;
  },
});

export const reportProblem = operation({
  kind: 'problems:report',
  lane: (input) => orderPartLane(input.workOrderId, 'problems'),
  workOrderId: (input) => input.workOrderId,
  summary: (input, context) => `Report a problem on ${orderLabel(input.workOrderId, context)}`,
  docs: () => [],
  project: (_key, value) => value,
  mapIds: (input, map) => ({ ...input, workOrderId: map(input.workOrderId) }),
  async send(input, context) {
    // The spec names the acting user: the one signed in, or else the order's manager.
    const manager = (context.base(docKey('workorder', input.workOrderId)) as WorkOrder | null | undefined)?.manager?.id;
    const actingUserId = context.client.session.userId ?? manager;
    if (actingUserId === undefined) throw new AppError('API_REJECTED', 'The marketplace did not say who is signed in, and the order has no manager to report as.');
    await context.client.parts.reportProblem(input.workOrderId, input.problemTypeId, actingUserId, input.comments === undefined ? {} : { comments: input.comments }, {
      signal: context.signal,
    });
    return { refresh: [input.workOrderId] };
  },
  async confirm(input, context) {
    const { results } = await context.client.parts.problems(input.workOrderId, { signal: context.signal });
    const found = (results ?? []).some((problem) => problem.type?.id === input.problemTypeId && (problem.comments ?? undefined) === input.comments);
    return found ? { refresh: [input.workOrderId] } : undefined;
  },
});

/** The order with one of its problems shown resolved (the marketplace keeps it listed, as resolved). */
function withProblemResolved(order: WorkOrder, problemId: number): WorkOrder {
  const problems = order.problems;
  if (!problems || !Array.isArray(problems.results)) return order;
  const results = problems.results.map((problem) => (problem.id === problemId ? { ...problem, resolved: true, resolution: { ...problem.resolution, status: 'resolved' }, actions: [] } : problem));
  return { ...order, problems: { ...problems, results } };
}

/** Resolves a problem a provider reported: shown resolved at once, sent as DELETE, confirmed by the order's problems. */
export const resolveProblem = operation({
  kind: 'problems:resolve',
  // The problem's type, for its name in the outbox.
  prepare: (input, context) => {
    const order = context.read(docKey('workorder', input.workOrderId)) as WorkOrder | null;
    const problem = order?.problems?.results?.find((candidate) => candidate.id === input.problemId);
    return problem?.type?.name ? { problem: problem.type.name } : {};
  },
  lane: (input) => orderPartLane(input.workOrderId, 'problems'),
  workOrderId: (input) => input.workOrderId,
  summary: (input, context) => `Resolve ${typeof context.problem === 'string' ? `the problem “${context.problem}”` : `problem ${input.problemId}`} on ${orderLabel(input.workOrderId, context)}`,
  docs: (input) => [docKey('workorder', input.workOrderId)],
  project: (_key, value, input) => (value ? withProblemResolved(value as WorkOrder, input.problemId) : value),
  mapIds: (input, map) => ({ ...input, workOrderId: map(input.workOrderId) }),
  async send(input, context) {
    await context.client.parts.resolveProblem(input.workOrderId, input.problemId, { signal: context.signal });
    return { refresh: [input.workOrderId] };
  },
  async confirm(input, context) {
    const { results } = await context.client.parts.problems(input.workOrderId, { signal: context.signal });
    const resolved = (results ?? []).some((problem) => problem.id === input.problemId && problem.resolution?.status === 'resolved');
    return resolved ? { refresh: [input.workOrderId] } : undefined;
  },
  changedFields: () => ({ problem: 'resolved' }),
});

function swapAnswer<K extends 'swaps:accept' | 'swaps:decline'>(kind: K, verb: string): Operation<K> {
  return operation<K>({
    kind,
    lane: (input) => orderLane(input.workOrderId),
    workOrderId: (input) => input.workOrderId,
    summary: (input, context) => `${verb} the swap request on ${orderLabel(input.workOrderId, context)}`,
    docs: () => [],
    project: (_key, value) => value,
    mapIds: (input, map) => ({ ...input, workOrderId: map(input.workOrderId) }),
    async send(input, context) {
      const api = context.client.parts;
      try {
        await (kind === 'swaps:accept' ? api.acceptSwap(input.workOrderId, input.swapId, { signal: context.signal }) : api.declineSwap(input.workOrderId, input.swapId, { signal: context.signal }));
      } catch (error) {
        // Answered already: an earlier attempt whose answer was lost closed the request.
        const answered = error instanceof ApiError && (error.code === 'API_NOT_FOUND' || error.code === 'API_REJECTED');
        if (!(context.uncertain && answered)) throw error;
      }
      return { refresh: [input.workOrderId] };
    },
  });
}

export const acceptSwap = swapAnswer('swaps:accept', 'Accept');
export const declineSwap = swapAnswer('swaps:decline', 'Decline');
