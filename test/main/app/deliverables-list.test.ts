import { describe, expect, it } from 'vitest';
import type { DeliverablesPage } from '../../../src-shared/ipc/deliverables';
import { demoPhoto } from '../../../src-main/local-marketplace/seed/photos';
import { outboxApp } from '../outbox/support';
import { untilPulls } from './support';

type Harness = Awaited<ReturnType<typeof outboxApp>>;

const queue = (call: Harness['call'], filter: Record<string, number> = {}) => call<DeliverablesPage>('deliverables:list', filter);

describe('deliverables:list', () => {
  it('answers every photo waiting for review after a pull, newest first, with its order and its folder', async () => {
    const { call } = await outboxApp();
    const page = await queue(call);
    // The demo seed: 8 photos on the Work Done orders 10027–10030, one of them approved already.
    expect(page.total).toBe(7);
    expect(page.items).toHaveLength(7);
    expect(new Set(page.items.map((item) => item.workOrderId))).toEqual(new Set([10027, 10028, 10029, 10030]));
    const created = page.items.map((item) => item.attachment.created?.utc ?? '');
    expect(created).toEqual([...created].sort().reverse());
    for (const item of page.items) {
      expect(item.attachment).toMatchObject({ status: 'pending', file: { mime: 'image/png' } });
      expect(item.order).toMatchObject({ id: item.workOrderId, status: 'Work Done', title: expect.any(String), provider: { id: expect.any(Number), name: expect.any(String) } });
      expect(item.order.site).toEqual(expect.any(String));
      expect(item.folder).toMatchObject({ name: 'Deliverables', minFiles: 3 });
    }
    const order10028 = page.items.filter((item) => item.workOrderId === 10028);
    expect(order10028).toHaveLength(2);
    expect(order10028[0]?.folder).toMatchObject({ uploaded: 3, approved: 1, denied: 0 });
    expect(page.items.find((item) => item.workOrderId === 10029)?.folder).toMatchObject({ uploaded: 1, approved: 0 });
    // A client's standard instructions come with its orders when the client has them.
    const withClient = page.items.find((item) => item.order.client !== null);
    expect(withClient).toBeDefined();
  });

  it('filters by client, type of work and order, and offers each filter’s values over the whole queue', async () => {
    const { call } = await outboxApp();
    const page = await queue(call);
    expect(page.options.orders.map((option) => option.id).sort()).toEqual([10027, 10028, 10029, 10030]);
    expect(page.options.orders.reduce((sum, option) => sum + option.count, 0)).toBe(7);
    for (const option of page.options.orders) {
      const narrowed = await queue(call, { workOrderId: option.id });
      expect(narrowed.items.map((item) => item.workOrderId)).toEqual(Array(option.count).fill(option.id));
      expect(narrowed.total).toBe(7);
    }
    for (const option of page.options.typesOfWork) {
      const narrowed = await queue(call, { typeOfWorkId: option.id });
      expect(narrowed.items).toHaveLength(option.count);
      expect(narrowed.items.every((item) => item.order.typeOfWork?.id === option.id)).toBe(true);
    }
    expect(page.options.clients.length).toBeGreaterThan(0);
    for (const option of page.options.clients) {
      const narrowed = await queue(call, { clientId: option.id });
      expect(narrowed.items).toHaveLength(option.count);
      expect(narrowed.items.every((item) => item.order.client?.id === option.id)).toBe(true);
    }
    expect((await queue(call, { workOrderId: 10001 })).items).toEqual([]);
    expect(await call('deliverables:list', { workOrderId: 10027, clientId: 999 })).toMatchObject({ items: [], total: 7 });
  });

  it('brings a file a provider adds to an unchanged order on the next pull', async () => {
    const harness = await outboxApp();
    const { call } = harness;
    const before = await queue(call, { workOrderId: 10029 });
    const providerId = before.items[0]?.order.provider?.id;
    expect(providerId).toBeDefined();
    const market = await harness.market();
    const upload = await market.app.inject({
      method: 'POST',
      url: '/__local/simulate/upload',
      payload: { work_order_id: 10029, provider_id: providerId, name: 'after.png', mime: 'image/png', content_base64: demoPhoto(99).toString('base64') },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    await call('sync:now');
    await untilPulls(harness.progress, 2);
    const after = await queue(call, { workOrderId: 10029 });
    expect(after.items.map((item) => item.attachment.file?.name)).toEqual(['after.png', ...before.items.map((item) => item.attachment.file?.name)]);
    expect(after.items[0]?.folder).toMatchObject({ uploaded: 2, minFiles: 3 });
    expect(after.total).toBe(before.total + 1);
  });

  it('drops a file from the queue as soon as its review is queued, offline too', async () => {
    const { call, entries } = await outboxApp();
    await call('connectivity:set-offline', { offline: true });
    const [first, second] = (await queue(call)).items;
    if (!first || !second) throw new Error('the demo queue has files');
    await call('attachments:review', { workOrderId: first.workOrderId, attachmentId: first.attachment.id, status: 'approved' });
    await call('attachments:review', { workOrderId: second.workOrderId, attachmentId: second.attachment.id, status: 'denied', reason: 'Blurry: retake it' });
    const after = await queue(call);
    expect(after.total).toBe(5);
    expect(after.items.map((item) => item.attachment.id)).not.toContain(first.attachment.id);
    expect(after.items.map((item) => item.attachment.id)).not.toContain(second.attachment.id);
    expect(await entries()).toHaveLength(2);
  });

  it('keeps the folder’s other files waiting once the marketplace has answered a review of one', async () => {
    const { call, drained } = await outboxApp();
    const [first, second] = (await queue(call, { workOrderId: 10027 })).items;
    if (!first || !second) throw new Error('order 10027 has two waiting photos');
    await call('attachments:review', { workOrderId: 10027, attachmentId: first.attachment.id, status: 'approved' });
    await drained();
    // The review's answer names only the reviewed file: the other stays as it was.
    const after = await queue(call, { workOrderId: 10027 });
    expect(after.items.map((item) => item.attachment.id)).toEqual([second.attachment.id]);
    expect(after.items[0]?.folder).toMatchObject({ uploaded: 2, approved: 1 });
  });
});
