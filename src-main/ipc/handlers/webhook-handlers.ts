import type { WebhookAdmin } from '../../app/webhook-admin';
import type { AppServices } from '../../app/app-services';
import type { Handlers } from '../dispatcher';

type WebhookChannel = 'webhooks:list' | 'webhooks:create' | 'webhooks:update' | 'webhooks:delete' | 'webhooks:deliveries';

/** Webhook registrations, straight to the webhook service (see WebhookAdmin): never queued. */
export function webhookHandlers(services: AppServices): Pick<Handlers, WebhookChannel> {
  // The whole call runs inside the workspace, so a switch of environment waits for it.
  const withAdmin = <T>(call: (admin: WebhookAdmin) => Promise<T>) => services.use(async (workspace) => call((await workspace.remote()).webhooks));
  return {
    'webhooks:list': () => withAdmin((admin) => admin.list()),
    'webhooks:create': ({ webhook }) => withAdmin((admin) => admin.create(webhook)),
    'webhooks:update': ({ webhookId, changes }) => withAdmin((admin) => admin.update(webhookId, changes)),
    'webhooks:delete': ({ webhookId }) => withAdmin((admin) => admin.delete(webhookId)),
    'webhooks:deliveries': ({ webhookId }) => withAdmin((admin) => admin.deliveries(webhookId)),
  };
}
