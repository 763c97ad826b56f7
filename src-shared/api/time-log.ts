import { z } from 'zod';
import { ActionsSchema, TimestampSchema, listEnvelope } from './common';

/** Time a provider logged on site; written by the provider, read-only for the buyer. */
export const TimeLogSchema = z.looseObject({
  id: z.number().int(),
  in: TimestampSchema.nullish(),
  out: TimestampSchema.nullish(),
  hours: z.number().nullish(),
  verified: z.boolean().nullish(),
  actions: ActionsSchema.nullish(),
});
export type TimeLog = z.infer<typeof TimeLogSchema>;

/** Answer of GET workorders/{id}/time_logs (and the `time_logs` of a work order). */
export const TimeLogListSchema = listEnvelope(TimeLogSchema);
export type TimeLogList = z.infer<typeof TimeLogListSchema>;
