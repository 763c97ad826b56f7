import { z } from 'zod';
import { ActionsSchema, TimestampSchema, UserSummarySchema } from './common';

/** Swap request ids are strings, unlike the other path ids. */
export const SwapRequestIdSchema = z.string().trim().min(1);
export type SwapRequestId = z.infer<typeof SwapRequestIdSchema>;

/** Answer of POST workorders/{id}/swaps/{swap_request_id}/accept and /decline. */
export const SwapAnswerSchema = z.looseObject({ success: z.boolean() });
export type SwapAnswer = z.infer<typeof SwapAnswerSchema>;

/**
 * A swap request as the local marketplace lists it *(ours)*: the spec names only accept and
 * decline, whose answer is `{success}`; the buyer needs the list to learn the ids.
 */
export const SwapSchema = z.looseObject({
  id: z.string(),
  work_order: z.looseObject({ id: z.number().int() }),
  from: UserSummarySchema,
  to: UserSummarySchema,
  status: z.enum(['pending', 'accepted', 'declined']),
  notes: z.string(),
  created: TimestampSchema,
  decided: TimestampSchema.nullable(),
  actions: ActionsSchema,
});
export type Swap = z.infer<typeof SwapSchema>;
