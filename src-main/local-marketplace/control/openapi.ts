import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { MarketplaceContext } from '../context';
import { route, type RouteRegistry } from '../http/route';
import { buildOpenApiDocument, type OpenApiDocument } from '../openapi';

export function registerOpenApiRoute(app: FastifyInstance, context: MarketplaceContext, registry: RouteRegistry): void {
  // Built on first request: by then every route is registered and the origin is known.
  let document: OpenApiDocument | undefined;
  route(
    app,
    registry,
    {
      method: 'GET',
      url: '/openapi.json',
      summary: 'The OpenAPI 3.1 document of the REST API and the token endpoint',
      tag: 'Local control plane',
      response: z.record(z.string(), z.unknown()),
      handler: () => {
        document ??= buildOpenApiDocument(context);
        return document;
      },
    },
    { authenticated: false },
  );
}
