import { randomUUID } from 'node:crypto';
import type { Tag, TagList } from '../../../src-shared/api/company';
import { STATUS_SLUGS } from '../../../src-shared/api/status';
import { tagFitsStatus } from '../../../src-shared/domain/work-order-tags';
import type { MarketplaceContext } from '../context';
import { invalidInput, notFound } from '../http/errors';
import { preparedStatement } from '../store/database';
import { presentTag } from './company';
import { type Actor, domainEvent, emitAfterCommit } from './work-order-lifecycle';
import { statusOf, type WorkOrderRecord } from './work-order-record';
import { workOrderRepository } from './work-order-repository';
import { wholeList } from './work-order-parts';

// Company tags applied to a work order (decisions §6): GET/POST workorders/{id}/tags and
// GET/DELETE workorders/{id}/tags/{tag_id}; the order's `tags` key is the same envelope.

interface TagRow {
  id: number;
  data: string;
}

function appliedRows(context: MarketplaceContext, workOrderId: number): TagRow[] {
  return preparedStatement(
    context,
    'SELECT t.id, t.data FROM work_order_tags a JOIN tags t ON t.id = a.tag_id WHERE a.work_order_id = ? ORDER BY a.applied_at, t.id',
  ).all(workOrderId) as TagRow[];
}

/** The envelope of the tags applied to an order already loaded; what an order embeds too. */
export function appliedTagsOf(context: MarketplaceContext, record: WorkOrderRecord, correlationId?: string): TagList {
  // The Tags model offers `add`; applying is refused by each tag's valid_statuses, not here.
  const list = { ...wholeList(appliedRows(context, record.id).map(presentTag)), actions: ['add'] };
  // List items carry no correlation id: they are reused across answers.
  return correlationId === undefined ? list : { ...list, correlation_id: correlationId };
}

export function listAppliedTags(context: MarketplaceContext, companyId: number, workOrderId: number): TagList {
  return appliedTagsOf(context, workOrderRepository(context).findForCompany(companyId, workOrderId), randomUUID());
}

/** The statuses in which at least one of the company's tags may be applied: where an order offers `apply_tags`. */
export function taggableStatuses(context: MarketplaceContext, companyId: number): ReadonlySet<string> {
  const tags = (preparedStatement(context, 'SELECT id, data FROM tags WHERE company_id = ?').all(companyId) as TagRow[]).map(presentTag);
  return new Set(STATUS_SLUGS.filter((status) => tags.some((tag) => tagFitsStatus(tag, status))));
}

/** GET workorders/{id}/tags/{tag_id}: one applied tag; 404 when it is not applied. */
export function appliedTag(context: MarketplaceContext, companyId: number, workOrderId: number, tagId: number): Tag {
  const record = workOrderRepository(context).findForCompany(companyId, workOrderId);
  const row = appliedRows(context, record.id).find((candidate) => candidate.id === tagId);
  if (!row) throw notFound(`Tag ${tagId} on work order ${record.id}`);
  return presentTag(row);
}

function companyTag(context: MarketplaceContext, companyId: number, tagId: number): TagRow {
  const row = preparedStatement(context, 'SELECT id, data FROM tags WHERE id = ? AND company_id = ?').get(tagId, companyId) as TagRow | undefined;
  if (!row) throw invalidInput(`Tag ${tagId} is not a tag of your company`, ['tag']);
  return row;
}

/** The order's updated time moves with its tags, so a client that compares orders sees the change. */
function touch(context: MarketplaceContext, record: WorkOrderRecord, now: number): void {
  record.updatedAt = now;
  workOrderRepository(context).update(record);
}

/**
 * POST workorders/{id}/tags: applies a company tag whose `valid_statuses` include the order's
 * status (else 400 naming `tag`). Applying it again is not an error and emits nothing *(ours)*.
 * Checks when called; the work it answers checks again when it runs (async).
 */
export function prepareApplyTag(context: MarketplaceContext, actor: Actor, workOrderId: number, tagId: number): () => Tag {
  const plan = () => {
    const record = workOrderRepository(context).findForCompany(actor.companyId, workOrderId);
    const row = companyTag(context, actor.companyId, tagId);
    const tag = presentTag(row);
    if (!tagFitsStatus(tag, record.status)) {
      throw invalidInput(`Can not apply tag ${tag.label}: work order is ${statusOf(record.status).name}`, ['tag']);
    }
    return { record, tag };
  };
  plan();
  return () => {
    const now = context.clock.now();
    const { record, tag, added } = context.db.transaction(() => {
      const { record, tag } = plan();
      const added = preparedStatement(context, 'INSERT OR IGNORE INTO work_order_tags (work_order_id, tag_id, applied_at, applied_by) VALUES (?, ?, ?, ?)').run(record.id, tag.id, now, actor.userId).changes > 0;
      if (added) touch(context, record, now);
      return { record, tag, added };
    })();
    if (added) emitAfterCommit(context, [domainEvent('workorder.tag_added', record, record.status, actor.userId, now)]);
    return tag;
  };
}

/** DELETE workorders/{id}/tags/{tag_id}: removes an applied tag (404 when not applied) and answers it. */
export function prepareRemoveTag(context: MarketplaceContext, actor: Actor, workOrderId: number, tagId: number): () => Tag {
  appliedTag(context, actor.companyId, workOrderId, tagId);
  return () => {
    const now = context.clock.now();
    const { record, tag } = context.db.transaction(() => {
      const tag = appliedTag(context, actor.companyId, workOrderId, tagId);
      const record = workOrderRepository(context).findForCompany(actor.companyId, workOrderId);
      preparedStatement(context, 'DELETE FROM work_order_tags WHERE work_order_id = ? AND tag_id = ?').run(record.id, tag.id);
      touch(context, record, now);
      return { record, tag };
    })();
    emitAfterCommit(context, [domainEvent('workorder.tag_removed', record, record.status, actor.userId, now)]);
    return tag;
  };
}
