import { randomBytes } from 'node:crypto';
import type { WebhookEvent, WebhookMethod } from '../../../src-shared/api/webhook';
import type { MarketplaceContext } from '../context';
import { preparedStatement } from '../store/database';

/**
 * What a webhook is registered with; the service's body schemas have checked every value. A type,
 * not an interface: a record must pass as the shared schema's loose object.
 */
export type WebhookSettings = {
  url: string;
  method: WebhookMethod;
  active: boolean;
  /** Signs deliveries when set (decisions §7); null when the webhook has none. */
  secret: string | null;
  /** `[]` means every event. */
  events: WebhookEvent[];
  no_retries: boolean;
};

/** A webhook as the service answers it (decisions §7); `created` and `updated` are ISO 8601. */
export type WebhookRecord = { _id: string; company_id: number } & WebhookSettings & { created: string; updated: string };

/** What a delivery needs to know about a webhook that wants an event. */
export interface ActiveWebhook {
  id: string;
  url: string;
  method: WebhookMethod;
  secret: string | null;
  no_retries: boolean;
}

interface WebhookRow {
  id: string;
  company_id: number;
  url: string;
  method: WebhookMethod;
  active: number;
  secret: string | null;
  events: string;
  no_retries: number;
  created_at: number;
  updated_at: number;
}

const COLUMNS = 'id, company_id, url, method, active, secret, events, no_retries, created_at, updated_at';

/** 24 lowercase hex characters, the shape of the real service's ids (a MongoDB ObjectId's). */
function newWebhookId(): string {
  return randomBytes(12).toString('hex');
}

function settingsOf(row: WebhookRow): WebhookSettings {
  return {
    url: row.url,
    method: row.method,
    active: row.active === 1,
    secret: row.secret,
    events: JSON.parse(row.events) as WebhookEvent[],
    no_retries: row.no_retries === 1,
  };
}

function present(row: WebhookRow): WebhookRecord {
  return {
    _id: row.id,
    company_id: row.company_id,
    ...settingsOf(row),
    created: new Date(row.created_at).toISOString(),
    updated: new Date(row.updated_at).toISOString(),
  };
}

function findRow(context: MarketplaceContext, companyId: number, id: string): WebhookRow | undefined {
  // Another company's webhook is looked up like a missing one: it must stay invisible.
  return preparedStatement(context, `SELECT ${COLUMNS} FROM webhooks WHERE id = ? AND company_id = ?`).get(id, companyId) as WebhookRow | undefined;
}

export function createWebhook(context: MarketplaceContext, companyId: number, settings: WebhookSettings): WebhookRecord {
  const id = newWebhookId();
  const now = context.clock.now();
  preparedStatement(
    context,
    `INSERT INTO webhooks (${COLUMNS}) VALUES (@id, @company_id, @url, @method, @active, @secret, @events, @no_retries, @created_at, @updated_at)`,
  ).run({ id, company_id: companyId, ...toColumns(settings), created_at: now, updated_at: now });
  return present(findRow(context, companyId, id) as WebhookRow);
}

export function findWebhook(context: MarketplaceContext, companyId: number, id: string): WebhookRecord | undefined {
  const row = findRow(context, companyId, id);
  return row ? present(row) : undefined;
}

/** A company's webhooks in the order they were registered. */
export function listWebhooks(context: MarketplaceContext, companyId: number): WebhookRecord[] {
  const rows = preparedStatement(context, `SELECT ${COLUMNS} FROM webhooks WHERE company_id = ? ORDER BY rowid`).all(companyId) as WebhookRow[];
  return rows.map(present);
}

/** Changes only the settings given (`events` replaces the whole list); undefined when there is no such webhook. */
export function updateWebhook(context: MarketplaceContext, companyId: number, id: string, changes: Partial<WebhookSettings>): WebhookRecord | undefined {
  const row = findRow(context, companyId, id);
  if (!row) return undefined;
  preparedStatement(
    context,
    `UPDATE webhooks SET url = @url, method = @method, active = @active, secret = @secret, events = @events, no_retries = @no_retries,
       updated_at = @updated_at WHERE id = @id`,
  ).run({ id, ...toColumns({ ...settingsOf(row), ...changes }), updated_at: context.clock.now() });
  return present(findRow(context, companyId, id) as WebhookRow);
}

/** Removes the webhook (its queued deliveries go with it); false when there is no such webhook. */
export function deleteWebhook(context: MarketplaceContext, companyId: number, id: string): boolean {
  return preparedStatement(context, 'DELETE FROM webhooks WHERE id = ? AND company_id = ?').run(id, companyId).changes > 0;
}

/**
 * The company's active webhooks that want `eventName`, ordered by id: those listing it, and those
 * with no events at all (`[]` means every event, decisions §7).
 */
export function activeWebhooksFor(context: MarketplaceContext, companyId: number, eventName: string): ActiveWebhook[] {
  const rows = preparedStatement(
    context,
    `SELECT id, url, method, secret, no_retries FROM webhooks
     WHERE company_id = ? AND active = 1
       AND (json_array_length(events) = 0 OR EXISTS (SELECT 1 FROM json_each(webhooks.events) WHERE json_each.value = ?))
     ORDER BY id`,
  ).all(companyId, eventName) as Pick<WebhookRow, 'id' | 'url' | 'method' | 'secret' | 'no_retries'>[];
  return rows.map((row) => ({ id: row.id, url: row.url, method: row.method, secret: row.secret, no_retries: row.no_retries === 1 }));
}

function toColumns(settings: WebhookSettings) {
  return {
    url: settings.url,
    method: settings.method,
    active: settings.active ? 1 : 0,
    secret: settings.secret,
    events: JSON.stringify(settings.events),
    no_retries: settings.no_retries ? 1 : 0,
  };
}
