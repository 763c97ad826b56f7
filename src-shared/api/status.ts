import { z } from 'zod';
import { TimestampSchema } from './common';

/** The status table of decisions §1, in lifecycle order (Routed sits between Published and Assigned). */
export const WORK_ORDER_STATUSES = [
  { id: 1, name: 'Draft', slug: 'created' },
  { id: 2, name: 'Published', slug: 'published' },
  { id: 9, name: 'Routed', slug: 'routed' },
  { id: 3, name: 'Assigned', slug: 'assigned' },
  { id: 4, name: 'Work Done', slug: 'workdone' },
  { id: 5, name: 'Approved', slug: 'approved' },
  { id: 6, name: 'Paid', slug: 'paid' },
  { id: 7, name: 'Cancelled', slug: 'canceled' },
] as const;

export type WorkOrderStatusDefinition = (typeof WORK_ORDER_STATUSES)[number];
export type StatusId = WorkOrderStatusDefinition['id'];
export type StatusName = WorkOrderStatusDefinition['name'];
export type StatusSlug = WorkOrderStatusDefinition['slug'];

/** The slugs in the table's order, read from it so the two cannot drift; `canceled` (one l) is the service's spelling. */
export const STATUS_SLUGS: readonly StatusSlug[] = WORK_ORDER_STATUSES.map((status) => status.slug);

export const SUB_STATUSES = [
  'confirmed',
  'on_my_way',
  'checked_in',
  'checked_out',
  'at_risk',
  'delayed',
  'on_hold',
] as const;
export const SubStatusSchema = z.enum(SUB_STATUSES);
export type SubStatus = z.infer<typeof SubStatusSchema>;

export const SUB_STATUS_LABELS: Readonly<Record<SubStatus, string>> = {
  confirmed: 'Confirmed',
  on_my_way: 'On my way',
  checked_in: 'Checked in',
  checked_out: 'Checked out',
  at_risk: 'At risk',
  delayed: 'Delayed',
  on_hold: 'On hold',
};

export function statusById(id: number): WorkOrderStatusDefinition | undefined {
  return WORK_ORDER_STATUSES.find((status) => status.id === id);
}

export function statusBySlug(slug: string): WorkOrderStatusDefinition | undefined {
  return WORK_ORDER_STATUSES.find((status) => status.slug === slug);
}

export function statusByName(name: string): WorkOrderStatusDefinition | undefined {
  return WORK_ORDER_STATUSES.find((status) => status.name === name);
}

function isSubStatus(value: string): value is SubStatus {
  return (SUB_STATUSES as readonly string[]).includes(value);
}

/** Label of a sub-status; one the contract does not list is spelled out from its slug. */
export function subStatusLabel(subStatus: string): string {
  if (isSubStatus(subStatus)) return SUB_STATUS_LABELS[subStatus];
  const words = subStatus.replaceAll('_', ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** `status.display` of decisions §1: `"Assigned: Checked in"` with a sub-status, else the name. */
export function statusDisplay(status: StatusName, subStatus?: string | null): string {
  return subStatus ? `${status}: ${subStatusLabel(subStatus)}` : status;
}

/** `status.code` of decisions §1: the sub-status slug when one is set, else the status slug. */
export function statusCode(status: StatusSlug, subStatus?: string | null): string {
  return subStatus ? subStatus : status;
}

/** Answer of GET workorders/{id}/status, and the `status` key of a work order. */
export const WorkOrderStatusSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  display: z.string().nullish(),
  is_routed: z.boolean().nullish(),
  code: z.string().nullish(),
  delay: z.number().int().nullish(),
  ncns: z.boolean().nullish(),
  // The real service may send sub-statuses we do not know; `""` means none.
  sub_status: z.string().nullish(),
  confirmed: z.boolean().nullish(),
  correlation_id: z.string().nullish(),
});
export type WorkOrderStatus = z.infer<typeof WorkOrderStatusSchema>;

/** Answer of GET workorders/{id}/milestones; durations are seconds. */
export const MilestonesSchema = z.looseObject({
  time_to_dispatch: z.number().nullish(),
  time_to_work_done: z.number().nullish(),
  time_alive: z.number().nullish(),
  created: TimestampSchema.nullish(),
  published: TimestampSchema.nullish(),
  routed: TimestampSchema.nullish(),
  assigned: TimestampSchema.nullish(),
  workdone: TimestampSchema.nullish(),
  approved: TimestampSchema.nullish(),
  paid: TimestampSchema.nullish(),
  canceled: TimestampSchema.nullish(),
});
export type Milestones = z.infer<typeof MilestonesSchema>;
