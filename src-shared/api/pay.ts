import { z } from 'zod';
import { ActionsSchema, knownString } from './common';

/** `fixed` is shown in the spec; the others are the real service's pay types. */
export const PAY_TYPES = ['fixed', 'hourly', 'blended', 'device'] as const;
export const PayTypeSchema = z.enum(PAY_TYPES);
export type PayType = z.infer<typeof PayTypeSchema>;

/** A pay type as the service answers it. */
export const KnownPayTypeSchema = knownString(PAY_TYPES);

export const PayAmountSchema = z.looseObject({
  amount: z.number().nullish(),
  units: z.number().nullish(),
});
export type PayAmount = z.infer<typeof PayAmountSchema>;

export const PayTermSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).nullish(),
  explanation: z.string().nullish(),
});
export type PayTerm = z.infer<typeof PayTermSchema>;

/** A work order's pay, and the answer of GET workorders/{id}/pay (which adds `labor_sum` and `total`). */
export const PaySchema = z.looseObject({
  type: KnownPayTypeSchema.nullish(),
  base: PayAmountSchema.nullish(),
  additional: PayAmountSchema.nullish(),
  term: PayTermSchema.nullish(),
  max_pay: z.number().nullish(),
  labor_sum: z.number().nullish(),
  /** Labour plus approved expenses (decisions §6). */
  total: z.number().nullish(),
  correlation_id: z.string().nullish(),
  actions: ActionsSchema.nullish(),
});
export type Pay = z.infer<typeof PaySchema>;

export const PayAmountInputSchema = z.strictObject({
  amount: z.number().nonnegative(),
  units: z.number().positive().optional(),
});
export type PayAmountInput = z.infer<typeof PayAmountInputSchema>;

export const PayInputSchema = z.strictObject({
  type: PayTypeSchema,
  base: PayAmountInputSchema,
  additional: PayAmountInputSchema.optional(),
});
export type PayInput = z.infer<typeof PayInputSchema>;
