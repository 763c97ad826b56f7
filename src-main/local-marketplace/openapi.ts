import { z } from 'zod';
import * as api from '../../src-shared/api/index';
import { REST_API_BASE_PATH } from '../../src-shared/api/common';
import { RestErrorSchema } from '../../src-shared/api/errors';
import type { MarketplaceContext } from './context';
import type { RegisteredRoute } from './http/route';

type JsonSchema = Record<string, unknown>;
type Direction = 'input' | 'output';

// A type, not an interface: it must pass as a plain JSON record (the control route's answer).
export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, unknown>;
    parameters: Record<string, unknown>;
  };
};

const COMPONENT = '#/components/schemas/';
const ACCESS_TOKEN_PARAMETER = { $ref: '#/components/parameters/AccessToken' };

let exportNames: Map<unknown, string> | undefined;

/** Components are named after the shared contract's exports (`WorkOrderSchema` → `WorkOrder`). */
function exportNameOf(schema: z.ZodType): string | undefined {
  exportNames ??= new Map(
    Object.entries(api)
      .filter(([name, value]) => value instanceof z.ZodType && name.endsWith('Schema'))
      .map(([name, value]) => [value, name.slice(0, -'Schema'.length)]),
  );
  return exportNames.get(schema);
}

const componentName = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '_');

/**
 * `components.schemas` as the document is built. zod writes recursive parts as `$defs` and refs
 * relative to the schema's own root (`#`, `#/$defs/x`), which would point at the document root
 * in OpenAPI; they are hoisted into components and the refs rewritten.
 */
class SchemaComponents {
  readonly schemas: Record<string, JsonSchema> = {};
  readonly #taken = new Set<string>();
  readonly #named = new Map<z.ZodType, Map<Direction, string>>();

  /** A `$ref` to the schema as a component, converted once however many routes use it. */
  reference(schema: z.ZodType, direction: Direction, fallbackName: string): JsonSchema {
    const known = this.#named.get(schema)?.get(direction);
    if (known) return { $ref: `${COMPONENT}${known}` };
    const exported = exportNameOf(schema);
    const name = this.#reserve(exported && this.#named.has(schema) ? `${exported}.${direction}` : (exported ?? fallbackName));
    this.#named.set(schema, (this.#named.get(schema) ?? new Map<Direction, string>()).set(direction, name));
    this.schemas[name] = this.convert(schema, direction, name);
    return { $ref: `${COMPONENT}${name}` };
  }

  /** The schema inline. Parts zod cannot express (transforms, custom checks) become `{}`: documented loosely, never a failure. */
  convert(schema: z.ZodType, direction: Direction, name: string): JsonSchema {
    let converted: JsonSchema;
    try {
      converted = z.toJSONSchema(schema, { target: 'draft-2020-12', io: direction, unrepresentable: 'any' }) as JsonSchema;
    } catch {
      return {};
    }
    const { $schema: _dialect, $defs, ...root } = converted;
    const target = (ref: string) => (ref === '#' ? `${COMPONENT}${name}` : ref.startsWith('#/$defs/') ? `${COMPONENT}${name}.${ref.slice('#/$defs/'.length)}` : ref);
    for (const [key, definition] of Object.entries(($defs ?? {}) as Record<string, unknown>)) {
      this.schemas[this.#reserve(`${name}.${key}`)] = rewriteRefs(definition, target) as JsonSchema;
    }
    const result = rewriteRefs(root, target) as JsonSchema;
    // A self-reference needs the root itself as a component, even when inlined here.
    if (JSON.stringify(result).includes(`"${COMPONENT}${name}"`)) {
      this.#taken.add(name);
      this.schemas[name] ??= result;
    }
    return result;
  }

  #reserve(base: string): string {
    const clean = componentName(base);
    let name = clean;
    for (let suffix = 2; this.#taken.has(name); suffix += 1) name = `${clean}_${suffix}`;
    this.#taken.add(name);
    return name;
  }
}

function rewriteRefs(value: unknown, target: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, target));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, key === '$ref' && typeof item === 'string' ? target(item) : rewriteRefs(item, target)]),
  );
}

function operationId(route: RegisteredRoute): string {
  const path = route.path.startsWith(REST_API_BASE_PATH) ? route.path.slice(REST_API_BASE_PATH.length) : route.path;
  const words = path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith('{') ? `by_${segment.slice(1, -1)}` : segment));
  return componentName([route.method.toLowerCase(), ...words].join('_'));
}

/** One parameter per property of a params or query object schema. */
function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query', components: SchemaComponents, name: string): Record<string, unknown>[] {
  if (!schema) return [];
  const json = components.convert(schema, 'input', name);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties)
    .filter(([key]) => key !== 'access_token')
    .map(([key, property]) => ({
      name: key,
      in: where,
      required: where === 'path' || required.has(key),
      ...(typeof property.description === 'string' ? { description: property.description } : {}),
      schema: property,
    }));
}

function errorResponses(route: RegisteredRoute, components: SchemaComponents): Record<string, unknown> {
  const error = (description: string) => ({
    description,
    content: { 'application/json': { schema: components.reference(route.errorResponse ?? RestErrorSchema, 'output', `${operationId(route)}.error`) } },
  });
  const own = ownErrorResponses(route, error);
  // The caller check answers before any route: the REST body, or the webhook service's own.
  const refusal = (description: string) => (route.tokenHeader ? error(description) : { description, content: { 'application/json': { schema: components.reference(RestErrorSchema, 'output', 'RestError') } } });
  const foreignOrigin = 'a foreign Origin (a cross-site request from a browser)';
  const forbidden = own[403] as { description: string } | undefined;
  return {
    ...own,
    403: forbidden ? { ...forbidden, description: `${forbidden.description}, or ${foreignOrigin}` } : refusal(`Refused: ${foreignOrigin}`),
    421: refusal('A Host this server does not answer to (not loopback, not allowed): DNS rebinding'),
  };
}

function ownErrorResponses(route: RegisteredRoute, error: (description: string) => unknown): Record<string, unknown> {
  const hasId = route.path.includes('{');
  if (route.tokenHeader) {
    return { 400: error('Invalid input'), 401: error(`Missing or wrong ${route.tokenHeader}`), 403: error("Another company's records"), ...(hasId ? { 404: error('Unknown id') } : {}) };
  }
  if (route.errorResponse) return { 400: error('Invalid request or grant'), 401: error('Invalid client credentials') };
  return {
    400: error('Invalid input or transition; `fields` names the bad fields'),
    ...(route.authenticated ? { 401: error('Missing, unknown or expired access_token') } : {}),
    ...(hasId ? { 403: error("Another company's record"), 404: error('Unknown id') } : {}),
    ...(route.body ? { 413: error('The body is too large') } : {}),
  };
}

function operation(route: RegisteredRoute, components: SchemaComponents): Record<string, unknown> {
  const id = operationId(route);
  const pathParameters = parametersOf(route.params, 'path', components, `${id}.path`);
  // Placeholders the params schema does not describe still need a parameter each.
  for (const [, name] of route.path.matchAll(/\{(\w+)\}/g)) {
    if (name && !pathParameters.some((parameter) => parameter.name === name)) pathParameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
  }
  const parameters = [...pathParameters, ...parametersOf(route.query, 'query', components, `${id}.query`), ...(route.authenticated ? [ACCESS_TOKEN_PARAMETER] : [])];
  const body = route.body ? components.reference(route.body, 'input', `${id}.body`) : undefined;
  const success =
    route.status === 204
      ? { description: 'No content' }
      : route.produces
        ? { description: 'Success', content: { [route.produces]: { schema: { type: 'string', format: 'binary' } } } }
        : { description: 'Success', content: { 'application/json': { schema: components.reference(route.response, 'output', `${id}.response`) } } };
  const multipart = route.multipart ? components.reference(route.multipart, 'input', `${id}.multipart`) : undefined;
  return {
    operationId: id,
    summary: route.summary,
    tags: [route.tag],
    ...(parameters.length ? { parameters } : {}),
    // Every POST and PUT takes JSON or a form alike (decisions §5).
    ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body }, 'application/x-www-form-urlencoded': { schema: body } } } } : {}),
    ...(multipart ? { requestBody: { required: true, content: { 'multipart/form-data': { schema: multipart } } } } : {}),
    responses: { [route.status]: success, ...errorResponses(route, components) },
    ...(route.authenticated ? { security: [{ accessToken: [] }] } : {}),
    ...(route.tokenHeader ? { security: [{ svcToken: [] }] } : {}),
  };
}

/**
 * The OpenAPI 3.1 document of what this server answers, generated from the route registry: the
 * same zod schemas that validate requests describe them, so the document cannot drift from the code.
 */
export function buildOpenApiDocument(context: MarketplaceContext): OpenApiDocument {
  const components = new SchemaComponents();
  const paths: OpenApiDocument['paths'] = {};
  const usedIds = new Map<string, number>();
  for (const route of context.routes.routes) {
    const built = operation(route, components);
    // Two routes with the same words (rare) still need distinct operation ids.
    const count = (usedIds.get(built.operationId as string) ?? 0) + 1;
    usedIds.set(built.operationId as string, count);
    if (count > 1) built.operationId = `${built.operationId as string}_${count}`;
    (paths[route.path] ??= {})[route.method.toLowerCase()] = built;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Work order marketplace REST API (local marketplace)',
      version: '2',
      description:
        'Generated from the routes this local marketplace serves. Shapes the public specification does not show follow the project\'s API decisions; the control plane under /__local/ is not part of it.',
    },
    servers: [{ url: context.origin, description: 'This local marketplace' }],
    tags: [...new Set(context.routes.routes.map((route) => route.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: components.schemas,
      securitySchemes: {
        accessToken: { type: 'apiKey', in: 'query', name: 'access_token', description: 'From POST /authentication/api/oauth/token; lives 3600 s.' },
        svcToken: { type: 'apiKey', in: 'header', name: 'svc-token', description: 'The webhook service token of the company (decisions §7).' },
      },
      parameters: {
        AccessToken: { name: 'access_token', in: 'query', required: true, description: 'The access token of the signed-in user', schema: { type: 'string' } },
      },
    },
  };
}
