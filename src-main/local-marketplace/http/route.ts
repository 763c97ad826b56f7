import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { integerField } from '../../../src-shared/api/form-fields';
import type { AuthInfo } from '../auth/require-token';
import { validationError } from './validation-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What a route declares: the same schemas validate requests and describe it in the OpenAPI document. */
export interface RouteSpec<Params extends z.ZodType, Query extends z.ZodType, Body extends z.ZodType, Response extends z.ZodType> {
  method: HttpMethod;
  /** Fastify path below the plugin prefix, e.g. `/workorders/:work_order_id`. */
  url: string;
  summary: string;
  tag: string;
  params?: Params;
  query?: Query;
  body?: Body;
  /** The success answer; documented, and checked by the contract tests. */
  response: Response;
  /** Success status, 200 unless said. */
  status?: number;
  /** A multipart body the handler reads itself (uploads); documented, not parsed here. */
  multipart?: z.ZodType;
  /** The success answer's content type when it is not JSON (a download). */
  produces?: string;
  /** Largest body in bytes, when the server's JSON limit is too small (a simulated upload in base64). */
  bodyLimit?: number;
  handler: (input: {
    params: z.output<Params>;
    query: z.output<Query>;
    body: z.output<Body>;
    auth: AuthInfo;
    request: FastifyRequest;
    reply: FastifyReply;
  }) => z.input<Response> | Promise<z.input<Response>>;
}

export interface RegisteredRoute {
  method: HttpMethod;
  /** Full path with `{name}` placeholders, as OpenAPI writes it. */
  path: string;
  summary: string;
  tag: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  status: number;
  /** Whether the route needs `access_token` (every REST route does). */
  authenticated: boolean;
  /** The error body, when not the REST one (the token endpoint's, the webhook service's). */
  errorResponse?: z.ZodType;
  /** A header carrying the caller's token instead of `access_token` (the webhook service's `svc-token`). */
  tokenHeader?: string;
  multipart?: z.ZodType;
  produces?: string;
}

/** Every route the server answers, for the OpenAPI document and for the property-based test. */
export class RouteRegistry {
  readonly routes: RegisteredRoute[] = [];
}

/** A path id: int32, given as text in the URL. */
export const IdParam = integerField(z.number().int().positive().max(2_147_483_647));

const EmptyObject = z.object({});

export function route<Params extends z.ZodType = typeof EmptyObject, Query extends z.ZodType = typeof EmptyObject, Body extends z.ZodType = z.ZodUnknown, Response extends z.ZodType = z.ZodType>(
  app: FastifyInstance,
  registry: RouteRegistry,
  spec: RouteSpec<Params, Query, Body, Response>,
  { authenticated = true, errorResponse, tokenHeader }: { authenticated?: boolean; errorResponse?: z.ZodType; tokenHeader?: string } = {},
): void {
  registry.routes.push({
    method: spec.method,
    path: `${app.prefix}${spec.url}`.replace(/:(\w+)/g, '{$1}'),
    summary: spec.summary,
    tag: spec.tag,
    params: spec.params,
    query: spec.query,
    body: spec.body,
    response: spec.response,
    status: spec.status ?? 200,
    authenticated,
    errorResponse,
    tokenHeader,
    multipart: spec.multipart,
    produces: spec.produces,
  });
  app.route({
    method: spec.method,
    url: spec.url,
    ...(spec.bodyLimit === undefined ? {} : { bodyLimit: spec.bodyLimit }),
    handler: async (request, reply) => {
      const params = parse(spec.params ?? EmptyObject, request.params ?? {}, 'path');
      const query = parse(spec.query ?? EmptyObject, request.query ?? {}, 'query');
      const body = spec.body ? parse(spec.body, request.body ?? {}, 'body') : request.body;
      const result = await spec.handler({
        params: params as z.output<Params>,
        query: query as z.output<Query>,
        body: body as z.output<Body>,
        auth: request.auth as AuthInfo,
        request,
        reply,
      });
      if (reply.sent) return reply;
      reply.code(spec.status ?? 200);
      return result ?? null;
    },
  });
}

/** Parses one part of a request; a failure answers 400 naming the bad fields. */
export function parse<Schema extends z.ZodType>(schema: Schema, value: unknown, where: 'path' | 'query' | 'body'): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw validationError(result.error, where);
}
