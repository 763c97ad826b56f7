import { z } from 'zod';
import { flexibleList, knownString, partialUpdate } from './common';
import { WorkOrderSchema } from './work-order';

/** Path prefixes of the webhook service below {webhook_url}; it is version 1. */
export const WEBHOOK_PATH_PREFIXES = {
  sandbox: '/v1/webhook-sandbox/webhooks',
  production: '/v1/webhook/webhooks',
} as const;

/** The webhook service takes this header instead of `access_token`. */
export const WEBHOOK_TOKEN_HEADER = 'svc-token';
/** Carried by deliveries of a webhook that has a secret: md5 hex of secret + raw body. */
export const WEBHOOK_SIGNATURE_HEADER = 'Svc-Hash';
/** Attempts in total, the first included. */
export const WEBHOOK_DELIVERY_ATTEMPTS = 3;

/** Event names of decisions §7. */
export const WEBHOOK_EVENTS = [
  'workorder.created',
  'workorder.status.draft',
  'workorder.status.published',
  'workorder.status.routed',
  'workorder.routed',
  'workorder.requested',
  'workorder.declined',
  'workorder.status.assigned',
  'workorder.status.confirmed',
  'workorder.status.assigned_cancelled',
  'workorder.status.on_my_way',
  'workorder.status.checked_in',
  'workorder.status.checked_out',
  'workorder.status.work_done',
  'workorder.status.approved',
  'workorder.status.paid',
  /** Sent when an order is cancelled. */
  'workorder.status.deleted',
  'workorder.status.at_risk',
  'workorder.status.delayed',
  'workorder.message_posted',
  'workorder.provider_upload',
  'workorder.schedule_updated',
  'workorder.tag_added',
  'workorder.tag_removed',
  'workorder.task_completed',
  'workorder.task_incomplete',
  'workorder.part_updated',
  'workorder.custom_field_value_updated',
] as const;
export const WebhookEventSchema = z.enum(WEBHOOK_EVENTS);
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;

export const WEBHOOK_METHODS = ['POST', 'PUT'] as const;
export const WebhookMethodSchema = z.enum(WEBHOOK_METHODS);
export type WebhookMethod = z.infer<typeof WebhookMethodSchema>;

export const WebhookIdSchema = z.string().regex(/^[0-9a-f]{24}$/i, 'A webhook id is 24 hex characters');

export const WebhookSchema = z.looseObject({
  _id: WebhookIdSchema,
  company_id: z.number().int().nullish(),
  url: z.string(),
  method: knownString(WEBHOOK_METHODS).nullish(),
  active: z.boolean().nullish(),
  secret: z.string().nullish(),
  /** `[]` means every event. */
  events: z.array(knownString(WEBHOOK_EVENTS)).nullish(),
  no_retries: z.boolean().nullish(),
  created: z.string().nullish(),
  updated: z.string().nullish(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

/**
 * A webhook as main hands it to the renderer: the secret is write-only, so only whether one is set
 * crosses IPC. `secret` may not appear at all: the dispatcher checks every answer against this, so a
 * secret that slipped through would fail the call instead of reaching the screen.
 */
export const WebhookSummarySchema = WebhookSchema.omit({ secret: true }).extend({ secret: z.never().optional(), has_secret: z.boolean() });
export type WebhookSummary = z.infer<typeof WebhookSummarySchema>;

/** The webhook without its secret, saying only whether it has one. */
export function summarizeWebhook({ secret, ...webhook }: Webhook): WebhookSummary {
  return { ...webhook, has_secret: typeof secret === 'string' && secret !== '' };
}

/** Answer of GET /company/{company_id}; the spec does not show its shape. */
export const WebhookListSchema = flexibleList(WebhookSchema);
export type WebhookList = z.infer<typeof WebhookListSchema>;

const WebhookInputShape = {
  url: z.url({ protocol: /^https?$/, error: 'The webhook url must be an http or https URL' }),
  method: WebhookMethodSchema,
  active: z.boolean(),
  events: z
    .array(WebhookEventSchema)
    .refine((events) => new Set(events).size === events.length, 'Events must not repeat'),
  secret: z.string().min(1).optional(),
  /** When true, only a 404 answer is resent. */
  no_retries: z.boolean().optional(),
};

/** Body of POST / (create). */
export const WebhookCreateBodySchema = z.strictObject({
  ...WebhookInputShape,
  company_id: z.number().int().positive().optional(),
});
export type WebhookCreateBody = z.infer<typeof WebhookCreateBodySchema>;

/** Body of PUT /{webhook_id}: partial; `events` replaces the whole list. */
export const WebhookUpdateBodySchema = partialUpdate(WebhookInputShape);
export type WebhookUpdateBody = z.infer<typeof WebhookUpdateBodySchema>;

/** What a delivery posts to the receiving endpoint (decisions §7). */
export const WebhookDeliverySchema = z.looseObject({
  event: z.looseObject({
    name: knownString(WEBHOOK_EVENTS),
    params: z
      .looseObject({
        work_order_id: z.number().int().nullish(),
        status_id: z.number().int().nullish(),
        previous_status_id: z.number().int().nullish(),
      })
      .nullish(),
  }),
  /** ISO 8601. */
  timestamp: z.string().nullish(),
  triggered_by_user: z.looseObject({ id: z.number().int().nullish() }).nullish(),
  workorder: WorkOrderSchema.nullish(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

/** Where a delivery stands now, whichever attempt it is on. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/**
 * One delivery attempt as the local marketplace's log keeps it (decisions §9, `GET
 * /__local/webhooks/deliveries`); the real service keeps no log a client can read.
 */
export const WebhookDeliveryAttemptSchema = z.looseObject({
  id: z.number().int(),
  delivery_id: z.number().int(),
  webhook_id: z.string(),
  event: z.string(),
  work_order_id: z.number().int().nullable(),
  /** 1 for the first try; a resend counts up to WEBHOOK_DELIVERY_ATTEMPTS. */
  attempt: z.number().int(),
  url: z.string(),
  /** Null when there was no answer: see `error`. */
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
  /** The delivery's status now, whichever attempt this was. */
  delivery_status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  /** ISO 8601, on the marketplace clock. */
  at: z.string(),
});
export type WebhookDeliveryAttempt = z.infer<typeof WebhookDeliveryAttemptSchema>;

/** Answer of GET /__local/webhooks/deliveries. */
export const WebhookDeliveryLogPageSchema = z.looseObject({
  results: z.array(WebhookDeliveryAttemptSchema),
  metadata: z.looseObject({ total: z.number().int() }),
});
