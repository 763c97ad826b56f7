import type { WebhookAdmin } from '../../webhooks/webhook-admin';
import type { Handlers } from '../dispatcher';
import type { UseWorkspace } from './use-workspace';

/** What webhook administration uses of a workspace: its connection to the webhook service. */
export interface WebhookParts {
  remote(): Promise<{ webhooks: Pick<WebhookAdmin, 'list' | 'create' | 'update' | 'delete' | 'deliveries'> }>;
}

type WebhookChannel = 'webhooks:list' | 'webhooks:create' | 'webhooks:update' | 'webhooks:delete' | 'webhooks:deliveries';

/** Webhook registrations, straight to the webhook service (see WebhookAdmin): never queued. */
export function webhookHandlers(use: UseWorkspace<WebhookParts>): Pick<Handlers, WebhookChannel> {
  // The whole call runs inside the workspace, so a switch of environment waits for it.
  const withAdmin = <T>(call: (admin: Awaited<ReturnType<WebhookParts['remote']>>['webhooks']) => Promise<T>) => use(async (workspace) => call((await workspace.remote()).webhooks));
  return {
    'webhooks:list': () => withAdmin((admin) => admin.list()),
    'webhooks:create': ({ webhook }) => withAdmin((admin) => admin.create(webhook)),
    'webhooks:update': ({ webhookId, changes }) => withAdmin((admin) => admin.update(webhookId, changes)),
    'webhooks:delete': ({ webhookId }) => withAdmin((admin) => admin.delete(webhookId)),
    'webhooks:deliveries': ({ webhookId }) => withAdmin((admin) => admin.deliveries(webhookId)),
  };
}
