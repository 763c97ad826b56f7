import { z } from 'zod';
import { ATTACHMENT_MAX_BYTES } from '../../src-shared/api/attachment';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from '../../src-shared/api/token';

/** How one marketplace server is set up. One server plays one environment. */
export const MarketplaceOptionsSchema = z.object({
  /** A SQLite file that survives restarts, or `:memory:`. */
  db: z.string().min(1).default(':memory:'),
  /** Decides the webhook service path (`webhook-sandbox` or `webhook`). */
  environment: z.enum(['sandbox', 'production']).default('sandbox'),
  tokenLifetimeSeconds: z.number().int().positive().default(ACCESS_TOKEN_LIFETIME_SECONDS),
  /** Approved orders are paid after this long (decisions §2). */
  payDelaySeconds: z.number().nonnegative().default(5),
  /** Seed the demo company into an empty database. */
  seed: z.enum(['demo', 'none']).default('demo'),
  /** Largest JSON or form body, in bytes (uploads have their own limit). */
  bodyLimitBytes: z.number().int().positive().default(1024 * 1024),
  /** Where uploaded files live: `<db file>.files/` by default, a temporary folder for `:memory:`. */
  filesDir: z.string().min(1).optional(),
  /** Uploads beyond this answer 413 (decisions §6). */
  attachmentMaxBytes: z.number().int().positive().default(ATTACHMENT_MAX_BYTES),
  /** A webhook delivery without an answer after this long counts as failed (decisions §7). */
  webhookTimeoutSeconds: z.number().positive().default(30),
  /** Finished `async=true` workers kept for `/__local/workers`; older ones are pruned. */
  asyncWorkersKept: z.number().int().positive().default(10_000),
  /** Finished deliveries (and their attempts) kept for the delivery log; older ones are pruned. */
  webhookDeliveriesKept: z.number().int().positive().default(10_000),
  /** Waits before the second and third delivery attempts (decisions §7: 1 s then 4 s). */
  webhookBackoffSeconds: z.tuple([z.number().nonnegative(), z.number().nonnegative()]).default([1, 4]),
  /** Requests per minute per access token before 429 (decisions §8); 0 turns the limit off. */
  rateLimitPerMinute: z.number().int().nonnegative().default(0),
  /** Run the provider simulation on a timer (the app's demo does; tests do not). */
  simulationTimer: z.boolean().default(false),
});

export type MarketplaceOptions = z.output<typeof MarketplaceOptionsSchema>;
export type MarketplaceOptionsInput = z.input<typeof MarketplaceOptionsSchema>;
