import { WEBHOOK_DELIVERY_ATTEMPTS } from '../../../src-shared/api/webhook';
import type { MarketplaceContext } from '../context';
import type { DomainEvent } from '../domain-events';
import { preparedStatement } from '../store/database';
import { deliveryBody } from './delivery-body';
import { activeWebhooksFor } from './registrations';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** The oldest pending delivery of one webhook, with what sending it needs. */
export interface DeliveryHead {
  id: number;
  webhookId: string;
  body: string;
  attempts: number;
  nextAttemptAt: number;
  createdAt: number;
  url: string;
  method: string;
  secret: string | null;
  noRetries: boolean;
  active: boolean;
}

/** What one attempt ended with: an answer's status, or an error instead (no connection, no answer in time). */
export interface AttemptOutcome {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/**
 * Queues the event for every matching active webhook of its company, in one transaction and before
 * any network I/O, so a crash right after the change still delivers it. Answers how many it queued.
 */
export function enqueueDeliveries(context: MarketplaceContext, event: DomainEvent): number {
  const webhooks = activeWebhooksFor(context, event.companyId, event.name);
  if (webhooks.length === 0) return 0;
  const body = deliveryBody(context, event);
  const now = context.clock.now();
  const insert = preparedStatement(
    context,
    `INSERT INTO webhook_deliveries (webhook_id, event, work_order_id, body, status, attempts, next_attempt_at, created_at)
     VALUES (?, ?, ?, ?, 'pending', 0, ?, ?)`,
  );
  context.db.transaction(() => {
    for (const webhook of webhooks) insert.run(webhook.id, event.name, event.workOrderId, body, now, now);
  })();
  return webhooks.length;
}

interface HeadRow {
  id: number;
  webhook_id: string;
  body: string;
  attempts: number;
  next_attempt_at: number;
  created_at: number;
  url: string;
  method: string;
  secret: string | null;
  no_retries: number;
  active: number;
}

/**
 * The head of each webhook's queue: its lowest pending id. Only a head is ever sent, and it stays
 * pending through its retries, so a webhook's deliveries go out in event order.
 */
export function pendingHeads(context: MarketplaceContext): DeliveryHead[] {
  const rows = preparedStatement(
    context,
    `SELECT d.id, d.webhook_id, d.body, d.attempts, d.next_attempt_at, d.created_at, w.url, w.method, w.secret, w.no_retries, w.active
     FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
     WHERE d.id IN (SELECT MIN(id) FROM webhook_deliveries WHERE status = 'pending' GROUP BY webhook_id)
     ORDER BY d.next_attempt_at, d.id`,
  ).all() as HeadRow[];
  return rows.map((row) => ({
    id: row.id,
    webhookId: row.webhook_id,
    body: row.body,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    createdAt: row.created_at,
    url: row.url,
    method: row.method,
    secret: row.secret,
    noRetries: row.no_retries !== 0,
    active: row.active !== 0,
  }));
}

/**
 * Decisions §7: a 2xx answer delivers; anything else (another status, no connection, no answer)
 * is resent after the backoff, up to three attempts in all, except that with `no_retries` only a
 * 404 is resent.
 */
export function nextState(context: MarketplaceContext, head: DeliveryHead, outcome: AttemptOutcome): { status: DeliveryStatus; nextAttemptAt: number } {
  const now = context.clock.now();
  const attempt = head.attempts + 1;
  if (outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300) return { status: 'delivered', nextAttemptAt: now };
  const resendable = !head.noRetries || outcome.statusCode === 404;
  if (!resendable || attempt >= WEBHOOK_DELIVERY_ATTEMPTS) return { status: 'failed', nextAttemptAt: now };
  const backoffSeconds = context.options.webhookBackoffSeconds[attempt - 1] ?? 0;
  return { status: 'pending', nextAttemptAt: now + Math.round(backoffSeconds * 1000) };
}

/**
 * Records an attempt and moves its delivery on, together. Only if the delivery is still the one
 * that was sent: a webhook deleted meanwhile (its deliveries cascade away) or a reset of the
 * database (ids start again) makes the outcome belong to nothing, and it is dropped.
 */
export function recordAttempt(
  context: MarketplaceContext,
  head: DeliveryHead,
  outcome: AttemptOutcome,
  next: { status: DeliveryStatus; nextAttemptAt: number },
): void {
  const attempt = head.attempts + 1;
  const moveOn = preparedStatement(
    context,
    `UPDATE webhook_deliveries SET status = ?, attempts = ?, next_attempt_at = ?
     WHERE id = ? AND status = 'pending' AND attempts = ? AND created_at = ? AND webhook_id = ?`,
  );
  const insert = preparedStatement(
    context,
    'INSERT INTO webhook_attempts (delivery_id, attempt, url, status_code, duration_ms, error, at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  // Each delivery keeps the whole order it sent: without a bound the log would grow for ever.
  // Only finished ones go, the oldest first, with their attempts (ON DELETE CASCADE).
  const prune = preparedStatement(
    context,
    `DELETE FROM webhook_deliveries WHERE status != 'pending' AND id <= (
       SELECT id FROM webhook_deliveries WHERE status != 'pending' ORDER BY id DESC LIMIT 1 OFFSET ?)`,
  );
  context.db.transaction(() => {
    const moved = moveOn.run(next.status, attempt, next.nextAttemptAt, head.id, head.attempts, head.createdAt, head.webhookId).changes;
    if (moved !== 1) return;
    insert.run(head.id, attempt, head.url, outcome.statusCode, Math.round(outcome.durationMs), outcome.error, context.clock.now());
    if (next.status !== 'pending') prune.run(context.options.webhookDeliveriesKept);
  })();
}
