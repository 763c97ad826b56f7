import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_PATH } from '../../src-shared/api/token';
import { WorkOrderSchema } from '../../src-shared/api/work-order';
import { storeAttachmentFromBuffer } from '../../src-main/local-marketplace/domain/attachments-changes';
import { listenMarketplace, type ListeningMarketplace } from '../../src-main/local-marketplace/listen';

// The same server over a real socket, as integrators and the app reach it: every GET route of the
// registry answers its documented schema, and a write path works with form and JSON bodies.

/** Seeded ids to fill path parameters with (seed/*.ts). */
const SEEDED_IDS: Record<string, number> = {
  work_order_id: 10001,
  location_id: 701,
  client_id: 501,
  user: 3001,
  type_of_work_id: 4,
  talent_pool_id: 811,
  group_id: 801,
  provider_id: 3001,
  // The seed tags order 10001 (a draft) with Priority (seed/work-order-tags.ts).
  tag_id: 901,
};

/** Where a route needs ids that belong together (seed/*.ts, simulation/demo-seed.ts). */
const ROUTE_IDS: Record<string, Record<string, number>> = {
  '/api/rest/v2/workorders/{work_order_id}/requests/{request_id}': { work_order_id: 10007, request_id: 1 },
  // The provider search needs a site: 10001 is a bare draft.
  '/api/rest/v2/workorders/{work_order_id}/providers': { work_order_id: 10007 },
};
/** The deliverables folder of order 10001, where beforeAll stores one file (its id is known once stored: the seed has files too). */
const FILE_IDS = { folder_id: 2, attachment_id: 0 };

let market: ListeningMarketplace;
let token: string;

beforeAll(async () => {
  market = await listenMarketplace({ port: 0 });
  const answer = await fetch(`${market.authUrl}${TOKEN_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: market.credentials.clientId,
      client_secret: market.credentials.clientSecret,
      username: market.credentials.username,
      password: market.credentials.password,
    }),
  });
  token = ((await answer.json()) as { access_token: string }).access_token;
  FILE_IDS.attachment_id = storeAttachmentFromBuffer(market.marketplace.context, {
    workOrderId: 10001,
    folderId: FILE_IDS.folder_id,
    name: 'site-photo.txt',
    mime: 'text/plain',
    bytes: Buffer.from('hello'),
    authorId: 3001,
  }).id;
});

afterAll(async () => {
  await market.close();
});

function url(path: string): string {
  return `${market.origin}${path}${path.includes('?') ? '&' : '?'}access_token=${encodeURIComponent(token)}`;
}

describe('the marketplace over HTTP', () => {
  it('answers every GET route of the registry with its documented schema', async () => {
    const gets = market.marketplace.context.routes.routes.filter((route) => route.method === 'GET' && route.authenticated);
    expect(gets.length).toBeGreaterThan(10);
    for (const route of gets) {
      const ids: Record<string, number> = { ...SEEDED_IDS, ...FILE_IDS, ...ROUTE_IDS[route.path] };
      const path = route.path.replace(/\{(\w+)\}/g, (_match, name: string) => String(ids[name] ?? 'missing'));
      const answer = await fetch(url(path));
      expect({ path, status: answer.status }).toEqual({ path, status: 200 });
      if (path.endsWith('/download')) {
        expect(await answer.text()).toBe('hello');
        continue;
      }
      const parsed = route.response.safeParse(await answer.json());
      expect({ path, issues: parsed.success ? [] : parsed.error.issues.slice(0, 3) }).toEqual({ path, issues: [] });
    }
  });

  it('creates with a form body, updates with JSON, publishes and cancels', async () => {
    const created = await fetch(url('/api/rest/v2/workorders'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        title: 'Replace a failed POS terminal',
        types_of_work: JSON.stringify([{ id: 62, isPrimary: true }]),
        location: JSON.stringify({ mode: 'saved', id: 702 }),
      }),
    });
    expect(created.status).toBe(200);
    const order = WorkOrderSchema.parse(await created.json());
    expect(order.status).toMatchObject({ id: 1, name: 'Draft' });

    const updated = await fetch(url(`/api/rest/v2/workorders/${order.id}`), {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        schedule: { service_window: { mode: 'exact', start: { utc: '2026-12-01 15:00:00' } } },
        pay: { type: 'fixed', base: { amount: 180, units: 1 } },
      }),
    });
    expect(updated.status).toBe(200);

    const published = await fetch(url(`/api/rest/v2/workorders/${order.id}/publish`), { method: 'POST' });
    expect(published.status).toBe(200);
    expect(((await published.json()) as { status: { name: string } }).status.name).toBe('Published');

    const cancelled = await fetch(url(`/api/rest/v2/workorders/${order.id}`), {
      method: 'DELETE',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ cancel_reason: '3', notes: 'Client postponed' }),
    });
    expect(cancelled.status).toBe(200);
    expect(((await cancelled.json()) as { status: { name: string } }).status.name).toBe('Cancelled');
  });

  it('answers malformed JSON and a missing token with the REST error body', async () => {
    const malformed = await fetch(url('/api/rest/v2/workorders'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"title":' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 400, trace: [], fields: '' });
    const anonymous = await fetch(`${market.origin}/api/rest/v2/workorders`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ code: 401, message: 'Request could not be authenticated', trace: [], fields: '' });
  });
});
