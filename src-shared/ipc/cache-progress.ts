import { z } from 'zod';

/**
 * How far opening the offline cache has come after an update whose migration rewrites every order
 * (the search index rebuilt: 30 s at a million orders). Sent per batch, then once `finished`.
 */
export const CacheProgressSchema = z.strictObject({
  /** What runs, in the coordinator's words: "Rebuilding the search index". */
  label: z.string(),
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  finished: z.boolean(),
});
export type CacheProgress = z.infer<typeof CacheProgressSchema>;
