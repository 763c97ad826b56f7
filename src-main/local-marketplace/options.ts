import { z } from 'zod';
import { ATTACHMENT_MAX_BYTES } from '../../src-shared/api/attachment';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from '../../src-shared/api/token';
import { HostNameSchema } from '../platform/loopback-hosts';

/** Refresh tokens live 30 days unless told otherwise (ours: decisions §4 names no lifetime). */
const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;

/** How one marketplace server is set up. One server plays one environment. */
export const MarketplaceOptionsSchema = z.object({
  /** A SQLite file that survives restarts, or `:memory:`. */
  db: z.string().min(1).default(':memory:'),
  /** Decides the webhook service path (`webhook-sandbox` or `webhook`). */
  environment: z.enum(['sandbox', 'production']).default('sandbox'),
  tokenLifetimeSeconds: z.number().int().positive().default(ACCESS_TOKEN_LIFETIME_SECONDS),
  /** A refresh token is refused this long after its pair was issued (each refresh starts anew). */
  refreshTokenTtlSeconds: z.number().int().positive().default(REFRESH_TOKEN_TTL_SECONDS),
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
  /** Host names answered besides 127.0.0.1, localhost and [::1] (a name in /etc/hosts, a proxy's). */
  allowedHosts: z.array(HostNameSchema).max(100).default([]),
  /** A client must finish its request line and headers within this long. */
  headersTimeoutSeconds: z.number().positive().default(10),
  /** A connection where neither side sends anything for this long is closed (a silent body too). */
  idleTimeoutSeconds: z.number().positive().default(30),
  /** A kept-alive connection with no next request is closed after this long. */
  keepAliveTimeoutSeconds: z.number().positive().default(5),
  /** The whole request (headers and body) must arrive within this long; 0: no limit (see http/server-timeouts.ts). */
  requestTimeoutSeconds: z.number().nonnegative().default(3600),
}).refine((options) => options.requestTimeoutSeconds === 0 || options.headersTimeoutSeconds <= options.requestTimeoutSeconds, {
  message: 'headersTimeoutSeconds cannot be longer than requestTimeoutSeconds',
  path: ['headersTimeoutSeconds'],
});

export type MarketplaceOptions = z.output<typeof MarketplaceOptionsSchema>;
export type MarketplaceOptionsInput = z.input<typeof MarketplaceOptionsSchema>;
