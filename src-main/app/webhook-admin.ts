import type { Webhook, WebhookCreateBody, WebhookUpdateBody } from '../../src-shared/api/webhook';
import { AppError } from '../../src-shared/errors';
import { ApiError } from '../api-client/api-error';
import type { HttpTransport } from '../api-client/http-transport';
import { WebhookServiceClient } from '../api-client/webhook-service-client';
import type { EnvironmentConnection } from '../environments/environment-manager';
import type { Connectivity } from '../outbox/connectivity';

/**
 * Webhooks are administration, not field work: they go straight to the webhook service instead of
 * the outbox, and say so plainly (WEBHOOKS_OFFLINE) when it cannot be reached or the coordinator
 * works offline, rather than queueing a change to an integration nobody sees.
 */
export class WebhookAdmin {
  constructor(
    private readonly connection: Pick<EnvironmentConnection, 'webhookUrl' | 'webhookEnvironment' | 'webhookAccess'>,
    private readonly transport: HttpTransport,
    private readonly connectivity: Connectivity,
  ) {}

  async list(): Promise<Webhook[]> {
    return this.#call(async (client, companyId) => [...(await client.list(companyId))]);
  }

  create(webhook: WebhookCreateBody): Promise<Webhook> {
    return this.#call((client, companyId) => client.create({ company_id: companyId, ...webhook }));
  }

  update(webhookId: string, changes: WebhookUpdateBody): Promise<Webhook> {
    return this.#call((client) => client.update(webhookId, changes));
  }

  async delete(webhookId: string): Promise<{ deleted: true }> {
    await this.#call((client) => client.delete(webhookId));
    return { deleted: true };
  }

  async #call<T>(call: (client: WebhookServiceClient, companyId: number) => Promise<T>): Promise<T> {
    if (this.connectivity.state === 'working-offline') throw new AppError('WEBHOOKS_OFFLINE');
    const access = await this.connection.webhookAccess();
    if (!access) throw new AppError('WEBHOOKS_NOT_CONFIGURED');
    const client = new WebhookServiceClient({
      transport: this.transport,
      webhookUrl: this.connection.webhookUrl,
      environment: this.connection.webhookEnvironment,
      svcToken: async () => access.svcToken,
    });
    try {
      const answer = await call(client, access.companyId);
      this.connectivity.reportSuccess();
      return answer;
    } catch (error) {
      if (error instanceof ApiError && (error.code === 'API_UNREACHABLE' || error.code === 'API_TIMEOUT')) {
        this.connectivity.reportNetworkFailure();
        throw new AppError('WEBHOOKS_OFFLINE');
      }
      throw error;
    }
  }
}
