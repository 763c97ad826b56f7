import type { WebhookSummary, WebhookCreateBody, WebhookDeliveryAttempt, WebhookUpdateBody } from '../../src-shared/api/webhook';
import { type AppError } from '../../src-shared/errors';
import type { EnvironmentSummary } from '../../src-shared/ipc/channels';
import { invoke, on } from '../lib/api';
import { toasts } from '../lib/toasts.svelte';
import { appErrorOf } from '../lib/errors';

/**
 * Webhook registrations, straight to the webhook service through main (never the outbox): each call
 * answers the service's verdict or an AppError. Successes are toasted here; failures are answered,
 * so the screen can say them where they belong (a form's problem, the screen's "what is missing").
 */

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: AppError };

export interface DeliveryLog {
  /** False when the active environment keeps no delivery log a client can read (only Local does). */
  available: boolean;
  attempts: WebhookDeliveryAttempt[];
  total: number;
}

async function attempt<T>(call: () => Promise<T>, failed: string): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    return { ok: false, error: appErrorOf(error, failed) };
  }
}

export function listWebhooks(): Promise<Outcome<WebhookSummary[]>> {
  return attempt(() => invoke('webhooks:list'), 'The webhooks could not be listed.');
}

export async function createWebhook(webhook: WebhookCreateBody): Promise<Outcome<WebhookSummary>> {
  const outcome = await attempt(() => invoke('webhooks:create', { webhook }), 'The webhook could not be created.');
  if (outcome.ok) toasts.show({ tone: 'success', message: `Webhook created for ${outcome.value.url}` });
  return outcome;
}

export async function updateWebhook(webhookId: string, changes: WebhookUpdateBody): Promise<Outcome<WebhookSummary>> {
  const outcome = await attempt(() => invoke('webhooks:update', { webhookId, changes }), 'The webhook could not be saved.');
  if (outcome.ok) toasts.show({ tone: 'success', message: `Webhook saved for ${outcome.value.url}` });
  return outcome;
}

export async function deleteWebhook(webhook: WebhookSummary): Promise<Outcome<unknown>> {
  const outcome = await attempt(() => invoke('webhooks:delete', { webhookId: webhook._id }), 'The webhook could not be deleted.');
  if (outcome.ok) toasts.show({ tone: 'success', message: `Webhook deleted for ${webhook.url}` });
  else toasts.show({ tone: 'danger', message: outcome.error.message });
  return outcome;
}

export function webhookDeliveries(webhookId: string): Promise<Outcome<DeliveryLog>> {
  return attempt(() => invoke('webhooks:deliveries', { webhookId }), 'The delivery log could not be read.');
}

/** The active environment, to say whose webhook service token is missing. */
export async function activeEnvironment(): Promise<EnvironmentSummary | undefined> {
  try {
    return (await invoke('environments:list')).find((environment) => environment.active);
  } catch {
    return undefined;
  }
}

/** Another environment has other webhooks: the screen reads them again. Answers the cleanup. */
export function followEnvironment(changed: () => void): () => void {
  return on('environments:did-change', changed);
}
