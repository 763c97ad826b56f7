import type { UserSummary } from '../../../src-shared/api/common';
import type { Eta, EtaInput, EtaMode, EtaStatusName } from '../../../src-shared/api/eta';
import { canSetEta } from '../../../src-shared/domain/eta';
import type { MarketplaceContext } from '../context';
import { parseUtc } from '../http/timestamp';
import { personSummary, orderTimestamp } from './work-order-parts';
import { type Actor, notAllowed } from './work-order-lifecycle';
import type { WorkOrderRecord } from './work-order-record';
import { workOrderRepository } from './work-order-repository';

// The technician's ETA on an order (decisions §6): GET/PUT workorders/{id}/eta and the order's
// `eta` key. The buyer sets it while Assigned; the simulated provider's confirm and on-my-way
// steps move its status. It belongs to one assignment: another assignee starts from the schedule.

/** What an order keeps in `data.eta`; times are epoch ms. */
export interface StoredEta {
  /** The assignee it was set for. */
  providerId: number;
  mode: EtaMode;
  start: number | null;
  end: number | null;
  hourEstimate: number | null;
  notes: string;
  status: EtaStatusName;
  updated: number | null;
  /** Who set it last: the buyer's user or the provider. */
  userId: number | null;
}

const HOUR_MS = 3_600_000;

/**
 * Before anything is set, the mode and start follow the order's schedule, unconfirmed; an
 * assignment the provider confirmed (the seed's, made without the steps) shows as the steps would.
 */
function fromSchedule(record: WorkOrderRecord): StoredEta {
  const window = record.data.fields.schedule?.service_window;
  const start = window ? parseUtc(window.start.utc) : null;
  const end = window && window.mode !== 'exact' ? parseUtc(window.end.utc) : null;
  const hours = window?.mode === 'hours' && start !== null && end !== null ? Math.round(((end - start) / HOUR_MS) * 100) / 100 : null;
  return {
    providerId: record.assigneeId ?? 0,
    mode: window?.mode ?? 'exact',
    start,
    end: window?.mode === 'between' ? end : null,
    hourEstimate: hours,
    notes: '',
    status: record.status !== 'assigned' || !record.data.confirmed ? 'unconfirmed' : record.subStatus === 'on_my_way' ? 'onmyway' : 'confirmed',
    updated: null,
    userId: null,
  };
}

/** The ETA in force: the one set for the current assignee, else the schedule's. */
function currentEta(record: WorkOrderRecord): StoredEta {
  const stored = record.data.eta;
  return stored && record.assigneeId !== null && stored.providerId === record.assigneeId ? stored : fromSchedule(record);
}

/** The ETA model's answer; `user` is the assignee as the caller presents people. */
export function presentEta(context: MarketplaceContext, record: WorkOrderRecord, user?: UserSummary | null): Eta {
  const eta = currentEta(record);
  const at = (ms: number | null) => (ms === null ? null : orderTimestamp(record, ms));
  return {
    work_order_id: record.id,
    mode: eta.mode,
    start: at(eta.start),
    end: at(eta.end),
    hour_estimate: eta.hourEstimate,
    notes: eta.notes,
    status: { name: eta.status, updated: at(eta.updated) },
    user: user !== undefined ? user : record.assigneeId === null ? null : personSummary(context, record.assigneeId),
    // The ETA model's `edit` while the buyer may set it; what is allowed is decisions §6, not this.
    actions: canSetEta(record.status) ? ['edit'] : [],
  };
}

export function etaOfOrder(context: MarketplaceContext, companyId: number, workOrderId: number): Eta {
  return presentEta(context, workOrderRepository(context).findForCompany(companyId, workOrderId));
}

/**
 * PUT workorders/{id}/eta: sets mode, start, end, hour_estimate and notes while the order is
 * Assigned (otherwise 400, decisions §2's message), and the status to `set`. Checks when called;
 * the work it answers checks again when it runs (async). The events of §7 name no ETA change.
 */
export function prepareSetEta(context: MarketplaceContext, actor: Actor, workOrderId: number, input: EtaInput): () => Eta {
  const plan = () => {
    const record = workOrderRepository(context).findForCompany(actor.companyId, workOrderId);
    if (!canSetEta(record.status) || record.assigneeId === null) throw notAllowed('set the ETA', record.status);
    return record;
  };
  plan();
  return () =>
    context.db.transaction(() => {
      const record = plan();
      const now = context.clock.now();
      record.data.eta = {
        providerId: record.assigneeId ?? 0,
        mode: input.mode,
        start: parseUtc(input.start.utc),
        end: input.mode === 'between' ? parseUtc(input.end.utc) : null,
        hourEstimate: input.hour_estimate ?? null,
        notes: input.notes ?? '',
        status: 'set',
        updated: now,
        userId: actor.userId,
      };
      record.updatedAt = now;
      workOrderRepository(context).update(record);
      return presentEta(context, record);
    })();
}

/** The provider's confirm and on-my-way steps (simulated): the ETA in force takes their status. */
export function moveEtaStatus(context: MarketplaceContext, workOrderId: number, status: EtaStatusName): void {
  const repository = workOrderRepository(context);
  const record = repository.find(workOrderId);
  if (!record || record.assigneeId === null) return;
  const eta = currentEta(record);
  if (eta.status === status) return;
  const now = context.clock.now();
  record.data.eta = { ...eta, providerId: record.assigneeId, status, updated: now, userId: record.assigneeId };
  record.updatedAt = now;
  repository.update(record);
}
