import { describe, expect, it } from 'vitest';
import { TagListSchema, TagSchema } from '../../src-shared/api/company';
import { WebhookDeliverySchema } from '../../src-shared/api/webhook';
import { REFERENCE_ACTIONS, REFERENCE_TAG_TYPES, REFERENCE_TAG_VALID_STATUSES } from './reference-models';
import { testMarketplace } from './support';
import { eventually, registerWebhook, startReceiver } from './webhook-delivery-fixtures';
import { createOrder, giveToAnotherCompany, recordEvents, transition } from './work-orders-fixtures';

// Company tags on work orders (decisions §6): apply, list, read one, remove; valid_statuses
// checked; the order's `tags` key; events, delivered to a webhook like any other.

// Demo tags (seed/company-lists.ts): 901 Priority (created…assigned), 906 Billing review (approved, paid).
const PRIORITY = 901;
const BILLING_REVIEW = 906;

describe('workorders/{id}/tags', () => {
  it('applies a tag from a JSON value or a JSON string in a form field, and lists it on the order', async () => {
    const { rest } = await testMarketplace();
    const id = await createOrder(rest);
    const empty = await rest('GET', `workorders/${id}/tags`);
    expect(empty.status).toBe(200);
    expect(TagListSchema.parse(empty.body)).toMatchObject({ metadata: { total: 0 }, results: [], actions: ['add'] });

    const applied = await rest('POST', `workorders/${id}/tags`, { tag: { id: PRIORITY } });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(TagSchema.parse(applied.body)).toMatchObject({ id: PRIORITY, label: 'Priority', hex_color: '#D64545' });
    const form = await rest('POST', `workorders/${id}/tags`, `tag=${encodeURIComponent(JSON.stringify({ id: 904 }))}`);
    expect(form.status, JSON.stringify(form.body)).toBe(200);

    const list = (await rest('GET', `workorders/${id}/tags`)).body;
    expect(list.results.map((tag: { id: number }) => tag.id)).toEqual([PRIORITY, 904]);
    expect(list.metadata).toMatchObject({ total: 2, page: 1, pages: 1 });
    const order = (await rest('GET', `workorders/${id}`)).body;
    expect(order.tags).toMatchObject({ metadata: { total: 2 }, results: list.results, actions: ['add'] });
    const item = (await rest('GET', `workorders?f_work_order_id=${id}`)).body.results[0];
    expect(item.tags.results.map((tag: { label: string }) => tag.label)).toEqual(['Priority', 'Client escalation']);
  });

  it('answers one applied tag, removes it, and answers 404 for a tag not applied', async () => {
    const { rest } = await testMarketplace();
    const id = await createOrder(rest);
    await rest('POST', `workorders/${id}/tags`, { tag: { id: PRIORITY } });
    expect((await rest('GET', `workorders/${id}/tags/${PRIORITY}`)).body).toMatchObject({ id: PRIORITY, label: 'Priority' });
    expect((await rest('GET', `workorders/${id}/tags/902`)).status).toBe(404);
    const removed = await rest('DELETE', `workorders/${id}/tags/${PRIORITY}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ id: PRIORITY });
    expect((await rest('GET', `workorders/${id}/tags`)).body.results).toEqual([]);
    const again = await rest('DELETE', `workorders/${id}/tags/${PRIORITY}`);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 404, message: expect.stringContaining('not found') });
  });

  it("refuses a tag whose valid_statuses exclude the order's status, and one the company does not have, naming tag", async () => {
    const { rest } = await testMarketplace();
    const id = await createOrder(rest);
    const refused = await rest('POST', `workorders/${id}/tags`, { tag: { id: BILLING_REVIEW } });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ code: 400, message: 'Can not apply tag Billing review: work order is Draft', trace: [], fields: 'tag' });
    const unknown = await rest('POST', `workorders/${id}/tags`, { tag: { id: 999 } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toBe('tag');
    const malformed = await rest('POST', `workorders/${id}/tags`, { tag: 'Priority' });
    expect(malformed.status).toBe(400);
    // After the order moves on, the same tag fits another status.
    await transition(rest, 'POST', id, '/publish');
    expect((await rest('POST', `workorders/${id}/tags`, { tag: { id: 905 } })).status).toBe(200);
  });

  it("answers 404 for an unknown order and 403 for another company's", async () => {
    const { marketplace, rest } = await testMarketplace();
    expect((await rest('GET', 'workorders/999999/tags')).status).toBe(404);
    expect((await rest('POST', 'workorders/999999/tags', { tag: { id: PRIORITY } })).status).toBe(404);
    const id = await createOrder(rest);
    giveToAnotherCompany(marketplace, id);
    expect((await rest('GET', `workorders/${id}/tags`)).status).toBe(403);
    expect((await rest('POST', `workorders/${id}/tags`, { tag: { id: PRIORITY } })).status).toBe(403);
    expect((await rest('DELETE', `workorders/${id}/tags/${PRIORITY}`)).status).toBe(403);
  });

  it('emits tag_added once per application (applying again changes nothing) and tag_removed on removal', async () => {
    const { marketplace, rest } = await testMarketplace();
    const id = await createOrder(rest);
    const events = recordEvents(marketplace);
    await rest('POST', `workorders/${id}/tags`, { tag: { id: PRIORITY } });
    const before = (await rest('GET', `workorders/${id}`)).body;
    const again = await rest('POST', `workorders/${id}/tags`, { tag: { id: PRIORITY } });
    expect(again.status).toBe(200);
    expect((await rest('GET', `workorders/${id}/tags`)).body.metadata.total).toBe(1);
    await rest('DELETE', `workorders/${id}/tags/${PRIORITY}`);
    expect(events.map((event) => [event.name, event.workOrderId, event.statusId, event.previousStatusId])).toEqual([
      ['workorder.tag_added', id, 1, 1],
      ['workorder.tag_removed', id, 1, 1],
    ]);
    expect(before.tags.results).toHaveLength(1);
  });

  it('applies in the background with async=true', async () => {
    const { marketplace, rest } = await testMarketplace();
    const id = await createOrder(rest);
    const answer = await rest('POST', `workorders/${id}/tags?async=true`, { tag: { id: PRIORITY } });
    expect(answer.body.__worker).toMatchObject({ status: 'in_progress' });
    await marketplace.context.background.settled();
    expect((await rest('GET', `workorders/${id}/tags`)).body.results.map((tag: { id: number }) => tag.id)).toEqual([PRIORITY]);
  });

  it('answers tags with the values of the reference Tag model', async () => {
    const { rest } = await testMarketplace();
    const id = await createOrder(rest);
    await rest('POST', `workorders/${id}/tags`, { tag: { id: 904 } });
    const [tag] = (await rest('GET', `workorders/${id}/tags`)).body.results;
    expect(REFERENCE_TAG_VALID_STATUSES).toEqual(expect.arrayContaining(tag.valid_statuses));
    expect(REFERENCE_TAG_TYPES).toEqual(expect.arrayContaining(tag.types));
    expect(REFERENCE_ACTIONS.Tag).toEqual(expect.arrayContaining(tag.actions));
  });
});

describe('tag events at a webhook', () => {
  it('delivers workorder.tag_added with the order carrying the tag', async () => {
    const { marketplace, rest } = await testMarketplace();
    const receiver = await startReceiver();
    await registerWebhook(marketplace, { url: receiver.url, events: ['workorder.tag_added'] });
    const id = await createOrder(rest);
    await rest('POST', `workorders/${id}/tags`, { tag: { id: PRIORITY } });
    const delivery = await eventually(() => receiver.received[0], 'the tag_added delivery');
    const body = WebhookDeliverySchema.parse(JSON.parse(delivery.body));
    expect(body.event).toEqual({ name: 'workorder.tag_added', params: { work_order_id: id, status_id: 1, previous_status_id: 1 } });
    expect((body.workorder as { tags: { results: { id: number }[] } }).tags.results.map((tag) => tag.id)).toEqual([PRIORITY]);
    expect(receiver.received).toHaveLength(1);
  });
});

describe('tags in the OpenAPI document', () => {
  it('documents the four operations with their bodies and answers', async () => {
    const { marketplace } = await testMarketplace();
    const answer = await marketplace.app.inject({ method: 'GET', url: '/__local/openapi.json' });
    const document = answer.json() as { paths: Record<string, Record<string, { requestBody?: unknown }>>; components: { schemas: Record<string, { properties?: object }> } };
    const paths = document.paths;
    expect(Object.keys(paths['/api/rest/v2/workorders/{work_order_id}/tags'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/api/rest/v2/workorders/{work_order_id}/tags/{tag_id}'] ?? {}).sort()).toEqual(['delete', 'get']);
    expect(JSON.stringify(paths['/api/rest/v2/workorders/{work_order_id}/tags']?.post?.requestBody)).toContain('#/components/schemas/ApplyTagBody');
    expect(Object.keys(document.components.schemas.ApplyTagBody?.properties ?? {})).toEqual(['tag']);
  });
});
