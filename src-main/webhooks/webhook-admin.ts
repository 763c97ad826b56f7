import { summarizeWebhook, type WebhookCreateBody, type WebhookDeliveryAttempt, WebhookDeliveryLogPageSchema, type WebhookSummary, type WebhookUpdateBody } from '../../src-shared/api/webhook';
import { AppError } from '../../src-shared/errors';
import { ApiError } from '../api-client/api-error';
import type { HttpAnswer, HttpTransport } from '../api-client/http-transport';
import { WebhookServiceClient } from '../api-client/webhook-service-client';
import type { EnvironmentConnection } from '../environments/environment-manager';
import type { Connectivity } from '../outbox/connectivity';
import { isLiveWebhook } from '../live/delivery-receiver';

/** The latest attempts the delivery log shows; the local marketplace pages beyond. */
const DELIVERY_LOG_PAGE = 100;

/**
 * Webhooks are administration, not field work: they go straight to the webhook service instead of
 * the outbox, and say so plainly (WEBHOOKS_OFFLINE) when it cannot be reached or the coordinator
 * works offline, rather than queueing a change to an integration nobody sees.
 */
export class WebhookAdmin {
  constructor(
    private readonly connection: Pick<EnvironmentConnection, 'id' | 'baseUrl' | 'webhookUrl' | 'webhookEnvironment' | 'webhookAccess'>,
    private readonly transport: HttpTransport,
    private readonly connectivity: Connectivity,
  ) {}

  // The secret is write-only: what comes back from the service is summarized before it leaves main.
  // Field Desk's own webhooks (live updates, `src-main/live`) are its plumbing, not an integration
  // to manage: they are not listed, so nobody edits one out from under the app.
  async list(): Promise<WebhookSummary[]> {
    return this.#call(async (client, companyId) => (await client.list(companyId)).filter((webhook) => !isLiveWebhook(webhook.url)).map(summarizeWebhook));
  }

  async create(webhook: WebhookCreateBody): Promise<WebhookSummary> {
    return summarizeWebhook(await this.#call((client, companyId) => client.create({ company_id: companyId, ...webhook })));
  }

  async update(webhookId: string, changes: WebhookUpdateBody): Promise<WebhookSummary> {
    return summarizeWebhook(await this.#call((client) => client.update(webhookId, changes)));
  }

  async delete(webhookId: string): Promise<{ deleted: true }> {
    await this.#call((client) => client.delete(webhookId));
    return { deleted: true };
  }

  /**
   * A webhook's delivery attempts, newest first, from the local marketplace's control plane (decisions
   * §9); no other environment keeps a log a client can read, so they answer `available: false`.
   */
  async deliveries(webhookId: string): Promise<{ available: boolean; attempts: WebhookDeliveryAttempt[]; total: number }> {
    if (this.connection.id !== 'local') return { available: false, attempts: [], total: 0 };
    if (this.connectivity.state === 'working-offline') throw new AppError('WEBHOOKS_OFFLINE');
    let answer: HttpAnswer;
    try {
      answer = await this.transport.send({
        method: 'GET',
        url: new URL('/__local/webhooks/deliveries', this.connection.baseUrl).href,
        query: { webhook_id: webhookId, per_page: DELIVERY_LOG_PAGE },
      });
    } catch (error) {
      if (error instanceof ApiError && (error.code === 'API_UNREACHABLE' || error.code === 'API_TIMEOUT')) throw new AppError('WEBHOOKS_OFFLINE');
      throw error;
    }
    if (answer.status !== 200) throw new AppError('API_SERVER_ERROR');
    const page = WebhookDeliveryLogPageSchema.safeParse(answer.body);
    if (!page.success) throw new AppError('API_INVALID_RESPONSE');
    return { available: true, attempts: page.data.results, total: page.data.metadata.total };
  }

  /** The webhook service with this environment's token, or undefined when none was entered. */
  async service(): Promise<{ client: WebhookServiceClient; companyId: number } | undefined> {
    const access = await this.connection.webhookAccess();
    if (!access) return undefined;
    const client = new WebhookServiceClient({
      transport: this.transport,
      webhookUrl: this.connection.webhookUrl,
      environment: this.connection.webhookEnvironment,
      svcToken: async () => access.svcToken,
    });
    return { client, companyId: access.companyId };
  }

  async #call<T>(call: (client: WebhookServiceClient, companyId: number) => Promise<T>): Promise<T> {
    if (this.connectivity.state === 'working-offline') throw new AppError('WEBHOOKS_OFFLINE');
    const service = await this.service();
    if (!service) throw new AppError('WEBHOOKS_NOT_CONFIGURED');
    try {
      const answer = await call(service.client, service.companyId);
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
