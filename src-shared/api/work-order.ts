import { z } from 'zod';
import { ActionsSchema, NamedReferenceSchema, RichTextSchema } from './common';
import { AttachmentFolderListSchema } from './attachment';
import { EtaSchema } from './eta';
import { ClientManagerSchema, ClientSchema } from './client';
import { TagListSchema } from './company';
import { WorkOrderLocationSchema } from './location';
import { MessageListSchema } from './message';
import { PaySchema } from './pay';
import { ProblemsAnswerSchema } from './problem';
import { ScheduleSchema } from './schedule';
import { ShipmentListSchema } from './shipment';
import { WorkOrderStatusSchema } from './status';
import { TimeLogListSchema } from './time-log';

export const SITE_REVISIT_JOB_STATUSES = ['incomplete', 'complete'] as const;

export const SiteRevisitSchema = z.looseObject({
  job_status: z.string().nullish(),
  revisit_count: z.number().int().nullish(),
  incomplete_reason: z
    .looseObject({
      reason_id: z.number().int().nullish(),
      reason_name: z.string().nullish(),
    })
    .nullish(),
});
export type SiteRevisit = z.infer<typeof SiteRevisitSchema>;

export const WorkOrderTypeOfWorkSchema = z.looseObject({
  id: z.number().int(),
  isPrimary: z.boolean().nullish(),
});
export type WorkOrderTypeOfWork = z.infer<typeof WorkOrderTypeOfWorkSchema>;

/** The order's owner: a client manager whose id the spec requires (`manager: {id}`). */
export const WorkOrderManagerSchema = ClientManagerSchema.extend({ id: z.number().int() });
export type WorkOrderManager = z.infer<typeof WorkOrderManagerSchema>;

export const WorkOrderIntegrationSchema = z.looseObject({
  // A string in the spec; the real service's client types it as a number.
  id: z.union([z.string(), z.number()]).nullish(),
  name: z.string().nullish(),
  /** URL template of the order on the external site. */
  href: z.string().nullish(),
});
export type WorkOrderIntegration = z.infer<typeof WorkOrderIntegrationSchema>;

/**
 * A work order as the service answers it. Sub-resources embedded here may come
 * without their list metadata, hence `.partial()` on their envelopes. Keys the
 * spec lists without a shape are optional `z.unknown()`.
 */
export const WorkOrderSchema = z.looseObject({
  id: z.number().int(),
  work_order_id: z.number().int().nullish(),
  title: z.string().nullish(),
  require_gps: z.boolean().nullish(),
  incident_id: z.string().nullish(),
  site_revisit: SiteRevisitSchema.nullish(),
  /** To be replaced by `types_of_work`. */
  type_of_work: NamedReferenceSchema.nullish(),
  types_of_work: z.array(WorkOrderTypeOfWorkSchema).nullish(),
  /** To be replaced by `service_types_new`. */
  service_types: z.array(NamedReferenceSchema).nullish(),
  service_types_new: z.array(NamedReferenceSchema).nullish(),
  client: ClientSchema.nullish(),
  project: NamedReferenceSchema.nullish(),
  manager: WorkOrderManagerSchema.nullish(),
  team: NamedReferenceSchema.nullish(),
  custom_fields: z.unknown().optional(),
  contacts: z.unknown().optional(),
  /** Public: shown while unassigned. */
  description: RichTextSchema.nullish(),
  /** Shown once assigned. */
  confidential: RichTextSchema.nullish(),
  tasks: z.unknown().optional(),
  location: WorkOrderLocationSchema.nullish(),
  schedule: ScheduleSchema.nullish(),
  pay: PaySchema.nullish(),
  shipments: ShipmentListSchema.partial().nullish(),
  status: WorkOrderStatusSchema.nullish(),
  messages: MessageListSchema.partial().nullish(),
  tags: TagListSchema.partial().nullish(),
  problems: ProblemsAnswerSchema.nullish(),
  attachments: AttachmentFolderListSchema.partial().nullish(),
  time_logs: TimeLogListSchema.partial().nullish(),
  eta: EtaSchema.nullish(),
  integration: WorkOrderIntegrationSchema.nullish(),
  auto_dispatch: z.boolean().nullish(),
  networks: z.unknown().optional(),
  signatures: z.unknown().optional(),
  publish_stats: z.unknown().optional(),
  requests: z.unknown().optional(),
  allow_counter_offers: z.boolean().nullish(),
  is_user_declined: z.boolean().nullish(),
  routes: z.unknown().optional(),
  qualifications: z.unknown().optional(),
  ratings: z.unknown().optional(),
  bundle: z.unknown().optional(),
  auto_dispatch_stats: z.unknown().optional(),
  conflicts: z.array(z.unknown()).nullish(),
  holds: z.unknown().optional(),
  company: z.unknown().optional(),
  w2: z.boolean().nullish(),
  import_id: z.number().int().nullish(),
  printable: z.boolean().nullish(),
  assignee: z.unknown().optional(),
  swaps: z.unknown().optional(),
  // Rich text in the real service's client; a client's override of it is a plain string.
  policy_and_procedures: z.union([RichTextSchema, z.string()]).nullish(),
  standard_instructions: z.union([RichTextSchema, z.string()]).nullish(),
  progress: z.unknown().optional(),
  role: z.unknown().optional(),
  workflow_completion: z.unknown().optional(),
  actions: ActionsSchema.nullish(),
  correlation_id: z.string().nullish(),
  /** The order in the web application. */
  href: z.string().nullish(),
  closing_notes: z.string().nullish(),
  tasks_enabled: z.boolean().nullish(),
  workflow_publish_or_route: z.unknown().optional(),
  workflow_cancel: z.unknown().optional(),
});
export type WorkOrder = z.infer<typeof WorkOrderSchema>;
export type WorkOrderKey = keyof typeof WorkOrderSchema.shape;

/** Every top-level key the spec lists for a work order; a full GET answers all of them. */
export const WORK_ORDER_TOP_LEVEL_KEYS: readonly WorkOrderKey[] = Object.freeze(
  Object.keys(WorkOrderSchema.shape) as WorkOrderKey[],
);

/** Answer of POST workorders: at least the new id and its status (Draft). */
export const WorkOrderCreatedSchema = z.looseObject({
  id: z.number().int(),
  status: WorkOrderStatusSchema.pick({ id: true, name: true }).loose(),
});
export type WorkOrderCreated = z.infer<typeof WorkOrderCreatedSchema>;
