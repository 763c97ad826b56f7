import { describe, expect, it } from 'vitest';
import { testMarketplace } from './support';
import { READY_ORDER, createOrder, fileMarketplace, recordEvents, temporaryDatabase, transition } from './work-orders-fixtures';

describe('publish, unpublish and revert', () => {
  it('publishes a ready draft and stamps the milestone once', async () => {
    const { rest, marketplace } = await testMarketplace();
    const id = await createOrder(rest);
    const events = recordEvents(marketplace);
    const published = await transition(rest, 'POST', id, '/publish');
    expect(published.status).toMatchObject({ id: 2, name: 'Published', display: 'Published', code: 'published' });
    expect(published.actions).toEqual(['edit', 'unpublish', 'revert', 'search-provider', 'cancel', 'apply_tags']);
    expect(events).toEqual([expect.objectContaining({ name: 'workorder.status.published', workOrderId: id, companyId: 1001, statusId: 2, previousStatusId: 1, triggeredByUserId: 2001 })]);
    const firstStamp = (await rest('GET', `workorders/${id}/milestones`)).body.published;

    marketplace.context.clock.advance(60);
    const unpublished = await transition(rest, 'DELETE', id, '/publish');
    expect(unpublished.status).toMatchObject({ id: 1, name: 'Draft' });
    await transition(rest, 'POST', id, '/publish');
    const reverted = await transition(rest, 'DELETE', id, '/draft');
    expect(reverted.status.name).toBe('Draft');
    expect(events.map((event) => event.name)).toEqual(['workorder.status.published', 'workorder.status.draft', 'workorder.status.published', 'workorder.status.draft']);
    // Only the first entry into a state stamps it.
    expect((await rest('GET', `workorders/${id}/milestones`)).body.published).toEqual(firstStamp);
  });

  it('refuses to publish or assign what is not ready, naming every missing field', async () => {
    const { rest } = await testMarketplace();
    const bare = await createOrder(rest, { title: 'Bare draft' });
    const answer = await rest('POST', `workorders/${bare}/publish`);
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toBe('types_of_work,location,schedule.service_window,pay.base.amount');
    const almost = await createOrder(rest, { ...READY_ORDER, pay: undefined, types_of_work: undefined, service_types: undefined, type_of_work: { id: 62 } });
    expect((await rest('POST', `workorders/${almost}/publish`)).body.fields).toBe('pay.base.amount');
    expect((await rest('POST', `workorders/${almost}/assignee`, { assignee: 3001 })).body.fields).toBe('pay.base.amount');
    expect((await rest('GET', `workorders/${almost}/status`)).body.name).toBe('Draft');
  });

  it('answers 200 with the unchanged order for a transition to the state it is in', async () => {
    const { rest, marketplace } = await testMarketplace();
    const id = await createOrder(rest);
    await transition(rest, 'POST', id, '/publish');
    const events = recordEvents(marketplace);
    const milestones = (await rest('GET', `workorders/${id}/milestones`)).body;
    marketplace.context.clock.advance(60);
    expect((await transition(rest, 'POST', id, '/publish')).status.name).toBe('Published');
    expect((await rest('GET', `workorders/${id}/milestones`)).body.published).toEqual(milestones.published);
    expect((await transition(rest, 'DELETE', id, '/assignee')).status.name).toBe('Published');
    await transition(rest, 'DELETE', id, '/draft');
    expect((await transition(rest, 'DELETE', id, '/publish')).status.name).toBe('Draft');
    expect(events.map((event) => event.name)).toEqual(['workorder.status.draft']);
  });

  it('refuses a transition not allowed, naming the current status', async () => {
    const { rest } = await testMarketplace();
    const id = await createOrder(rest);
    const cases: ['POST' | 'DELETE', string, string][] = [
      ['DELETE', '/assignee', 'Can not unassign: work order is Draft'],
      ['DELETE', '/route', 'Can not unroute: work order is Draft'],
      ['POST', '/complete', 'Can not complete: work order is Draft'],
      ['POST', '/approve', 'Can not approve: work order is Draft'],
      ['DELETE', '/approve', 'Can not unapprove: work order is Draft'],
    ];
    for (const [method, path, message] of cases) {
      const answer = await rest(method, `workorders/${id}${path}`, path === '/route' ? { route: { technician: { id: 3001 } } } : undefined);
      expect({ path, status: answer.status, message: answer.body.message, code: answer.body.code }).toEqual({ path, status: 400, message, code: 400 });
    }
    const incomplete = await rest('DELETE', `workorders/${id}/complete?reason=1`);
    expect(incomplete.body.message).toBe('Can not mark incomplete: work order is Draft');
    expect((await rest('DELETE', `workorders/${id}/complete?reason=9`)).body.fields).toBe('reason');
    expect((await rest('DELETE', `workorders/${id}/complete`)).body.fields).toBe('reason');
    expect((await rest('POST', 'workorders/987654/publish')).status).toBe(404);
    expect((await rest('POST', 'workorders/x/publish')).status).toBe(400);
  });

  it('checks the bodies of route and assignee', async () => {
    const { rest } = await testMarketplace();
    const id = await createOrder(rest);
    const cases: [string, unknown, string][] = [
      ['/route', {}, 'route'],
      ['/route', { route: '{"technician":{}}' }, 'route.technician.id'],
      ['/route', 'route=not-json', 'route'],
      ['/route', { route: { technician: { id: 3001 } }, extra: 1 }, 'extra'],
      ['/assignee', {}, 'assignee'],
      ['/assignee', { assignee: 'someone' }, 'assignee'],
    ];
    for (const [path, body, fields] of cases) {
      const answer = await rest('POST', `workorders/${id}${path}`, body);
      expect({ path, body, status: answer.status, fields: answer.body.fields }).toEqual({ path, body, status: 400, fields });
    }
  });
});

describe('cancel', () => {
  it('cancels from any state but Paid and Cancelled, and keeps what the buyer said', async () => {
    const { rest, marketplace } = await testMarketplace();
    const id = await createOrder(rest);
    await transition(rest, 'POST', id, '/publish');
    const events = recordEvents(marketplace);
    expect((await rest('DELETE', `workorders/${id}`)).body.fields).toBe('cancel_reason');
    expect((await rest('DELETE', `workorders/${id}`, { cancel_reason: 'soon' })).body.fields).toBe('cancel_reason');
    const cancelled = await transition(rest, 'DELETE', id, '', 'cancel_reason=3&notes=Store%20closed&message_to_provider=Sorry');
    expect(cancelled.status).toMatchObject({ id: 7, name: 'Cancelled', code: 'canceled' });
    expect(cancelled.workflow_cancel).toEqual({ cancel_reason: 3, notes: 'Store closed', message_to_provider: 'Sorry' });
    expect(cancelled.actions).toEqual([]);
    expect(events).toEqual([expect.objectContaining({ name: 'workorder.status.deleted', statusId: 7, previousStatusId: 2 })]);
    expect((await rest('GET', `workorders/${id}/milestones`)).body.canceled).toMatchObject({ utc: expect.any(String) });
    // Again: already there, so 200 and nothing new.
    expect((await transition(rest, 'DELETE', id, '', { cancel_reason: 1 })).workflow_cancel.cancel_reason).toBe(3);
    expect(events).toHaveLength(1);
    const publish = await rest('POST', `workorders/${id}/publish`);
    expect(publish.body.message).toBe('Can not publish: work order is Cancelled');
  });
});

describe('persistence', () => {
  it('keeps orders and their history in a database file across a restart', async () => {
    const db = temporaryDatabase();
    const first = await fileMarketplace(db);
    const id = await createOrder(first.rest);
    await transition(first.rest, 'POST', id, '/publish');
    await first.close();

    const { rest } = await fileMarketplace(db);
    expect((await rest('GET', `workorders/${id}`)).body).toMatchObject({ id, title: READY_ORDER.title, status: { name: 'Published' }, location: { city: 'Chicago' } });
    expect((await rest('GET', `workorders/${id}/milestones`)).body.published).toMatchObject({ utc: expect.any(String) });
    expect(await createOrder(rest)).toBe(id + 1);
  });
});
