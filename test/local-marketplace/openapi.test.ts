import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TOKEN_PATH } from '../../src-shared/api/token';
import { listenMarketplace } from '../../src-main/local-marketplace/listen';
import { buildOpenApiDocument, type OpenApiDocument } from '../../src-main/local-marketplace/openapi';
import { testMarketplace } from './support';

type Json = Record<string, unknown>;

/** Every `$ref` anywhere in a value. */
function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') found.push(item);
      else refsIn(item, found);
    }
  }
  return found;
}

/** Follows a local JSON pointer (`#/a/b`), or undefined when it leads nowhere. */
function resolvePointer(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = document;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Json)[key];
  }
  return node;
}

function expectRefsResolve(document: OpenApiDocument): void {
  const refs = refsIn(document);
  const broken = refs.filter((ref) => resolvePointer(document, ref) === undefined);
  expect(broken).toEqual([]);
}

const operationOf = (document: OpenApiDocument, path: string, method: string) => document.paths[path]?.[method.toLowerCase()] as Json | undefined;

describe('the OpenAPI document', () => {
  it('describes every registered route with its method, parameters, bodies and errors', async () => {
    const { marketplace } = await testMarketplace();
    const document = buildOpenApiDocument(marketplace.context);
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: marketplace.context.origin, description: expect.any(String) }]);
    const routes = marketplace.context.routes.routes;
    expect(routes.length).toBeGreaterThan(1);

    const operationIds = new Set<string>();
    for (const route of routes) {
      const operation = operationOf(document, route.path, route.method);
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
      if (!operation) continue;
      expect(operationIds.has(operation.operationId as string)).toBe(false);
      operationIds.add(operation.operationId as string);

      const parameters = (operation.parameters ?? []) as Json[];
      for (const [, name] of route.path.matchAll(/\{(\w+)\}/g)) {
        expect(parameters.find((parameter) => parameter.in === 'path' && parameter.name === name), `${route.path} {${name}}`).toMatchObject({ required: true });
      }
      const responses = operation.responses as Record<string, Json>;
      expect(responses[String(route.status)], `${route.method} ${route.path} success`).toBeDefined();
      expect(responses['400']).toBeDefined();
      // The caller check answers every route: a Host not answered to, a foreign Origin.
      expect(responses['421'], `${route.method} ${route.path} 421`).toBeDefined();
      expect(responses['403'], `${route.method} ${route.path} 403`).toBeDefined();
      if (route.authenticated) {
        expect(operation.security).toEqual([{ accessToken: [] }]);
        expect(parameters).toContainEqual({ $ref: '#/components/parameters/AccessToken' });
        expect(refsIn(responses['401'])).toEqual(['#/components/schemas/RestError']);
      }
      if (route.body) {
        const content = (operation.requestBody as Json).content as Json;
        expect(Object.keys(content).sort()).toEqual(['application/json', 'application/x-www-form-urlencoded']);
      } else if (route.multipart) {
        expect(Object.keys((operation.requestBody as Json).content as Json)).toEqual(['multipart/form-data']);
      } else {
        expect(operation.requestBody).toBeUndefined();
      }
    }
    expect(document.components.securitySchemes.accessToken).toEqual(expect.objectContaining({ type: 'apiKey', in: 'query', name: 'access_token' }));
    expectRefsResolve(document);
  });

  it('documents the token endpoint with its own error body and no access_token', async () => {
    const { marketplace } = await testMarketplace();
    const document = buildOpenApiDocument(marketplace.context);
    const token = operationOf(document, TOKEN_PATH, 'POST');
    expect(token).toBeDefined();
    expect(token?.security).toBeUndefined();
    const responses = token?.responses as Record<string, Json>;
    expect(refsIn(responses['400'])).toEqual(['#/components/schemas/TokenError']);
    expect(refsIn(responses['401'])).toEqual(['#/components/schemas/TokenError']);
    // Refused before the route runs, so in the REST error body.
    expect(refsIn(responses['421'])).toEqual(['#/components/schemas/RestError']);
    const request = resolvePointer(document, refsIn((token?.requestBody as Json).content)[0] ?? '') as Json;
    expect(JSON.stringify(request)).toContain('"password"');
    expect(JSON.stringify(request)).toContain('"refresh_token"');
  });

  it('documents the upload as multipart with a binary file, and the download as bytes', async () => {
    const { marketplace } = await testMarketplace();
    const document = buildOpenApiDocument(marketplace.context);
    const upload = operationOf(document, '/api/rest/v2/workorders/{work_order_id}/attachments/{folder_id}', 'POST');
    const form = resolvePointer(document, refsIn((upload?.requestBody as Json).content)[0] ?? '') as Json;
    expect(form).toMatchObject({ properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] });
    const download = operationOf(document, '/api/rest/v2/workorders/{work_order_id}/attachments/{folder_id}/{attachment_id}/download', 'GET');
    expect((download?.responses as Record<string, Json>)['200']).toEqual({
      description: 'Success',
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    });
  });

  it('reads query parameters from the query schema', async () => {
    const { marketplace } = await testMarketplace();
    const document = buildOpenApiDocument(marketplace.context);
    for (const route of marketplace.context.routes.routes.filter((candidate) => candidate.query)) {
      const parameters = (operationOf(document, route.path, route.method)?.parameters ?? []) as Json[];
      const converted = z.toJSONSchema(route.query as z.ZodType, { io: 'input', unrepresentable: 'any' }) as Json;
      const names = Object.keys((converted.properties ?? {}) as Json).filter((name) => name !== 'access_token');
      expect(parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name)).toEqual(names);
    }
  });

  it('degrades schemas it cannot express to {} and keeps recursive ones resolvable', async () => {
    const { marketplace } = await testMarketplace();
    interface Node {
      name: string;
      children: Node[];
    }
    const NodeSchema: z.ZodType<Node> = z.lazy(() => z.object({ name: z.string(), children: z.array(NodeSchema) }));
    const Tree = z.object({ root: NodeSchema, also: NodeSchema });
    const base = { summary: 'test', tag: 'Test', status: 200, authenticated: true } as const;
    marketplace.context.routes.routes.push(
      {
        ...base,
        method: 'POST',
        path: '/api/rest/v2/odd/{when}',
        params: z.object({ when: z.date() }),
        query: z.object({ big: z.bigint(), check: z.custom<string>((value) => typeof value === 'string') }),
        body: z.string().transform((text) => text.length),
        response: z.number().transform((value) => new Date(value)),
      },
      { ...base, method: 'PUT', path: '/api/rest/v2/tree', body: Tree, response: z.array(NodeSchema) },
    );
    const document = buildOpenApiDocument(marketplace.context);
    const odd = operationOf(document, '/api/rest/v2/odd/{when}', 'POST') as Json;
    expect(odd).toBeDefined();
    expect((odd.parameters as Json[]).map((parameter) => parameter.name)).toEqual(['when', 'big', 'check', undefined]);
    expect(operationOf(document, '/api/rest/v2/tree', 'PUT')).toBeDefined();
    expectRefsResolve(document);
    expect(JSON.stringify(document)).not.toContain('#/$defs');
  });

  it('is served at /__local/openapi.json with the listening origin as its server', async () => {
    const listening = await listenMarketplace({ db: ':memory:' });
    try {
      const answer = await fetch(`${listening.origin}/__local/openapi.json`);
      expect(answer.status).toBe(200);
      const document = (await answer.json()) as OpenApiDocument;
      expect(document.servers[0]?.url).toBe(listening.origin);
      expect(Object.keys(document.paths)).toContain(TOKEN_PATH);
      expectRefsResolve(document);
    } finally {
      await listening.close();
    }
  });
});
