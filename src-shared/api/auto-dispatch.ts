import { z } from 'zod';
import { ActionsSchema, TimestampSchema, UserSummarySchema } from './common';

/** Body of POST workorders/auto_dispatch. */
export const AutoDispatchBodySchema = z.strictObject({
  work_order_ids: z.array(z.number().int().positive()).min(1),
  selection_rule_id: z.number().int().positive().optional(),
  delay: z.number().int().nonnegative().optional(),
  w2_skippub: z.boolean().optional(),
  w2_failswitch: z.boolean().optional(),
  should_route: z.boolean().optional(),
});
export type AutoDispatchBody = z.infer<typeof AutoDispatchBodySchema>;

export const AUTO_DISPATCH_WORKER_TYPE = 'AUTODISP';

/**
 * Work the service does in the background: auto-dispatch, and any operation
 * called with `async=true` (decisions §6), hence `type` is not fixed here.
 */
export const BackgroundWorkerSchema = z.looseObject({
  id: z.number().int(),
  type: z.string().nullish(),
  user: UserSummarySchema.nullish(),
  created: TimestampSchema.nullish(),
  /** For example `in_progress`. */
  status: z.string().nullish(),
  /** Names the request the worker carries out. */
  request: z.string().nullish(),
  payload: z
    .looseObject({
      query: z.array(z.unknown()).nullish(),
      body: z.unknown().optional(),
      additional_params: z.array(z.unknown()).nullish(),
    })
    .nullish(),
  response: z.unknown().optional(),
  correlation_id: z.string().nullish(),
  actions: ActionsSchema.nullish(),
});
export type BackgroundWorker = z.infer<typeof BackgroundWorkerSchema>;

/** Answer of auto-dispatch and of every `async=true` call. */
export const WorkerAnswerSchema = z.looseObject({ __worker: BackgroundWorkerSchema });
export type WorkerAnswer = z.infer<typeof WorkerAnswerSchema>;
