import { TagSchema, type Tag } from '../../../src-shared/api/company';
import type { WorkOrder } from '../../../src-shared/api/work-order';
import { appliedTagIds, tagFitsStatus } from '../../../src-shared/domain/work-order-tags';
import { AppError } from '../../../src-shared/errors';
import { ApiError } from '../../api-client/api-error';
import { docKey } from '../documents';
import { orderLabel } from '../entry-names';
import { operation, type KindWith, type Operation, type SendContext, type SendOutcome } from '../operation';
import { orderLane, statusOf } from './work-order-transitions';

// Company tags on an order (decisions §6): shown at once on the cached order, sent as POST or
// DELETE workorders/{id}/tags. Both answer the tag, not the order, so the order is fetched after.

type TagKind = Extract<KindWith<TagInput>, 'workorders:add-tag' | 'workorders:remove-tag'>;
type TagInput = { id: number; tagId: number };

/** The order's tags envelope with its results changed, the count following. */
function withTags(order: WorkOrder, change: (tags: NonNullable<WorkOrder['tags']>['results'] & object) => Tag[]): WorkOrder {
  const tags = order.tags ?? {};
  const results = change(Array.isArray(tags.results) ? tags.results : []);
  const metadata = { ...(tags.metadata ?? {}), total: results.length, page: 1, pages: results.length > 0 ? 1 : 0, per_page: results.length };
  return { ...order, tags: { ...tags, metadata, results } };
}

/**
 * The marketplace's last known order with the tag change it answered: the new base at once, so the
 * tag does not vanish between the answer and the refresh that fetches the whole order.
 */
function settledWith(input: TagInput, context: SendContext, change: (tags: Tag[]) => Tag[]): SendOutcome {
  const key = docKey('workorder', input.id);
  const base = context.base(key) as WorkOrder | null | undefined;
  return { ...(base ? { docs: { [key]: withTags(base, (tags) => change(tags as Tag[])) } } : {}), refresh: [input.id] };
}

/** The order as the marketplace holds it now, when it shows the tag applied (or gone) as the entry wants. */
async function orderShowing(input: TagInput, context: SendContext, applied: boolean): Promise<SendOutcome | undefined> {
  const order = await context.client.workOrders.get(input.id, { signal: context.signal });
  return appliedTagIds(order).includes(input.tagId) === applied ? { docs: { [docKey('workorder', input.id)]: order } } : undefined;
}

/** The tag's label as the company's list had it when queued, or its id. */
function tagName(id: number, context: Record<string, unknown>): string {
  const tag = context.tag as Tag | undefined;
  return tag?.id === id && tag.label ? `“${tag.label}”` : String(id);
}

function tagOperation<K extends TagKind>(definition: {
  kind: K;
  verb: string;
  applied: boolean;
  prepare?: Operation<K>['prepare'];
  project: (order: WorkOrder, input: TagInput, context: Record<string, unknown>) => WorkOrder;
  send: (input: TagInput, context: SendContext) => Promise<SendOutcome>;
}): Operation<K> {
  return operation<K>({
    kind: definition.kind,
    lane: (input) => orderLane(input.id),
    workOrderId: (input) => input.id,
    summary: (input, context) => `${definition.verb} the tag ${tagName(input.tagId, context)} ${definition.applied ? 'to' : 'from'} ${orderLabel(input.id, context)}`,
    prepare: definition.prepare,
    docs: (input) => [docKey('workorder', input.id)],
    project: (_key, value, input, context) => (value ? definition.project(value as WorkOrder, input, context) : value),
    mapIds: (input, map) => ({ ...input, id: map(input.id) }),
    send: (input, context) => definition.send(input, context),
    // Applying twice is not an error and removing is checked below, so a resend is safe: the order tells whether one is needed.
    confirm: (input, context) => orderShowing(input, context, definition.applied),
    changedFields: (input) => ({ tags: `${definition.applied ? '+' : '−'}${input.tagId}` }),
  });
}

/** The company tag as the cache's reference list has it; TAG_NOT_FOUND when the list lacks it. */
function companyTag(reference: unknown[], tagId: number): Tag {
  for (const entry of reference) {
    const tag = TagSchema.safeParse(entry);
    if (tag.success && tag.data.id === tagId) return tag.data;
  }
  throw new AppError('TAG_NOT_FOUND');
}

export const addWorkOrderTag = tagOperation({
  kind: 'workorders:add-tag',
  verb: 'Add',
  applied: true,
  /** Checked against the order as the coordinator sees it (queued changes included), as the marketplace will check it. */
  prepare(input, context) {
    const order = context.read(docKey('workorder', input.id)) as WorkOrder | null;
    if (!order) throw new AppError('WORK_ORDER_NOT_FOUND');
    const tag = companyTag(context.reference('tags'), input.tagId);
    const status = statusOf(order);
    if (status && !tagFitsStatus(tag, status)) {
      throw new AppError('OUTBOX_NOT_ALLOWED', `The tag ${tag.label} cannot be applied while the order is ${order.status?.name ?? status}.`);
    }
    return { tag };
  },
  project(order, input, context) {
    const known = context.tag as Tag | undefined;
    // An edit may name another tag than the one checked at enqueue: the marketplace's answer names it then.
    const tag: Tag = known?.id === input.tagId ? known : { id: input.tagId, label: `Tag ${input.tagId}` };
    return withTags(order, (tags) => (tags.some((applied) => applied?.id === input.tagId) ? (tags as Tag[]) : [...(tags as Tag[]), tag]));
  },
  async send(input, context) {
    const tag = await context.client.workOrders.applyTag(input.id, input.tagId, { signal: context.signal });
    return settledWith(input, context, (tags) => [...tags.filter((applied) => applied?.id !== tag.id), tag]);
  },
});

export const removeWorkOrderTag = tagOperation({
  kind: 'workorders:remove-tag',
  verb: 'Remove',
  applied: false,
  // Only for its name in the outbox: removing a tag the list no longer has is still asked of the marketplace.
  prepare: (input, context) => {
    try {
      return { tag: companyTag(context.reference('tags'), input.tagId) };
    } catch {
      return {};
    }
  },
  project: (order, input) => withTags(order, (tags) => (tags as Tag[]).filter((tag) => tag?.id !== input.tagId)),
  async send(input, context) {
    try {
      await context.client.workOrders.removeTag(input.id, input.tagId, { signal: context.signal });
    } catch (error) {
      // Not applied (any more) is what the coordinator asked for; a 404 for the order itself stays a refusal.
      if (!(error instanceof ApiError && error.code === 'API_NOT_FOUND')) throw error;
      const settled = await orderShowing(input, context, false);
      if (!settled) throw error;
      return settled;
    }
    return settledWith(input, context, (tags) => tags.filter((tag) => tag?.id !== input.tagId));
  },
});
