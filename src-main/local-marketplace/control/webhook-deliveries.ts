import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PageNumberSchema, integerField } from '../../../src-shared/api/form-fields';
import { WEBHOOK_DELIVERY_STATUSES, WebhookDeliveryAttemptSchema, WebhookEventSchema, WebhookIdSchema } from '../../../src-shared/api/webhook';
import type { MarketplaceContext } from '../context';
import { IdParam, route, type RouteRegistry } from '../http/route';
import { preparedStatement } from '../store/database';

const LARGEST_PAGE = 500;

const DeliveryLogQuerySchema = z.object({
  webhook_id: WebhookIdSchema.optional(),
  event: WebhookEventSchema.optional(),
  work_order_id: IdParam.optional(),
  /** The delivery's status now, whichever attempt it was. */
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
  page: PageNumberSchema.default(1),
  per_page: integerField(z.number().int().positive().max(LARGEST_PAGE)).default(100),
});

const DeliveryLogSchema = z.object({
  results: z.array(WebhookDeliveryAttemptSchema),
  metadata: z.object({ total: z.number().int(), page: z.number().int(), per_page: z.number().int() }),
});

interface AttemptRow {
  id: number;
  delivery_id: number;
  webhook_id: string;
  event: string;
  work_order_id: number | null;
  attempt: number;
  url: string;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  delivery_status: (typeof WEBHOOK_DELIVERY_STATUSES)[number];
  at: number;
}

/**
 * Every webhook delivery attempt, newest first (the real service shows none): what was sent where,
 * and how the receiver answered, so an integrator can see why a delivery failed. A queued delivery
 * appears with its first attempt.
 */
export function registerWebhookDeliveryRoutes(app: FastifyInstance, context: MarketplaceContext, registry: RouteRegistry): void {
  route(
    app,
    registry,
    {
      method: 'GET',
      url: '/webhooks/deliveries',
      summary: 'Webhook delivery attempts, newest first, optionally filtered',
      tag: 'Local control plane',
      query: DeliveryLogQuerySchema,
      response: DeliveryLogSchema,
      handler: ({ query }) => {
        // Absent filters bind null and match everything, so one statement serves every combination.
        const filters = { webhook: query.webhook_id?.toLowerCase() ?? null, event: query.event ?? null, workOrder: query.work_order_id ?? null, status: query.status ?? null };
        const where = `FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
          WHERE (@webhook IS NULL OR d.webhook_id = @webhook) AND (@event IS NULL OR d.event = @event)
            AND (@workOrder IS NULL OR d.work_order_id = @workOrder) AND (@status IS NULL OR d.status = @status)`;
        const { total } = preparedStatement(context, `SELECT COUNT(*) AS total ${where}`).get(filters) as { total: number };
        const rows = preparedStatement(
          context,
          `SELECT a.id, a.delivery_id, d.webhook_id, d.event, d.work_order_id, a.attempt, a.url, a.status_code, a.duration_ms, a.error,
             d.status AS delivery_status, a.at
           ${where} ORDER BY a.at DESC, a.id DESC LIMIT @limit OFFSET @offset`,
        ).all({ ...filters, limit: query.per_page, offset: (query.page - 1) * query.per_page }) as AttemptRow[];
        return {
          results: rows.map((row) => ({ ...row, at: new Date(row.at).toISOString() })),
          metadata: { total, page: query.page, per_page: query.per_page },
        };
      },
    },
    { authenticated: false },
  );
}
