import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { partialUpdate } from '../../../src-shared/api/common';
import { WebhookServiceErrorSchema } from '../../../src-shared/api/errors';
import { booleanField, integerField } from '../../../src-shared/api/form-fields';
import { WEBHOOK_PATH_PREFIXES, WEBHOOK_TOKEN_HEADER, WebhookCreateBodySchema, WebhookIdSchema, WebhookSchema } from '../../../src-shared/api/webhook';
import { hashToken } from '../auth/secrets';
import type { MarketplaceContext } from '../context';
import { MarketplaceError } from '../http/errors';
import { IdParam, route } from '../http/route';
import { preparedStatement } from '../store/database';
import { createWebhook, deleteWebhook, findWebhook, listWebhooks, updateWebhook } from './registrations';

/*
 * The webhook registration service (spec, Webhook service endpoints; decisions §7). Our choices
 * where neither says:
 * - every error answers `{"error": "<message>"}`, the shape of the 401 decisions §7 gives: 400 bad
 *   input (the message names the field), 401 no or wrong svc-token, 403 listing or creating for
 *   another company than the token's, 404 an unknown webhook id, another company's included;
 * - the list is a bare array, in the order the webhooks were registered;
 * - create answers 200 with the webhook, as the REST API's creates do; delete answers 204;
 * - `created` and `updated` are ISO 8601, like a delivery's `timestamp`;
 * - `secret` is answered as stored (null when none): decisions §7 lists it as a field.
 */

const TAG = 'Webhooks';
/** These routes take the svc-token header, not access_token, and answer `{error}` when they refuse. */
const SERVICE_ROUTE = { authenticated: false, errorResponse: WebhookServiceErrorSchema, tokenHeader: WEBHOOK_TOKEN_HEADER };
/** The 401 body's message, word for word (decisions §7). */
const TOKEN_REQUIRED = 'A token is required.';
/** No svc-token is this long; a longer header is refused without hashing it. */
const MAX_TOKEN_LENGTH = 512;

/** Errors that are not ours (a body the framework cannot read, a bug), in our words: never the framework's text. */
const OTHER_ERRORS: Readonly<Record<number, string>> = {
  400: 'The request body could not be read',
  413: 'The request body is too large',
  415: 'Unsupported content type',
  500: 'Internal server error',
};

const shape = WebhookCreateBodySchema.shape;

/**
 * `events` as a JSON array, as a JSON string of one (a form field), or as form fields naming one
 * event each (decisions §5): text that is not JSON is a single event name.
 */
function readEvents(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return [value];
  }
}

/** The shared fields, also readable from a form, where every value is text. */
const fields = {
  url: shape.url,
  method: shape.method,
  active: booleanField(),
  events: z.preprocess(readEvents, shape.events),
  secret: shape.secret.unwrap(),
  no_retries: booleanField(),
};

/** POST /: `url` and `events` required (`[]` for every event); POST and active by default. */
const WebhookCreateBody = z.strictObject({
  ...fields,
  method: fields.method.default('POST'),
  active: fields.active.default(true),
  secret: fields.secret.optional(),
  no_retries: fields.no_retries.default(false),
  /** The token decides the company; naming another one is refused. */
  company_id: integerField(shape.company_id.unwrap()).optional(),
});

/** PUT /{webhook_id}: only the fields sent change; `events` replaces the list, `secret: null` removes it. */
const WebhookUpdateBody = partialUpdate({ ...fields, secret: fields.secret.nullable() });

const WebhookParams = z.object({ webhook_id: WebhookIdSchema.transform((id) => id.toLowerCase()) });
const CompanyParams = z.object({ company_id: IdParam });

/** The company of each request's svc-token, set before any route runs. */
const tokenCompanies = new WeakMap<FastifyRequest, number>();

function companyOf(request: FastifyRequest): number {
  const companyId = tokenCompanies.get(request);
  if (companyId === undefined) throw new MarketplaceError('NOT_AUTHENTICATED', TOKEN_REQUIRED);
  return companyId;
}

/** The token's company, refusing another one named in the path or body. */
function ownCompany(request: FastifyRequest, named: number | undefined): number {
  const companyId = companyOf(request);
  if (named !== undefined && named !== companyId) throw new MarketplaceError('FORBIDDEN', `The svc-token does not belong to company ${named}`);
  return companyId;
}

function webhookNotFound(id: string): MarketplaceError {
  return new MarketplaceError('NOT_FOUND', `Webhook ${id} not found`);
}

function found<Value>(value: Value | undefined, id: string): Value {
  if (value === undefined) throw webhookNotFound(id);
  return value;
}

function companyForToken(context: MarketplaceContext, token: unknown): number | undefined {
  if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) return undefined;
  const row = preparedStatement(context, 'SELECT company_id FROM svc_tokens WHERE token_hash = ?').get(hashToken(token)) as { company_id: number } | undefined;
  return row?.company_id;
}

/** The webhook registration service at `{webhook_url}/v1/webhook-sandbox/webhooks` (production: `/v1/webhook/webhooks`). */
export function registerWebhookService(app: FastifyInstance, context: MarketplaceContext): void {
  const prefix = WEBHOOK_PATH_PREFIXES[context.options.environment];
  app.register(
    async (service) => {
      // This service has its own error body, for refusals of the framework as much as ours.
      service.setErrorHandler((error: FastifyError | MarketplaceError, _request, reply) => {
        if (error instanceof MarketplaceError) return reply.code(error.status).send({ error: error.message });
        const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
        if (status === 500) context.logger.error('marketplace: unexpected webhook service error', { error });
        return reply.code(status).send({ error: OTHER_ERRORS[status] ?? 'Invalid request' });
      });
      service.setNotFoundHandler((request, reply) => {
        const path = request.url.split('?')[0]?.slice(0, 200);
        return reply.code(404).send({ error: `No route for ${request.method} ${path}` });
      });
      // Before the body is read: a caller without a token learns nothing about its input.
      service.addHook('onRequest', async (request) => {
        const companyId = companyForToken(context, request.headers[WEBHOOK_TOKEN_HEADER]);
        if (companyId === undefined) throw new MarketplaceError('NOT_AUTHENTICATED', TOKEN_REQUIRED);
        tokenCompanies.set(request, companyId);
      });
      registerServiceRoutes(service, context);
    },
    { prefix },
  );
}

function registerServiceRoutes(app: FastifyInstance, context: MarketplaceContext): void {
  // No route reads a query: the spec says the service takes none, so any given is ignored.
  route(
    app,
    context.routes,
    {
      method: 'GET',
      url: '/company/:company_id',
      summary: "List the company's webhooks (svc-token header; only the token's own company, 403 for another)",
      tag: TAG,
      params: CompanyParams,
      response: z.array(WebhookSchema),
      handler: ({ params, request }) => listWebhooks(context, ownCompany(request, params.company_id)),
    },
    SERVICE_ROUTE,
  );

  route(
    app,
    context.routes,
    {
      method: 'GET',
      url: '/:webhook_id',
      summary: 'Get a webhook (svc-token header)',
      tag: TAG,
      params: WebhookParams,
      response: WebhookSchema,
      handler: ({ params, request }) => found(findWebhook(context, companyOf(request), params.webhook_id), params.webhook_id),
    },
    SERVICE_ROUTE,
  );

  route(
    app,
    context.routes,
    {
      method: 'POST',
      url: '/',
      summary: 'Register a webhook (svc-token header); events [] means every event; method POST and active true unless given; JSON or form body',
      tag: TAG,
      body: WebhookCreateBody,
      response: WebhookSchema,
      handler: ({ body, request }) => {
        const { company_id: named, secret, ...settings } = body;
        return createWebhook(context, ownCompany(request, named), { ...settings, secret: secret ?? null });
      },
    },
    SERVICE_ROUTE,
  );

  route(
    app,
    context.routes,
    {
      method: 'PUT',
      url: '/:webhook_id',
      summary: 'Change a webhook (svc-token header); only the fields sent change, events replaces the list',
      tag: TAG,
      params: WebhookParams,
      body: WebhookUpdateBody,
      response: WebhookSchema,
      handler: ({ params, body, request }) => found(updateWebhook(context, companyOf(request), params.webhook_id, body), params.webhook_id),
    },
    SERVICE_ROUTE,
  );

  route(
    app,
    context.routes,
    {
      method: 'DELETE',
      url: '/:webhook_id',
      summary: 'Delete a webhook (svc-token header); 204 with no body',
      tag: TAG,
      params: WebhookParams,
      response: z.null(),
      status: 204,
      handler: ({ params, request }) => {
        if (!deleteWebhook(context, companyOf(request), params.webhook_id)) throw webhookNotFound(params.webhook_id);
        return null;
      },
    },
    SERVICE_ROUTE,
  );
}
