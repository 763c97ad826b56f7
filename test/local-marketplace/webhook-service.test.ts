import { describe, expect, it } from 'vitest';
import { WebhookSchema } from '../../src-shared/api/webhook';
import { DEMO_CREDENTIALS } from '../../src-main/local-marketplace/seed/demo-credentials';
import { testMarketplace } from './support';
import { OTHER_COMPANY_ID, OTHER_SVC_TOKEN, RECEIVER, addOtherCompany, callService } from './webhook-service-fixtures';

const TOKEN_REQUIRED = { error: 'A token is required.' };
const COMPANY = DEMO_CREDENTIALS.companyId;
const HEX_ID = /^[0-9a-f]{24}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

async function withWebhook(body: Record<string, unknown> = {}) {
  const { marketplace } = await testMarketplace();
  const created = await callService(marketplace, 'POST', '/', { payload: { url: RECEIVER, events: ['workorder.created'], ...body } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { marketplace, webhook: created.body as Record<string, unknown> & { _id: string } };
}

describe('webhook service: svc-token', () => {
  it('answers 401 {error} to every route without a token or with a wrong one, before reading the body', async () => {
    const { marketplace } = await testMarketplace();
    const routes = [
      ['GET', `/company/${COMPANY}`],
      ['GET', '/65f1c2a9e4b0a1b2c3d4e5f6'],
      ['POST', '/'],
      ['PUT', '/65f1c2a9e4b0a1b2c3d4e5f6'],
      ['DELETE', '/65f1c2a9e4b0a1b2c3d4e5f6'],
    ] as const;
    for (const [method, path] of routes) {
      for (const token of [null, '', 'wrong-token', 'x'.repeat(600)]) {
        const answer = await callService(marketplace, method, path, { token, payload: method === 'POST' || method === 'PUT' ? '{not json' : undefined, headers: { 'content-type': 'application/json' } });
        expect(answer.status, `${method} ${path} ${String(token).slice(0, 20)}`).toBe(401);
        expect(answer.body).toEqual(TOKEN_REQUIRED);
      }
    }
  });

  it('does not take the access_token instead', async () => {
    const { marketplace, token } = await testMarketplace();
    const answer = await callService(marketplace, 'GET', `/company/${COMPANY}?access_token=${token}`, { token: null });
    expect(answer).toMatchObject({ status: 401, body: TOKEN_REQUIRED });
  });
});

describe('webhook service: create and get', () => {
  it('registers a webhook with the defaults and answers every field', async () => {
    const { marketplace, webhook } = await withWebhook();
    expect(WebhookSchema.safeParse(webhook).success).toBe(true);
    expect(webhook).toEqual({
      _id: expect.stringMatching(HEX_ID),
      company_id: COMPANY,
      url: RECEIVER,
      method: 'POST',
      active: true,
      secret: null,
      events: ['workorder.created'],
      no_retries: false,
      created: expect.stringMatching(ISO),
      updated: webhook.created,
    });
    const read = await callService(marketplace, 'GET', `/${webhook._id}`);
    expect(read).toMatchObject({ status: 200, body: webhook });
  });

  it('keeps everything given, including the secret and every-event registration', async () => {
    const { webhook } = await withWebhook({ url: 'https://receiver.example/in', method: 'PUT', active: false, secret: 's3cret', events: [], no_retries: true, company_id: COMPANY });
    expect(webhook).toMatchObject({ url: 'https://receiver.example/in', method: 'PUT', active: false, secret: 's3cret', events: [], no_retries: true });
  });

  it('reads a form body: booleans as text, events as a JSON string or as repeated fields', async () => {
    const { marketplace } = await testMarketplace();
    const json = await callService(marketplace, 'POST', '/', {
      payload: new URLSearchParams({ url: RECEIVER, active: 'false', no_retries: '1', events: '["workorder.created","workorder.status.paid"]' }).toString(),
    });
    expect(json).toMatchObject({ status: 200, body: { active: false, no_retries: true, events: ['workorder.created', 'workorder.status.paid'] } });
    const repeated = await callService(marketplace, 'POST', '/', {
      payload: `url=${encodeURIComponent(RECEIVER)}&method=PUT&events=workorder.created&events=workorder.routed`,
    });
    expect(repeated).toMatchObject({ status: 200, body: { method: 'PUT', events: ['workorder.created', 'workorder.routed'] } });
    const single = await callService(marketplace, 'POST', '/', { payload: `url=${encodeURIComponent(RECEIVER)}&events[]=workorder.requested` });
    expect(single).toMatchObject({ status: 200, body: { events: ['workorder.requested'] } });
  });

  it('refuses bad input with 400 {error} naming the field', async () => {
    const { marketplace } = await testMarketplace();
    const valid = { url: RECEIVER, events: [] };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, url: 'ftp://receiver.example/x' }, 'url'],
      [{ ...valid, url: 'not a url' }, 'url'],
      [{ events: [] }, 'url'],
      [{ ...valid, method: 'GET' }, 'method'],
      [{ ...valid, method: 'post' }, 'method'],
      [{ ...valid, events: ['workorder.nothing'] }, 'events'],
      [{ ...valid, events: ['workorder.created', 'workorder.created'] }, 'events'],
      [{ ...valid, events: 'workorder.nothing' }, 'events'],
      [{ url: RECEIVER }, 'events'],
      [{ ...valid, active: 'maybe' }, 'active'],
      [{ ...valid, no_retries: 3 }, 'no_retries'],
      [{ ...valid, secret: '' }, 'secret'],
      [{ ...valid, retries: 5 }, 'retries'],
    ];
    for (const [payload, field] of cases) {
      const answer = await callService(marketplace, 'POST', '/', { payload });
      expect(answer.status, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(answer.body as object)).toEqual(['error']);
      expect(answer.body.error, JSON.stringify(payload)).toContain(field);
    }
  });

  it('answers unreadable bodies with 400, 413 and 415 {error}, never a 500', async () => {
    const { marketplace } = await testMarketplace({ bodyLimitBytes: 2048 });
    const cases = [
      { payload: '{"url":', type: 'application/json', status: 400 },
      { payload: '{"__proto__":{"polluted":true}}', type: 'application/json', status: 400 },
      { payload: JSON.stringify({ url: RECEIVER, events: [], secret: 'x'.repeat(4000) }), type: 'application/json', status: 413 },
      { payload: 'url=x', type: 'text/plain', status: 400 },
      { payload: '<url/>', type: 'application/xml', status: 415 },
    ];
    for (const { payload, type, status } of cases) {
      const answer = await callService(marketplace, 'POST', '/', { payload, headers: { 'content-type': type } });
      expect(answer.status, payload.slice(0, 40)).toBe(status);
      expect(answer.body).toEqual({ error: expect.any(String) });
    }
  });

  it('refuses to create for another company than the token says', async () => {
    const { marketplace } = await testMarketplace();
    addOtherCompany(marketplace);
    const answer = await callService(marketplace, 'POST', '/', { payload: { url: RECEIVER, events: [], company_id: OTHER_COMPANY_ID } });
    expect(answer).toMatchObject({ status: 403, body: { error: `The svc-token does not belong to company ${OTHER_COMPANY_ID}` } });
  });

  it('answers 404 to an unknown id and 400 to one that is not 24 hex characters', async () => {
    const { marketplace } = await testMarketplace();
    expect(await callService(marketplace, 'GET', '/65f1c2a9e4b0a1b2c3d4e5f6')).toMatchObject({ status: 404, body: { error: 'Webhook 65f1c2a9e4b0a1b2c3d4e5f6 not found' } });
    for (const id of ['42', 'zzzzzzzzzzzzzzzzzzzzzzzz', '65f1c2a9e4b0a1b2c3d4e5f6a', 'company']) {
      const answer = await callService(marketplace, 'GET', `/${id}`);
      expect(answer.status, id).toBe(400);
      expect(answer.body.error).toContain('webhook_id');
    }
  });

  it('finds a webhook by its id in capitals too', async () => {
    const { marketplace, webhook } = await withWebhook();
    expect(await callService(marketplace, 'GET', `/${webhook._id.toUpperCase()}`)).toMatchObject({ status: 200, body: { _id: webhook._id } });
  });
});

describe('webhook service: list', () => {
  it("lists the token's company's webhooks as an array, in the order they were registered", async () => {
    const { marketplace } = await testMarketplace();
    expect(await callService(marketplace, 'GET', `/company/${COMPANY}`)).toMatchObject({ status: 200, body: [] });
    const ids: string[] = [];
    for (const event of ['workorder.created', 'workorder.status.paid', 'workorder.routed']) {
      ids.push((await callService(marketplace, 'POST', '/', { payload: { url: RECEIVER, events: [event] } })).body._id as string);
    }
    const list = await callService(marketplace, 'GET', `/company/${COMPANY}?page=2&anything=1`);
    expect(list.status).toBe(200);
    expect((list.body as { _id: string }[]).map((webhook) => webhook._id)).toEqual(ids);
  });

  it('refuses another company with 403 and a company id that is not a number with 400', async () => {
    const { marketplace } = await testMarketplace();
    addOtherCompany(marketplace);
    expect(await callService(marketplace, 'GET', `/company/${OTHER_COMPANY_ID}`)).toMatchObject({ status: 403, body: { error: expect.stringContaining(String(OTHER_COMPANY_ID)) } });
    expect(await callService(marketplace, 'GET', '/company/99999')).toMatchObject({ status: 403 });
    expect(await callService(marketplace, 'GET', '/company/abc')).toMatchObject({ status: 400, body: { error: expect.stringContaining('company_id') } });
  });
});

describe('webhook service: update and delete', () => {
  it('changes only the fields sent; events replaces the list', async () => {
    const { marketplace, webhook } = await withWebhook({ secret: 'keep-me', events: ['workorder.created', 'workorder.routed'] });
    const changed = await callService(marketplace, 'PUT', `/${webhook._id}`, { payload: { events: ['workorder.status.paid'], active: false } });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ ...webhook, events: ['workorder.status.paid'], active: false, updated: expect.stringMatching(ISO) });
    expect(await callService(marketplace, 'GET', `/${webhook._id}`)).toMatchObject({ body: changed.body });

    const form = await callService(marketplace, 'PUT', `/${webhook._id}`, { payload: 'method=PUT&no_retries=true&events=[]' });
    expect(form.body).toMatchObject({ method: 'PUT', no_retries: true, events: [], secret: 'keep-me', url: RECEIVER });
    const cleared = await callService(marketplace, 'PUT', `/${webhook._id}`, { payload: { secret: null } });
    expect(cleared.body).toMatchObject({ secret: null, method: 'PUT' });
  });

  it('refuses an empty or bad change and an unknown id', async () => {
    const { marketplace, webhook } = await withWebhook();
    for (const payload of [{}, { events: ['nope'] }, { url: 'mailto:a@b.c' }, { company_id: COMPANY }, { _id: webhook._id }]) {
      const answer = await callService(marketplace, 'PUT', `/${webhook._id}`, { payload });
      expect(answer.status, JSON.stringify(payload)).toBe(400);
      expect(answer.body).toEqual({ error: expect.any(String) });
    }
    expect(await callService(marketplace, 'PUT', '/65f1c2a9e4b0a1b2c3d4e5f6', { payload: { active: false } })).toMatchObject({ status: 404 });
    expect(await callService(marketplace, 'GET', `/${webhook._id}`)).toMatchObject({ body: webhook });
  });

  it('deletes with 204 and no body; then the webhook is gone', async () => {
    const { marketplace, webhook } = await withWebhook();
    const deleted = await callService(marketplace, 'DELETE', `/${webhook._id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBe('');
    expect(await callService(marketplace, 'GET', `/${webhook._id}`)).toMatchObject({ status: 404 });
    expect(await callService(marketplace, 'DELETE', `/${webhook._id}`)).toMatchObject({ status: 404, body: { error: expect.any(String) } });
    expect(await callService(marketplace, 'GET', `/company/${COMPANY}`)).toMatchObject({ body: [] });
  });

  it("hides another company's webhooks behind 404 on get, update and delete", async () => {
    const { marketplace, webhook } = await withWebhook();
    addOtherCompany(marketplace);
    const as = { token: OTHER_SVC_TOKEN };
    expect(await callService(marketplace, 'GET', `/${webhook._id}`, as)).toMatchObject({ status: 404 });
    expect(await callService(marketplace, 'PUT', `/${webhook._id}`, { ...as, payload: { active: false } })).toMatchObject({ status: 404 });
    expect(await callService(marketplace, 'DELETE', `/${webhook._id}`, as)).toMatchObject({ status: 404 });
    expect(await callService(marketplace, 'GET', `/company/${OTHER_COMPANY_ID}`, as)).toMatchObject({ status: 200, body: [] });
    expect(await callService(marketplace, 'GET', `/${webhook._id}`)).toMatchObject({ status: 200, body: webhook });
  });
});

describe('webhook service: its own error body, even before routing', () => {
  it('answers an undecodable URL under its prefix with {error}, and documents the svc-token', async () => {
    const { marketplace } = await testMarketplace();
    const answer = await marketplace.app.inject({ method: 'GET', url: '/v1/webhook-sandbox/webhooks/%zz', headers: { 'svc-token': DEMO_CREDENTIALS.svcToken } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ error: expect.any(String) });
    const document = (await marketplace.app.inject({ method: 'GET', url: '/__local/openapi.json' })).json();
    const get = document.paths['/v1/webhook-sandbox/webhooks/{webhook_id}'].get;
    expect(get.security).toEqual([{ svcToken: [] }]);
    expect(Object.keys(get.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404']));
    expect(document.components.securitySchemes.svcToken).toMatchObject({ type: 'apiKey', in: 'header', name: 'svc-token' });
  });
});
