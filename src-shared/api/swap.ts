import { z } from 'zod';

/** Swap request ids are strings, unlike the other path ids. */
export const SwapRequestIdSchema = z.string().trim().min(1);
export type SwapRequestId = z.infer<typeof SwapRequestIdSchema>;

/** Answer of POST workorders/{id}/swaps/{swap_request_id}/accept and /decline. */
export const SwapAnswerSchema = z.looseObject({ success: z.boolean() });
export type SwapAnswer = z.infer<typeof SwapAnswerSchema>;
