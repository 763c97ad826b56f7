import { z } from 'zod';
import { ActionsSchema, TimestampInputSchema, TimestampSchema, UserSummarySchema, knownString } from './common';
import { jsonField } from './form-fields';

/** `ETA.mode` and `ETAStatus.name` of the real service's models (decisions §6). */
export const ETA_MODES = ['exact', 'between', 'hours'] as const;
export type EtaMode = (typeof ETA_MODES)[number];
export const ETA_STATUS_NAMES = ['unconfirmed', 'set', 'confirmed', 'readytogo', 'onmyway'] as const;
export type EtaStatusName = (typeof ETA_STATUS_NAMES)[number];

/** GET workorders/{id}/eta, and the order's `eta` key. Read loosely: only the marketplace's own values are listed. */
export const EtaSchema = z.looseObject({
  work_order_id: z.number().int().nullish(),
  mode: knownString(ETA_MODES).nullish(),
  start: TimestampSchema.nullish(),
  end: TimestampSchema.nullish(),
  hour_estimate: z.number().nullish(),
  notes: z.string().nullish(),
  status: z
    .looseObject({
      name: knownString(ETA_STATUS_NAMES).nullish(),
      updated: TimestampSchema.nullish(),
    })
    .nullish(),
  user: UserSummarySchema.nullish(),
  actions: ActionsSchema.nullish(),
});
export type Eta = z.infer<typeof EtaSchema>;

const HourEstimateSchema = z.number().positive().max(1000);
const EtaNotesSchema = z.string().max(10_000);

/**
 * What a buyer sets: when the technician arrives. `exact` is a moment, `between` a window that
 * does not end before it starts, `hours` a start and how many hours the work takes.
 */
export const EtaInputSchema = z
  .discriminatedUnion('mode', [
    z.strictObject({ mode: z.literal('exact'), start: TimestampInputSchema, hour_estimate: HourEstimateSchema.optional(), notes: EtaNotesSchema.optional() }),
    z.strictObject({ mode: z.literal('between'), start: TimestampInputSchema, end: TimestampInputSchema, hour_estimate: HourEstimateSchema.optional(), notes: EtaNotesSchema.optional() }),
    z.strictObject({ mode: z.literal('hours'), start: TimestampInputSchema, hour_estimate: HourEstimateSchema, notes: EtaNotesSchema.optional() }),
  ])
  .superRefine((eta, context) => {
    // The UTC form sorts as text, so no date parsing is needed.
    if (eta.mode === 'between' && eta.end.utc < eta.start.utc) context.addIssue({ code: 'custom', path: ['end'], message: 'The ETA window must not end before it starts' });
  });
export type EtaInput = z.infer<typeof EtaInputSchema>;

/** Body of PUT workorders/{id}/eta: `eta={...}`, a JSON value or a JSON string in a form field. */
export const EtaBodySchema = z.strictObject({ eta: jsonField(EtaInputSchema) });
export type EtaBody = z.infer<typeof EtaBodySchema>;
