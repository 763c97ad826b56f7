import { isDeepStrictEqual } from 'node:util';
import type { WorkOrderCreateBody, WorkOrderUpdateBody } from '../../../src-shared/api/work-order-requests';
import type { MarketplaceContext } from '../context';
import { type Actor, changeWorkOrder, domainEvent, emitAfterCommit } from './work-order-lifecycle';
import type { WorkOrderRecord } from './work-order-record';
import { checkReferences } from './work-order-references';
import { workOrderRepository } from './work-order-repository';

/** A draft from whatever the body holds; the manager defaults to the signed-in user. */
export function createWorkOrder(context: MarketplaceContext, actor: Actor, body: WorkOrderCreateBody): WorkOrderRecord {
  const repository = workOrderRepository(context);
  const now = context.clock.now();
  const fields: WorkOrderCreateBody = { ...body, manager: body.manager ?? { id: actor.userId } };
  const record = context.db.transaction(() => {
    // The integration id is checked inside the transaction, so two creates cannot both take it.
    const references = checkReferences(context, actor.companyId, fields, fields);
    const draft: Omit<WorkOrderRecord, 'id'> = {
      companyId: actor.companyId,
      status: 'created',
      subStatus: '',
      createdAt: now,
      updatedAt: now,
      assigneeId: null,
      data: { fields, ...references, milestones: { created: now }, confirmed: false, delay: 0 },
    };
    return { ...draft, id: repository.insert(draft) };
  })();
  emitAfterCommit(context, [domainEvent('workorder.created', record, null, actor.userId, now)]);
  return record;
}

/**
 * A new schedule for an assigned order asks its technician again (ours, as the real service does):
 * the confirmation and an ETA set for the old time no longer hold, so the ETA follows the new
 * schedule, unconfirmed, until the provider confirms again. Work under way (checked in or out)
 * keeps its state.
 */
function askTheTechnicianAgain(record: WorkOrderRecord): void {
  if (record.status !== 'assigned' || record.subStatus === 'checked_in' || record.subStatus === 'checked_out') return;
  record.data.confirmed = false;
  delete record.data.eta;
  if (record.subStatus === 'confirmed' || record.subStatus === 'on_my_way') record.subStatus = '';
}

/**
 * Changes only the keys sent (decisions §2); each key sent replaces the stored value whole. A new
 * schedule or new custom field values are announced (decisions §7).
 */
export function updateWorkOrder(context: MarketplaceContext, actor: Actor, workOrderId: number, body: WorkOrderUpdateBody): WorkOrderRecord {
  return changeWorkOrder(context, actor, workOrderId, 'update', ({ record }) => {
    const fields: WorkOrderCreateBody = { ...record.data.fields, ...body };
    const references = checkReferences(context, actor.companyId, body, fields, record.id);
    const scheduleChanged = body.schedule !== undefined && !isDeepStrictEqual(body.schedule, record.data.fields.schedule);
    const customFieldsChanged = body.custom_fields !== undefined && !isDeepStrictEqual(body.custom_fields, record.data.fields.custom_fields);
    record.data.fields = fields;
    if (scheduleChanged) askTheTechnicianAgain(record);
    if (body.location) {
      if (references.savedAddress) record.data.savedAddress = references.savedAddress;
      else delete record.data.savedAddress;
    }
    // Decisions §7 has no event for other fields: a new title alone is announced to nobody.
    return [...(scheduleChanged ? ['workorder.schedule_updated'] : []), ...(customFieldsChanged ? ['workorder.custom_field_value_updated'] : [])];
  });
}
