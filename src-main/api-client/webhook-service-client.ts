import type { z } from 'zod';
import {
  listItems,
  WEBHOOK_PATH_PREFIXES,
  WEBHOOK_TOKEN_HEADER,
  WebhookCreateBodySchema,
  WebhookListSchema,
  WebhookSchema,
  WebhookUpdateBodySchema,
  type Webhook,
} from '../../src-shared/api';
import { ERROR_CODES } from '../../src-shared/errors';
import { ApiError, errorFromAnswer } from './api-error';
import type { HttpMethod, HttpTransport } from './http-transport';
import { joinUrl } from './join-url';
import { type CallOptions, type Input, segment, validated } from './rest-caller';

export interface WebhookServiceClientOptions {
  transport: HttpTransport;
  /** `{webhook_url}`: the host root; the environment picks the path below it. */
  webhookUrl: string;
  environment: keyof typeof WEBHOOK_PATH_PREFIXES;
  /** The service's own token, sent as the `svc-token` header; it does not expire. */
  svcToken: () => Promise<string>;
}

/** The webhook registration service (decisions §7): a separate service, authenticated by `svc-token`. */
export class WebhookServiceClient {
  private readonly baseUrl: string;

  constructor(private readonly options: WebhookServiceClientOptions) {
    this.baseUrl = joinUrl(options.webhookUrl, WEBHOOK_PATH_PREFIXES[options.environment]);
  }

  async list(companyId: number, { signal }: CallOptions = {}): Promise<readonly Webhook[]> {
    return listItems(await this.call('GET', `/company/${segment(companyId)}`, WebhookListSchema, { signal }));
  }

  get(webhookId: string, { signal }: CallOptions = {}) {
    return this.call('GET', `/${segment(webhookId)}`, WebhookSchema, { signal });
  }

  create(body: Input<typeof WebhookCreateBodySchema>, { signal }: CallOptions = {}) {
    const sent = validated(WebhookCreateBodySchema, body, 'webhook');
    return this.call('POST', '/', WebhookSchema, { signal, body: sent });
  }

  update(webhookId: string, body: Input<typeof WebhookUpdateBodySchema>, { signal }: CallOptions = {}) {
    const sent = validated(WebhookUpdateBodySchema, body, 'webhook change');
    return this.call('PUT', `/${segment(webhookId)}`, WebhookSchema, { signal, body: sent });
  }

  async delete(webhookId: string, { signal }: CallOptions = {}): Promise<void> {
    await this.send('DELETE', `/${segment(webhookId)}`, { signal });
  }

  private async call<Response extends z.ZodType>(method: HttpMethod, path: string, response: Response, options: CallOptions & { body?: unknown }) {
    const answer = await this.send(method, path, options);
    const parsed = response.safeParse(answer.body);
    if (!parsed.success) throw new ApiError('API_INVALID_RESPONSE', `${ERROR_CODES.API_INVALID_RESPONSE} (${method} webhooks${path})`, { status: answer.status });
    return parsed.data as z.output<Response>;
  }

  private async send(method: HttpMethod, path: string, { signal, body }: CallOptions & { body?: unknown }) {
    const answer = await this.options.transport.send({
      method,
      url: `${this.baseUrl}${path}`,
      headers: { [WEBHOOK_TOKEN_HEADER]: await this.options.svcToken() },
      json: body,
      signal,
    });
    if (answer.status < 200 || answer.status >= 300) throw errorFromAnswer(`${method} webhooks${path}`, answer.status, answer.body);
    return answer;
  }
}
