import { describe, expect, it } from 'vitest';
import { WEBHOOK_PATH_PREFIXES, WEBHOOK_TOKEN_HEADER, WebhookSchema } from '../../src-shared/api/webhook';
import { listenMarketplace } from '../../src-main/local-marketplace/listen';
import { activeWebhooksFor } from '../../src-main/local-marketplace/webhooks/registrations';
import { DEMO_CREDENTIALS } from '../../src-main/local-marketplace/seed/demo-credentials';
import { testMarketplace } from './support';
import { OTHER_COMPANY_ID, OTHER_SVC_TOKEN, RECEIVER, addOtherCompany, callService } from './webhook-service-fixtures';

const COMPANY = DEMO_CREDENTIALS.companyId;
const PRODUCTION = WEBHOOK_PATH_PREFIXES.production;

describe('activeWebhooksFor', () => {
  it('answers the active webhooks of the company that want the event, ordered by id', async () => {
    const { marketplace } = await testMarketplace();
    addOtherCompany(marketplace);
    const register = async (body: Record<string, unknown>, token: string = DEMO_CREDENTIALS.svcToken) =>
      (await callService(marketplace, 'POST', '/', { token, payload: { url: RECEIVER, ...body } })).body as { _id: string };
    const every = await register({ events: [], secret: 'shh', method: 'PUT' });
    const created = await register({ events: ['workorder.created'], no_retries: true });
    const paid = await register({ events: ['workorder.status.paid', 'workorder.routed'] });
    await register({ events: [], active: false });
    await register({ events: ['workorder.created'], active: false });
    await register({ events: [] }, OTHER_SVC_TOKEN);

    const { context } = marketplace;
    const wanting = (event: string) => activeWebhooksFor(context, COMPANY, event).map((webhook) => webhook.id);
    const byId = (ids: string[]) => [...ids].sort();
    expect(wanting('workorder.created')).toEqual(byId([every._id, created._id]));
    expect(wanting('workorder.routed')).toEqual(byId([every._id, paid._id]));
    expect(wanting('workorder.status.draft')).toEqual([every._id]);
    expect(activeWebhooksFor(context, COMPANY, 'workorder.created').find((webhook) => webhook.id === every._id)).toEqual({
      id: every._id,
      url: RECEIVER,
      method: 'PUT',
      secret: 'shh',
      no_retries: false,
    });
    expect(activeWebhooksFor(context, COMPANY, 'workorder.created').find((webhook) => webhook.id === created._id)).toMatchObject({ secret: null, no_retries: true });
    expect(activeWebhooksFor(context, OTHER_COMPANY_ID, 'workorder.created')).toHaveLength(1);
    expect(activeWebhooksFor(context, 4242, 'workorder.created')).toEqual([]);
  });

  it('follows updates: deactivating, reactivating and changing events', async () => {
    const { marketplace } = await testMarketplace();
    const { _id: id } = (await callService(marketplace, 'POST', '/', { payload: { url: RECEIVER, events: ['workorder.created'] } })).body as { _id: string };
    const wanting = (event: string) => activeWebhooksFor(marketplace.context, COMPANY, event).map((webhook) => webhook.id);
    await callService(marketplace, 'PUT', `/${id}`, { payload: { active: false } });
    expect(wanting('workorder.created')).toEqual([]);
    await callService(marketplace, 'PUT', `/${id}`, { payload: { active: true, events: ['workorder.status.paid'] } });
    expect(wanting('workorder.created')).toEqual([]);
    expect(wanting('workorder.status.paid')).toEqual([id]);
    await callService(marketplace, 'DELETE', `/${id}`);
    expect(wanting('workorder.status.paid')).toEqual([]);
  });
});

describe('webhook service environments', () => {
  it('serves the production prefix in production, and the sandbox prefix answers 404 there', async () => {
    const { marketplace } = await testMarketplace({ environment: 'production' });
    const created = await callService(marketplace, 'POST', '/', { prefix: PRODUCTION, payload: { url: RECEIVER, events: [] } });
    expect(created.status).toBe(200);
    expect(await callService(marketplace, 'GET', `/company/${COMPANY}`, { prefix: PRODUCTION })).toMatchObject({ status: 200, body: [created.body] });
    expect(await callService(marketplace, 'GET', `/company/${COMPANY}`)).toMatchObject({ status: 404 });
    expect(await callService(marketplace, 'GET', '/nothing/here', { prefix: PRODUCTION })).toMatchObject({ status: 404, body: { error: expect.any(String) } });
    const paths = marketplace.context.routes.routes.map((route) => route.path);
    expect(paths.filter((path) => path.startsWith(PRODUCTION))).toHaveLength(5);
    expect(paths.some((path) => path.startsWith(WEBHOOK_PATH_PREFIXES.sandbox))).toBe(false);
  });

  it('serves only the sandbox prefix in the sandbox', async () => {
    const { marketplace } = await testMarketplace();
    expect(await callService(marketplace, 'GET', `/company/${COMPANY}`, { prefix: PRODUCTION })).toMatchObject({ status: 404 });
    expect(await callService(marketplace, 'GET', `/company/${COMPANY}`)).toMatchObject({ status: 200 });
  });
});

describe('webhook service over HTTP', () => {
  it('registers, reads, changes and deletes through a listening server', async () => {
    const listening = await listenMarketplace({ db: ':memory:', port: 0 });
    try {
      const base = `${listening.webhookUrl}${WEBHOOK_PATH_PREFIXES.sandbox}`;
      const headers = { [WEBHOOK_TOKEN_HEADER]: listening.credentials.svcToken, 'content-type': 'application/json' };
      const created = await fetch(`${base}/`, { method: 'POST', headers, body: JSON.stringify({ url: RECEIVER, events: ['workorder.created'], secret: 'shh' }) });
      expect(created.status).toBe(200);
      const webhook = WebhookSchema.parse(await created.json());

      const listed = await fetch(`${base}/company/${listening.credentials.companyId}`, { headers });
      expect(await listed.json()).toEqual([webhook]);

      const form = await fetch(`${base}/${webhook._id}`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'events=workorder.status.paid&events=workorder.routed&active=false',
      });
      expect(await form.json()).toMatchObject({ _id: webhook._id, secret: 'shh', active: false, events: ['workorder.status.paid', 'workorder.routed'] });

      const anonymous = await fetch(`${base}/${webhook._id}`);
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual({ error: 'A token is required.' });

      const deleted = await fetch(`${base}/${webhook._id}`, { method: 'DELETE', headers: { [WEBHOOK_TOKEN_HEADER]: listening.credentials.svcToken } });
      expect(deleted.status).toBe(204);
      expect(await deleted.text()).toBe('');
      expect((await fetch(`${base}/${webhook._id}`, { headers })).status).toBe(404);
    } finally {
      await listening.close();
    }
  });
});
