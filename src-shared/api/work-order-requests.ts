import { z } from 'zod';
import { BoundedJsonObjectSchema } from './bounded-json';
import { IdInputSchema, RichTextInputSchema, partialUpdate } from './common';
import { WorkOrderLocationInputSchema } from './location';
import { PayInputSchema } from './pay';
import { isKnownTypeOfWork, serviceTypesFor } from './reference-data';
import { ScheduleInputSchema } from './schedule';
import { SITE_REVISIT_JOB_STATUSES } from './work-order';

export const SiteRevisitInputSchema = z
  .strictObject({
    job_status: z.enum(SITE_REVISIT_JOB_STATUSES),
    revisit_count: z.number().int().nonnegative().optional(),
    incomplete_reason: z
      .strictObject({
        reason_id: z.number().int().positive(),
        reason_name: z.string().optional(),
      })
      .optional(),
  })
  .superRefine((revisit, context) => {
    if (revisit.job_status === 'incomplete' && !revisit.incomplete_reason) {
      context.addIssue({
        code: 'custom',
        path: ['incomplete_reason'],
        message: 'An incomplete site revisit needs an incomplete_reason',
      });
    }
  });
export type SiteRevisitInput = z.infer<typeof SiteRevisitInputSchema>;

const TypeOfWorkIdSchema = z.number().int().refine(isKnownTypeOfWork, 'Unknown type of work');

export const TypeOfWorkInputSchema = z.strictObject({ id: TypeOfWorkIdSchema });
export type TypeOfWorkInput = z.infer<typeof TypeOfWorkInputSchema>;

export const TypesOfWorkEntryInputSchema = z.strictObject({
  id: TypeOfWorkIdSchema,
  isPrimary: z.boolean(),
});
export type TypesOfWorkEntryInput = z.infer<typeof TypesOfWorkEntryInputSchema>;

/** The service knows a service type by id; its name is only echoed back. */
export const ServiceTypeInputSchema = z.strictObject({
  id: z.number().int().positive(),
  name: z.string().optional(),
});
export type ServiceTypeInput = z.infer<typeof ServiceTypeInputSchema>;

export const IntegrationInputSchema = z.strictObject({
  /** Unique per company: a second create with the same id answers 400 naming the existing order. */
  id: z.string().trim().min(1),
  name: z.literal('REST', { error: 'integration.name must be REST' }),
  href: z.string().optional(),
});
export type IntegrationInput = z.infer<typeof IntegrationInputSchema>;

/** Shapes the spec does not show are taken as any JSON object, within bounds. */
const UnshownObjectSchema = BoundedJsonObjectSchema;

const WorkOrderInputShape = {
  title: z.string().trim().min(1),
  require_gps: z.boolean().optional(),
  incident_id: z.string().optional(),
  site_revisit: SiteRevisitInputSchema.optional(),
  type_of_work: TypeOfWorkInputSchema.optional(),
  types_of_work: z.array(TypesOfWorkEntryInputSchema).optional(),
  service_types: z.array(ServiceTypeInputSchema).optional(),
  service_types_new: z.array(ServiceTypeInputSchema).optional(),
  client: IdInputSchema.optional(),
  project: IdInputSchema.optional(),
  /** Defaults to the API user; must be a platform user. */
  manager: IdInputSchema.optional(),
  team: IdInputSchema.optional(),
  custom_fields: UnshownObjectSchema.optional(),
  contacts: UnshownObjectSchema.optional(),
  description: RichTextInputSchema.optional(),
  confidential: RichTextInputSchema.optional(),
  tasks: UnshownObjectSchema.optional(),
  location: WorkOrderLocationInputSchema.optional(),
  schedule: ScheduleInputSchema.optional(),
  pay: PayInputSchema.optional(),
  integration: IntegrationInputSchema.optional(),
  /** Must be true for auto-dispatch, even with a selection rule on the template or project. */
  auto_dispatch: z.boolean().optional(),
};

type WorkOrderInput = Partial<z.infer<z.ZodObject<typeof WorkOrderInputShape>>>;

function typeOfWorkIds(body: WorkOrderInput): number[] {
  return [...(body.type_of_work ? [body.type_of_work.id] : []), ...(body.types_of_work ?? []).map((entry) => entry.id)];
}

const SERVICE_TYPE_KEYS = ['service_types', 'service_types_new'] as const;

/**
 * Service types depend on the type of work. Within one body: none without a
 * type of work, and each must belong to one of the types of work sent. An
 * update may send service types alone, since the order already has its type.
 */
function checkServiceTypes(body: WorkOrderInput, context: z.RefinementCtx, requireTypeOfWork: boolean): void {
  const typeIds = typeOfWorkIds(body);
  const allowed = new Set(typeIds.flatMap((id) => serviceTypesFor(id).map((serviceType) => serviceType.id)));
  for (const key of SERVICE_TYPE_KEYS) {
    const serviceTypes = body[key] ?? [];
    if (serviceTypes.length === 0) continue;
    if (typeIds.length === 0) {
      if (requireTypeOfWork) {
        context.addIssue({
          code: 'custom',
          path: [key],
          message: 'A service type cannot be sent without a type of work (type_of_work or types_of_work)',
        });
      }
      continue;
    }
    serviceTypes.forEach((serviceType, index) => {
      if (!allowed.has(serviceType.id)) {
        context.addIssue({
          code: 'custom',
          path: [key, index, 'id'],
          message: `Service type ${serviceType.id} does not belong to the type of work sent`,
        });
      }
    });
  }
}

function checkPrimaryTypeOfWork(body: WorkOrderInput, context: z.RefinementCtx): void {
  const primaries = (body.types_of_work ?? []).filter((entry) => entry.isPrimary).length;
  if (primaries > 1) {
    context.addIssue({ code: 'custom', path: ['types_of_work'], message: 'Only one type of work can be primary' });
  }
}

/** Body of POST workorders: a title is all a draft needs. */
export const WorkOrderCreateBodySchema = z.strictObject(WorkOrderInputShape).superRefine((body, context) => {
  checkServiceTypes(body, context, true);
  checkPrimaryTypeOfWork(body, context);
});
export type WorkOrderCreateBody = z.infer<typeof WorkOrderCreateBodySchema>;

/** Body of PUT workorders/{id}: partial; only the keys sent change (decisions §2). */
export const WorkOrderUpdateBodySchema = partialUpdate(WorkOrderInputShape).superRefine((body, context) => {
  checkServiceTypes(body, context, false);
  checkPrimaryTypeOfWork(body, context);
});
export type WorkOrderUpdateBody = z.infer<typeof WorkOrderUpdateBodySchema>;
