import { z } from 'zod';
import { ActionsSchema, TimestampInputSchema, TimestampSchema } from './common';

/** `exact` is shown in the spec; `between` and `hours` are the real service's other modes. */
export const SERVICE_WINDOW_MODES = ['exact', 'between', 'hours'] as const;
export type ServiceWindowMode = (typeof SERVICE_WINDOW_MODES)[number];

export const ServiceWindowSchema = z.looseObject({
  mode: z.string().nullish(),
  start: TimestampSchema.nullish(),
  end: TimestampSchema.nullish(),
});
export type ServiceWindow = z.infer<typeof ServiceWindowSchema>;

export const ScheduleSchema = z.looseObject({
  service_window: ServiceWindowSchema.nullish(),
  correlation_id: z.string().nullish(),
  actions: ActionsSchema.nullish(),
});
export type Schedule = z.infer<typeof ScheduleSchema>;

const ServiceWindowRangeShape = {
  start: TimestampInputSchema,
  end: TimestampInputSchema,
};

export const ServiceWindowInputSchema = z
  .discriminatedUnion('mode', [
    z.strictObject({ mode: z.literal('exact'), start: TimestampInputSchema }),
    z.strictObject({ mode: z.literal('between'), ...ServiceWindowRangeShape }),
    z.strictObject({ mode: z.literal('hours'), ...ServiceWindowRangeShape }),
  ])
  .superRefine((window, context) => {
    // The UTC form sorts as text, so no date parsing is needed.
    if (window.mode !== 'exact' && window.end.utc < window.start.utc) {
      context.addIssue({ code: 'custom', path: ['end'], message: 'The service window must not end before it starts' });
    }
  });
export type ServiceWindowInput = z.infer<typeof ServiceWindowInputSchema>;

export const ScheduleInputSchema = z.strictObject({ service_window: ServiceWindowInputSchema });
export type ScheduleInput = z.infer<typeof ScheduleInputSchema>;
