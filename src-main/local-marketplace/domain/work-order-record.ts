import { statusBySlug, type StatusSlug, type SubStatus, type WorkOrderStatusDefinition } from '../../../src-shared/api/status';
import type { CancelBody } from '../../../src-shared/api/transitions';
import type { WorkOrderCreateBody } from '../../../src-shared/api/work-order-requests';
import { parseUtc } from '../http/timestamp';
import type { StoredEta } from './work-order-eta';

/** A saved location's address as it was when chosen; shown if the location is deleted later. */
export interface AddressSnapshot {
  name?: string | null;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  country?: string | null;
}

/** What a work order keeps in its `data` JSON: the fields as the buyer sent them, and its history. */
export interface WorkOrderData {
  fields: WorkOrderCreateBody;
  savedAddress?: AddressSnapshot;
  /** Epoch ms of the first entry into each state (decisions §2). */
  milestones: Partial<Record<StatusSlug, number>>;
  /** Where a routed order goes back to when its last route closes. */
  routedFrom?: 'created' | 'published';
  /** The assigned provider confirmed; stays true through later sub-statuses. */
  confirmed: boolean;
  /** Seconds late, reported with the `delayed` sub-status. */
  delay: number;
  cancellation?: CancelBody;
  /** The technician's ETA, as set for one assignee (decisions §6). */
  eta?: StoredEta;
}

export interface WorkOrderRecord {
  id: number;
  companyId: number;
  status: StatusSlug;
  subStatus: SubStatus | '';
  createdAt: number;
  updatedAt: number;
  assigneeId: number | null;
  data: WorkOrderData;
}

export function statusOf(slug: StatusSlug): WorkOrderStatusDefinition {
  const status = statusBySlug(slug);
  if (!status) throw new Error(`Unknown status ${slug}`);
  return status;
}

export const statusIdOf = (slug: StatusSlug): number => statusOf(slug).id;

/** The primary type of work: the one marked primary, else the first, else the deprecated single one. */
export function primaryTypeOfWorkId(fields: WorkOrderCreateBody): number | null {
  const types = fields.types_of_work ?? [];
  return (types.find((entry) => entry.isPrimary) ?? types[0])?.id ?? fields.type_of_work?.id ?? null;
}

/** Every type of work the order names, primary first. */
export function typeOfWorkIds(fields: WorkOrderCreateBody): number[] {
  const primary = primaryTypeOfWorkId(fields);
  const all = [...(fields.types_of_work ?? []).map((entry) => entry.id), ...(fields.type_of_work ? [fields.type_of_work.id] : [])];
  return [...new Set(primary === null ? all : [primary, ...all])];
}

/** The address the order is served at: its own, or its saved location's. */
export function addressOf(record: Pick<WorkOrderRecord, 'data'>): AddressSnapshot | undefined {
  const location = record.data.fields.location;
  if (!location) return undefined;
  return location.mode === 'custom' ? location : record.data.savedAddress;
}

export function scheduleStart(fields: WorkOrderCreateBody): number | null {
  const start = fields.schedule?.service_window.start.utc;
  return start ? parseUtc(start) : null;
}
