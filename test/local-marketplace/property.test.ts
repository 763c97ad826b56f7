import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { REST_API_BASE_PATH } from '../../src-shared/api/common';
import { WEBHOOK_TOKEN_HEADER } from '../../src-shared/api/webhook';
import { buildMarketplace } from '../../src-main/local-marketplace/server';
import type { RegisteredRoute } from '../../src-main/local-marketplace/http/route';
import { DEMO_CREDENTIALS } from '../../src-main/local-marketplace/seed/demo-credentials';
import { testMarketplace } from './support';

// The registry of a built marketplace: every route anyone registers is covered, none is listed here.
const registry = await buildMarketplace({ db: ':memory:', seed: 'none' });
const ROUTES = registry.context.routes.routes.map((route) => ({ ...route, label: `${route.method} ${route.path}` }));
await registry.close();

/** About 3,000 requests in all, however many routes there are. */
const RUNS_PER_ROUTE = Math.min(150, Math.max(25, Math.floor(3000 / Math.max(1, ROUTES.length))));

type Json = Record<string, unknown>;

/** The server's `maxParamLength`: a longer path parameter is refused by the router itself. */
const MAX_PARAM_LENGTH = 200;

function propertyNames(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  try {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
    const variants = [json, ...(((json.oneOf ?? json.anyOf) as Json[] | undefined) ?? [])];
    return [...new Set(variants.flatMap((variant) => Object.keys((variant.properties ?? {}) as Json)))];
  } catch {
    return [];
  }
}

const hostileText = fc.constantFrom(
  '0', '-1', '1', '2', '1001', '2001', '2147483647', '2147483648', '-2147483649', '99999999999999999999999', '1.5', '1e3', '0x10', '007',
  'abc', '', ' ', 'null', 'undefined', 'true', 'NaN', 'Infinity', '__proto__', 'constructor', 'prototype', '../', '..', '../../etc/passwd',
  '💥', 'ü', '日本', '\u0000', '\u202e', "' OR 1=1 --", '<script>', '{"a":1}', '[1,2]', 'a'.repeat(300),
);
const anyText = fc.oneof(hostileText, fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 }), fc.integer().map(String));

/**
 * A path segment: encoded text, or a raw hostile one (dot segments, separators). Empty segments
 * are left out (with the trailing slash ignored they reach another route, a valid request), and so
 * are undecodable and over-long ones: the framework refuses those before any route, and an
 * explicit test below covers them.
 */
const pathSegment = fc
  .oneof(
    { weight: 4, arbitrary: anyText.map(encodeURIComponent) },
    { weight: 2, arbitrary: fc.integer({ min: 1, max: 3000 }).map(String) },
    { weight: 1, arbitrary: fc.constantFrom('..', '../x', '%00', '%2e%2e%2f', '%2F', 'a;b', 'a,b', '%E2%80%AE') },
  )
  .filter((segment) => segment.length > 0 && segment.length <= MAX_PARAM_LENGTH);

const contentTypes = fc.constantFrom(
  'application/json', 'application/json; charset=utf-8', 'application/x-www-form-urlencoded', 'text/plain', 'application/xml',
  'multipart/form-data; boundary=x', 'application/octet-stream', 'application/json; charset=utf-16', 'application/vnd.api+json', '',
);

function nested(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

/** A body and the content type it claims, honest or not. */
function bodies(keys: string[]) {
  const keyArbitrary = keys.length ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 12 })) : fc.string({ maxLength: 12 });
  const fieldValue = fc.oneof(fc.jsonValue({ maxDepth: 3 }), anyText);
  return fc.oneof(
    fc.record({ type: fc.constant('application/json'), payload: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) }),
    fc.record({ type: fc.constant('application/json'), payload: fc.dictionary(keyArbitrary, fieldValue, { maxKeys: 8 }).map((value) => JSON.stringify(value)) }),
    fc.record({
      type: fc.constant('application/x-www-form-urlencoded'),
      payload: fc.array(fc.tuple(fc.oneof(keyArbitrary, keyArbitrary.map((key) => `${key}[]`)), anyText), { maxLength: 8 }).map((pairs) => new URLSearchParams(pairs).toString()),
    }),
    fc.record({ type: contentTypes, payload: fc.oneof(fc.string({ maxLength: 60 }), hostileText) }),
    fc.record({
      type: fc.constant('application/json'),
      payload: fc.constantFrom(
        '{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}', '{', '{"a":', 'nul', '"unterminated', '[1,]', '{"a":1}{"b":2}',
        nested(2000), `{"a":"${'x'.repeat(100_000)}"}`, `"${'y'.repeat(1_100_000)}"`,
      ),
    }),
    fc.constant(undefined),
  );
}

function requests(route: RegisteredRoute, token: string) {
  const queryKeys = [...propertyNames(route.query), 'page', 'per_page', 'sort', 'order', 'list', 'async', 'f_search'];
  const queryValue = fc.oneof(fc.constantFrom('0', '1', '100', '101', '-1', 'abc', '5000', 'true', 'desc', 'id'), anyText);
  return fc.record({
    segments: fc.array(pathSegment, { minLength: 4, maxLength: 4 }),
    query: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...queryKeys), fc.string({ maxLength: 10 })), queryValue), { maxLength: 6 }),
    auth: fc.constantFrom<('valid' | 'none' | 'garbage' | 'twice')[]>(['valid'], ['valid'], ['valid'], ['none'], ['garbage'], ['twice']).map(([kind]) => kind),
    body: route.method === 'GET' ? fc.constant(undefined) : bodies(propertyNames(route.body)),
  }).map(({ segments, query, auth, body }) => {
    let index = 0;
    const path = route.path.replace(/\{\w+\}/g, () => segments[index++ % segments.length] ?? '1');
    const search = new URLSearchParams(query);
    if (auth === 'valid' || auth === 'twice') search.append('access_token', token);
    if (auth === 'garbage' || auth === 'twice') search.append('access_token', 'not-a-token');
    // Both credentials go to every route; each reads its own (REST the access_token, the webhook service the header).
    const svcTokens: string[] = [];
    if (auth === 'valid' || auth === 'twice') svcTokens.push(DEMO_CREDENTIALS.svcToken);
    if (auth === 'garbage' || auth === 'twice') svcTokens.push('not-a-token');
    // A header sent twice reaches the server joined, as here.
    const headers = svcTokens.length ? { [WEBHOOK_TOKEN_HEADER]: svcTokens.join(', ') } : {};
    return { method: route.method, url: `${path}?${search.toString()}`, headers, body };
  });
}

/** Whether a dot segment took the request out of the route's own scope, whose error body then no longer applies. */
function leavesScope(route: RegisteredRoute, url: string): boolean {
  const staticPrefix = route.path.split('{')[0] ?? route.path;
  return !new URL(url, 'http://localhost').pathname.startsWith(staticPrefix);
}

/** The route a request reaches once its dot segments are resolved: a `..` can lead to another route, whose answer it then gets. */
function routeReached(route: RegisteredRoute, url: string): RegisteredRoute | undefined {
  const pathname = new URL(url, 'http://localhost').pathname;
  const matches = (candidate: RegisteredRoute) =>
    candidate.method === route.method && new RegExp(`^${candidate.path.replace(/\{\w+\}/g, '[^/]+')}/?$`).test(pathname);
  return matches(route) ? route : ROUTES.find(matches);
}

const isRestError = (body: unknown, status: number) =>
  typeof body === 'object' &&
  body !== null &&
  Object.keys(body).sort().join() === 'code,fields,message,trace' &&
  (body as Json).code === status &&
  typeof (body as Json).message === 'string' &&
  Array.isArray((body as Json).trace) &&
  typeof (body as Json).fields === 'string';

describe('bad input never crashes the marketplace', () => {
  it('has routes to test', () => {
    expect(ROUTES.length).toBeGreaterThan(1);
  });

  it.each(ROUTES)('$label answers random input with JSON and a well-formed error, never a 500', async (route) => {
    const { marketplace, token } = await testMarketplace();
    await fc.assert(
      fc.asyncProperty(requests(route, token), async (request) => {
        const answer = await marketplace.app.inject({
          method: request.method,
          url: request.url,
          headers: { ...request.headers, ...(request.body?.type ? { 'content-type': request.body.type } : {}) },
          ...(request.body ? { payload: request.body.payload } : {}),
        });
        const status = answer.statusCode;
        expect(status, answer.body.slice(0, 300)).toBeLessThan(500);
        if (status === 204) return;
        expect(answer.headers['content-type']).toMatch(/^application\/json/);
        const body = JSON.parse(answer.body) as unknown;
        if (status < 400) {
          const reached = routeReached(route, request.url);
          expect(reached, `${request.method} ${request.url} answered ${status} from no route`).toBeDefined();
          expect(reached?.response.safeParse(body).success, `${request.method} ${request.url}: ${answer.body.slice(0, 300)}`).toBe(true);
        }
        else if (route.errorResponse && !leavesScope(route, request.url)) expect(route.errorResponse.safeParse(body).success, answer.body).toBe(true);
        else expect(isRestError(body, status) || route.errorResponse?.safeParse(body).success, answer.body).toBe(true);
      }),
      { numRuns: RUNS_PER_ROUTE },
    );
  });
});

describe('explicit bad requests', () => {
  // Routes with their own error body (the token endpoint, the webhook service) take no access_token but are checked the same.
  const writable = ROUTES.filter((route) => (route.authenticated || route.errorResponse) && (route.method === 'POST' || route.method === 'PUT'));
  const urlOf = (route: RegisteredRoute, token: string) => `${route.path.replace(/\{\w+\}/g, '1')}?access_token=${token}`;
  const headers = { 'content-type': 'application/json', [WEBHOOK_TOKEN_HEADER]: DEMO_CREDENTIALS.svcToken };
  const targetsOf = (token: string): { route?: RegisteredRoute; method: RegisteredRoute['method']; url: string }[] => [
    ...writable.map((route) => ({ route, method: route.method, url: urlOf(route, token) })),
    { method: 'POST', url: '/__local/clock' },
  ];
  const isErrorOf = (route: RegisteredRoute | undefined, body: unknown, status: number) =>
    route?.errorResponse ? route.errorResponse.safeParse(body).success : isRestError(body, status);

  it('answers an oversized body with 413 and the route\'s error body', async () => {
    const { marketplace, token } = await testMarketplace({ bodyLimitBytes: 4096 });
    const payload = JSON.stringify({ title: 'x'.repeat(5000) });
    for (const { route, method, url } of targetsOf(token)) {
      const answer = await marketplace.app.inject({ method, url, payload, headers });
      expect(answer.statusCode, `${method} ${url}`).toBe(413);
      expect(isErrorOf(route, answer.json(), 413), answer.body).toBe(true);
    }
  });

  it('answers malformed JSON and prototype poisoning with 400, and nothing is polluted', async () => {
    const { marketplace, token } = await testMarketplace();
    for (const { route, method, url } of targetsOf(token)) {
      for (const payload of ['{"title":', '{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}']) {
        const answer = await marketplace.app.inject({ method, url, payload, headers });
        expect(answer.statusCode, `${method} ${url} ${payload}`).toBe(400);
        expect(isErrorOf(route, answer.json(), 400), answer.body).toBe(true);
      }
    }
    expect(({} as Json).polluted).toBeUndefined();
  });

  it('answers undecodable and over-long URLs with 400 and the REST error body', async () => {
    const { marketplace, token } = await testMarketplace();
    const withId = ROUTES.find((route) => route.authenticated && route.path.includes('{'));
    const base = withId ? withId.path.replace(/\{\w+\}/g, '1') : `${REST_API_BASE_PATH}/locations/1`;
    const hostile = ['%zz', '%', '%FF', '%C0%AF', 'a'.repeat(MAX_PARAM_LENGTH + 1)];
    for (const segment of hostile) {
      const url = `${base.replace(/\/1(\/|$)/, `/${segment}$1`)}?access_token=${token}`;
      const answer = await marketplace.app.inject({ method: withId?.method ?? 'GET', url });
      expect(answer.statusCode, url).toBe(400);
      expect(isRestError(answer.json(), 400), answer.body).toBe(true);
    }
  });

  it('answers unknown paths with 404 and the REST error body', async () => {
    const { marketplace, token } = await testMarketplace();
    for (const url of [`${REST_API_BASE_PATH}/no-such-thing?access_token=${token}`, '/', '/api', '/__local/nothing', `${REST_API_BASE_PATH}/../../etc/passwd`]) {
      const answer = await marketplace.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(isRestError(answer.json(), 404)).toBe(true);
    }
  });
});
