import { describe, expect, it } from 'vitest';
import { WorkerAnswerSchema } from '../../src-shared/api/auto-dispatch';
import { MessageListSchema, MessageSchema } from '../../src-shared/api/message';
import { assignedOrder, expectError, publishedOrder, simulate, simulated } from './provider-fixtures';
import { testMarketplace } from './support';
import { giveToAnotherCompany, recordEvents } from './work-orders-fixtures';

// Messages between the buyer (the demo coordinator, 2001) and providers (decisions §6). The
// buyer starts threads and replies; providers write through the simulation.

describe('messages', () => {
  it('threads the buyer’s and the provider’s messages, replies nested, and emits message_posted', async () => {
    const { rest, marketplace } = await testMarketplace();
    const id = await assignedOrder(rest, 3001);
    const events = recordEvents(marketplace);
    const thread = await rest('POST', `workorders/${id}/messages`, { message: 'Please call the store manager on arrival.' });
    expect(thread.status).toBe(200);
    expect(MessageSchema.parse(thread.body)).toMatchObject({
      parent_id: null,
      message: 'Please call the store manager on arrival.',
      read: true,
      from: { id: 2001, role: 'buyer' },
      to: { id: 3001, name: 'Luis Ramos', role: 'provider' },
      replies: [],
    });
    const reply = await simulated(marketplace, 'message', { work_order_id: id, provider_id: 3001, message: 'Will do.', parent_id: thread.body.msg_id });
    expect(reply).toMatchObject({ parent_id: thread.body.msg_id, read: false, from: { id: 3001, role: 'provider' }, to: { id: 2001, role: 'buyer' } });
    expect((await rest('GET', `workorders/${id}/messages`)).body.unread).toBe(1);

    const answer = await rest('POST', `workorders/${id}/messages/${reply.msg_id}`, { message: 'Thanks!' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ parent_id: reply.msg_id, from: { id: 2001 }, to: { id: 3001 } });

    const list = await rest('GET', `workorders/${id}/messages`);
    expect(list.status).toBe(200);
    MessageListSchema.parse(list.body);
    expect(list.body).toMatchObject({ metadata: { total: 1 }, actions: ['add'], unread: 0 });
    const [root] = list.body.results;
    expect(root).toMatchObject({ msg_id: thread.body.msg_id, replies: [{ msg_id: reply.msg_id, read: true, replies: [{ msg_id: answer.body.msg_id, message: 'Thanks!', replies: [] }] }] });
    expect(root.created.utc).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(events.map((event) => [event.name, event.triggeredByUserId, event.statusId, event.previousStatusId])).toEqual([
      ['workorder.message_posted', 2001, 3, 3],
      ['workorder.message_posted', 3001, 3, 3],
      ['workorder.message_posted', 2001, 3, 3],
    ]);
  });

  it('takes form bodies and async=true, and addresses nobody before assignment', async () => {
    const { rest, marketplace } = await testMarketplace();
    const id = await publishedOrder(rest);
    const form = await rest('POST', `workorders/${id}/messages`, 'message=Parking+is+behind+the+store');
    expect(form.body).toMatchObject({ message: 'Parking is behind the store', to: null });
    const later = await rest('POST', `workorders/${id}/messages/${form.body.msg_id}?async=true`, { message: 'And bring a ladder.' });
    const worker = WorkerAnswerSchema.parse(later.body).__worker;
    await marketplace.context.background.settled();
    expect(marketplace.context.background.find(worker.id)).toMatchObject({ status: 'done', response: { parent_id: form.body.msg_id, message: 'And bring a ladder.' } });
    // Any provider may ask about an order open to requests.
    await simulated(marketplace, 'message', { work_order_id: id, provider_id: 3015, message: 'Is a lift available?' });
    expect((await rest('GET', `workorders/${id}/messages`)).body.results).toHaveLength(2);
  });

  it('refuses unknown messages, empty or missing bodies, and other companies’ orders', async () => {
    const { rest, marketplace } = await testMarketplace();
    const id = await assignedOrder(rest, 3002);
    const other = await assignedOrder(rest, 3002);
    const foreign = (await rest('POST', `workorders/${other}/messages`, { message: 'Elsewhere' })).body;
    expectError(await rest('POST', `workorders/${id}/messages/999999`, { message: 'Hello?' }), 404, /Message 999999 of work order \d+ not found/);
    expectError(await rest('POST', `workorders/${id}/messages/${foreign.msg_id}`, { message: 'Hello?' }), 404, /not found/);
    expectError(await rest('POST', `workorders/${id}/messages/${foreign.msg_id}?async=true`, { message: 'Hello?' }), 404, /not found/);
    expectError(await rest('POST', `workorders/${other}/messages/${foreign.msg_id}`, { message: '   ' }), 400, /body/);
    expectError(await rest('POST', `workorders/${other}/messages/${foreign.msg_id}`, {}), 400, /body/);
    expectError(await rest('POST', `workorders/${other}/messages`, { message: 'x', to: 3 }), 400, /body/);
    giveToAnotherCompany(marketplace, other);
    expectError(await rest('GET', `workorders/${other}/messages`), 403, /another company/);
  });

  it('lets only the assignee write once the order is assigned', async () => {
    const { rest, marketplace } = await testMarketplace();
    const id = await assignedOrder(rest, 3003);
    const stranger = await simulate(marketplace, 'message', { work_order_id: id, provider_id: 3004, message: 'Can I take it?' });
    expectError(stranger, 400, /provider 3004 is not the assignee/);
    expect(stranger.body.fields).toBe('provider_id');
    const orphan = await simulate(marketplace, 'message', { work_order_id: id, provider_id: 3003, message: 'Re: ?', parent_id: 424242 });
    expect(orphan.body).toMatchObject({ code: 400, fields: 'parent_id' });
    expect((await simulate(marketplace, 'message', { work_order_id: id, provider_id: 3003, message: '' })).status).toBe(400);
  });
});
