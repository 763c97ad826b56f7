import { describe, expect, it } from 'vitest';
import { ProviderProfileSchema } from '../../src-shared/api/provider';
import { STATUS_SLUGS } from '../../src-shared/api/status';
import { WorkOrderSchema } from '../../src-shared/api/work-order';
import { workOrderRepository } from '../../src-main/local-marketplace/domain/work-order-repository';
import { setSubStatus } from '../../src-main/local-marketplace/domain/work-order-transitions';
import { seedWorkOrders } from '../../src-main/local-marketplace/seed/work-orders';
import { testMarketplace, type TestMarketplace } from './support';
import { READY_ORDER, createOrder, fileMarketplace, recordEvents, temporaryDatabase, transition } from './work-orders-fixtures';

// These need the demo seed's providers (3001–3020), saved locations (701–708) and clients
// (501–503, projects 601–609).

const route = (id: number) => ({ route: { technician: { id } } });

async function stamped(rest: TestMarketplace['rest'], id: number): Promise<string[]> {
  const milestones = (await rest('GET', `workorders/${id}/milestones`)).body;
  return STATUS_SLUGS.filter((slug) => milestones[slug] !== null);
}

describe('the whole lifecycle', () => {
  it('walks one order through every transition to paid', async () => {
    const { rest, marketplace } = await testMarketplace({ payDelaySeconds: 1200 });
    const events = recordEvents(marketplace);
    const id = await createOrder(rest);
    const steps: [method: 'POST' | 'DELETE', path: string, body: unknown, status: [number, string], milestones: string[]][] = [
      ['POST', '/publish', undefined, [2, 'Published'], ['created', 'published']],
      ['DELETE', '/publish', undefined, [1, 'Draft'], ['created', 'published']],
      ['POST', '/publish', undefined, [2, 'Published'], ['created', 'published']],
      ['POST', '/route', route(3001), [9, 'Routed'], ['created', 'published', 'routed']],
      ['DELETE', '/route', route(3001), [2, 'Published'], ['created', 'published', 'routed']],
      ['POST', '/route', `route=${encodeURIComponent(JSON.stringify(route(3002).route))}`, [9, 'Routed'], ['created', 'published', 'routed']],
      ['POST', '/assignee', { assignee: 3002 }, [3, 'Assigned'], ['created', 'published', 'routed', 'assigned']],
      ['DELETE', '/assignee', undefined, [2, 'Published'], ['created', 'published', 'routed', 'assigned']],
      ['POST', '/assignee', 'assignee=3003', [3, 'Assigned'], ['created', 'published', 'routed', 'assigned']],
      ['POST', '/complete', undefined, [4, 'Work Done'], ['created', 'published', 'routed', 'assigned', 'workdone']],
      ['DELETE', '/complete?reason=1', undefined, [3, 'Assigned'], ['created', 'published', 'routed', 'assigned', 'workdone']],
      ['POST', '/complete', undefined, [4, 'Work Done'], ['created', 'published', 'routed', 'assigned', 'workdone']],
      ['POST', '/approve', undefined, [5, 'Approved'], ['created', 'published', 'routed', 'assigned', 'workdone', 'approved']],
      ['DELETE', '/approve', undefined, [4, 'Work Done'], ['created', 'published', 'routed', 'assigned', 'workdone', 'approved']],
      ['POST', '/approve', undefined, [5, 'Approved'], ['created', 'published', 'routed', 'assigned', 'workdone', 'approved']],
    ];
    for (const [method, path, body, [statusId, name], milestones] of steps) {
      const answer = await transition(rest, method, id, path, body);
      // Route and unroute answer the provider profile; everything else the order.
      if (path === '/route') expect(ProviderProfileSchema.parse(answer).id).toBeGreaterThan(3000);
      else expect(answer.status).toMatchObject({ id: statusId, name, display: name });
      expect((await rest('GET', `workorders/${id}/status`)).body, `${method} ${path}`).toMatchObject({ id: statusId, name, display: name });
      expect(await stamped(rest, id), `${method} ${path}`).toEqual(milestones);
      marketplace.context.clock.advance(60);
    }
    expect((await rest('GET', `workorders/${id}`)).body.assignee.user.id).toBe(3003);
    // The unapprove cancelled the first payment: the second approval's is due 1200 s after it.
    marketplace.context.clock.advance(1100);
    expect((await rest('GET', `workorders/${id}/status`)).body.name).toBe('Approved');
    marketplace.context.clock.advance(100);
    const paid = (await rest('GET', `workorders/${id}`)).body;
    expect(paid.status).toMatchObject({ id: 6, name: 'Paid', display: 'Paid' });
    expect(await stamped(rest, id)).toEqual(['created', 'published', 'routed', 'assigned', 'workdone', 'approved', 'paid']);
    const milestones = (await rest('GET', `workorders/${id}/milestones`)).body;
    expect(milestones.time_to_dispatch).toBeGreaterThan(0);
    expect(milestones.time_to_work_done).toBeGreaterThan(0);
    const aliveWhenPaid = milestones.time_alive;
    marketplace.context.clock.advance(600);
    expect((await rest('GET', `workorders/${id}/milestones`)).body.time_alive).toBe(aliveWhenPaid);
    expect(events.map((event) => event.name)).toEqual([
      'workorder.created', 'workorder.status.published', 'workorder.status.draft', 'workorder.status.published',
      'workorder.routed', 'workorder.status.routed', 'workorder.status.published', 'workorder.routed', 'workorder.status.routed',
      'workorder.status.assigned', 'workorder.status.assigned_cancelled', 'workorder.status.assigned', 'workorder.status.work_done',
      'workorder.status.assigned', 'workorder.status.work_done', 'workorder.status.approved', 'workorder.status.work_done',
      'workorder.status.approved', 'workorder.status.paid',
    ]);
    expect(events.at(-1)).toMatchObject({ statusId: 6, previousStatusId: 5, triggeredByUserId: 2001 });
    // The pay job of this order ran and is gone (seeded approved orders keep theirs).
    expect(marketplace.context.db.prepare("SELECT COUNT(*) AS jobs FROM scheduled_jobs WHERE json_extract(payload, '$.workOrderId') = ?").get(id)).toEqual({ jobs: 0 });
  });
});

describe('routing', () => {
  it('keeps several routes open and goes back where routing found the order', async () => {
    const { rest, marketplace } = await testMarketplace();
    const id = await createOrder(rest);
    const profile = await transition(rest, 'POST', id, '/route', route(3001));
    expect(profile).toMatchObject({ id: 3001, first_name: 'Luis' });
    await transition(rest, 'POST', id, '/route', route(3002));
    const order = (await rest('GET', `workorders/${id}`)).body;
    expect(order.status).toMatchObject({ name: 'Routed', is_routed: true });
    expect(order.routes.results.map((open: { technician: { id: number } }) => open.technician.id)).toEqual([3001, 3002]);
    const events = recordEvents(marketplace);
    await transition(rest, 'POST', id, '/route', route(3002));
    expect(events).toEqual([]);
    await transition(rest, 'DELETE', id, '/route', route(3001));
    expect((await rest('GET', `workorders/${id}/status`)).body).toMatchObject({ name: 'Routed', is_routed: true });
    await transition(rest, 'DELETE', id, '/route', route(3002));
    // Routed from a draft, so back to Draft.
    expect((await rest('GET', `workorders/${id}/status`)).body).toMatchObject({ name: 'Draft', is_routed: false });
    expect(events.map((event) => event.name)).toEqual(['workorder.status.draft']);
  });

  it('closes the routes when the order is published, reverted or assigned', async () => {
    const { rest } = await testMarketplace();
    for (const [method, path, body, name] of [
      ['POST', '/publish', undefined, 'Published'],
      ['DELETE', '/draft', undefined, 'Draft'],
      ['POST', '/assignee', { assignee: 3004 }, 'Assigned'],
    ] as const) {
      const id = await createOrder(rest);
      await transition(rest, 'POST', id, '/route', route(3004));
      const moved = await transition(rest, method, id, path, body);
      expect(moved.status).toMatchObject({ name, is_routed: false });
      expect(moved.routes.results).toEqual([]);
    }
  });

  it('refuses unknown providers and routes that are not open', async () => {
    const { rest } = await testMarketplace();
    const id = await createOrder(rest);
    const unknown = await rest('POST', `workorders/${id}/route`, route(999999));
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toBe('route.technician.id');
    expect((await rest('POST', `workorders/${id}/route`, route(2002))).status).toBe(400);
    await transition(rest, 'POST', id, '/route', route(3005));
    expect((await rest('DELETE', `workorders/${id}/route`, route(3006))).body.fields).toBe('route.technician.id');
    expect((await rest('POST', `workorders/${id}/assignee`, { assignee: 999999 })).body.fields).toBe('assignee');
  });
});

describe('assignment', () => {
  it('keeps one assignee, and names the status of a refused change', async () => {
    const { rest } = await testMarketplace();
    const id = await createOrder(rest);
    await transition(rest, 'POST', id, '/assignee', { assignee: 3007 });
    expect((await transition(rest, 'POST', id, '/assignee', { assignee: 3007 })).assignee.user).toMatchObject({ id: 3007, first_name: expect.any(String) });
    const other = await rest('POST', `workorders/${id}/assignee`, { assignee: 3008 });
    expect(other.status).toBe(400);
    expect(other.body.message).toContain('Assigned to provider 3007');
    const revert = await rest('DELETE', `workorders/${id}/draft`);
    expect(revert.status).toBe(400);
    expect(revert.body.message).toBe('Can not revert: work order is Assigned');
    expect((await rest('POST', `workorders/${id}/route`, route(3001))).body.message).toBe('Can not route: work order is Assigned');
    expect((await rest('PUT', `workorders/${id}`, { title: 'Still editable' })).status).toBe(200);
  });

  it("shows the provider's progress (decisions §1) and announces it", async () => {
    const { rest, marketplace } = await testMarketplace();
    const id = await createOrder(rest);
    await transition(rest, 'POST', id, '/assignee', { assignee: 3009 });
    const events = recordEvents(marketplace);
    setSubStatus(marketplace.context, id, 'checked_in');
    expect((await rest('GET', `workorders/${id}/status`)).body).toMatchObject({ display: 'Assigned: Checked in', code: 'checked_in', sub_status: 'checked_in', confirmed: true, delay: 0 });
    setSubStatus(marketplace.context, id, 'delayed', 900);
    expect((await rest('GET', `workorders/${id}/status`)).body).toMatchObject({ display: 'Assigned: Delayed', code: 'delayed', delay: 900, confirmed: true });
    setSubStatus(marketplace.context, id, 'on_hold');
    expect(events.map((event) => [event.name, event.triggeredByUserId])).toEqual([['workorder.status.checked_in', 3009], ['workorder.status.delayed', 3009]]);
    const done = await transition(rest, 'POST', id, '/complete');
    expect(done.status).toMatchObject({ display: 'Work Done', code: 'workdone', sub_status: '' });
    expect(() => setSubStatus(marketplace.context, id, 'confirmed')).toThrow('Can not set sub-status: work order is Work Done');
    await transition(rest, 'DELETE', id, '/complete?reason=5');
    const unassigned = await transition(rest, 'DELETE', id, '/assignee');
    expect(unassigned.status).toMatchObject({ confirmed: false, sub_status: '' });
    expect(unassigned.assignee).toBeNull();
  });
});

describe('payment', () => {
  it('pays after a restart the approval that was pending when the server closed', async () => {
    const db = temporaryDatabase();
    const first = await fileMarketplace(db, { payDelaySeconds: 120 });
    const id = await createOrder(first.rest);
    for (const [method, path, body] of [['POST', '/assignee', { assignee: 3010 }], ['POST', '/complete'], ['POST', '/approve']] as const) {
      await transition(first.rest, method, id, path, body);
    }
    await first.close();

    const second = await fileMarketplace(db, { payDelaySeconds: 120 });
    expect((await second.rest('GET', `workorders/${id}/status`)).body.name).toBe('Approved');
    const events = recordEvents(second.marketplace);
    second.marketplace.context.clock.advance(121);
    expect((await second.rest('GET', `workorders/${id}/status`)).body.name).toBe('Paid');
    expect(events).toEqual([expect.objectContaining({ name: 'workorder.status.paid', workOrderId: id, triggeredByUserId: 2001 })]);
    expect((await second.rest('DELETE', `workorders/${id}/approve`)).body.message).toBe('Can not unapprove: work order is Paid');
    expect((await second.rest('DELETE', `workorders/${id}`, { cancel_reason: 1 })).body.message).toBe('Can not cancel: work order is Paid');
  });

  it('does not pay an order cancelled after approval', async () => {
    const { rest, marketplace } = await testMarketplace();
    const id = await createOrder(rest);
    for (const [method, path, body] of [['POST', '/assignee', { assignee: 3011 }], ['POST', '/complete'], ['POST', '/approve'], ['DELETE', '', { cancel_reason: 2 }]] as const) {
      await transition(rest, method, id, path, body);
    }
    marketplace.context.clock.advance(600);
    expect((await rest('GET', `workorders/${id}/status`)).body.name).toBe('Cancelled');
  });
});

describe('references', () => {
  it('answers saved locations, clients and projects as they are now', async () => {
    const { rest } = await testMarketplace();
    const id = await createOrder(rest, { ...READY_ORDER, location: { mode: 'saved', id: 701 }, client: { id: 501 }, project: { id: 602 } });
    const order = (await rest('GET', `workorders/${id}`)).body;
    expect(WorkOrderSchema.safeParse(order).success).toBe(true);
    expect(order).toMatchObject({
      location: { mode: 'saved', id: 701, city: 'Naperville', state: 'IL', time_zone: { name: 'America/Chicago' }, saved_location: { name: 'Brightline Store #1142' } },
      client: { id: 501, name: 'Brightline Retail Group' },
      project: { id: 602, name: 'Store Network Upgrade' },
      policy_and_procedures: expect.stringContaining('store manager'),
    });
    expect(order.client.projects).toBeUndefined();
    const ids = async (query: string) => (await rest('GET', `workorders?${query}`)).body.results.map((item: { id: number }) => item.id);
    expect(await ids('f_saved_location=701')).toContain(id);
    expect(await ids('f_client=501&f_project=602')).toContain(id);
    expect(await ids('f_city=Naperville')).toContain(id);
    expect(await ids('f_search=Brightline')).toContain(id);
    expect(await ids('f_client=502')).not.toContain(id);
  });

  it('refuses records that do not exist or do not belong together', async () => {
    const { rest } = await testMarketplace();
    const cases: [object, string][] = [
      [{ location: { mode: 'saved', id: 799 } }, 'location.id'],
      [{ client: { id: 599 } }, 'client.id'],
      [{ project: { id: 699 } }, 'project.id'],
      [{ client: { id: 501 }, project: { id: 604 } }, 'project.id'],
      [{ client: { id: 599 }, location: { mode: 'saved', id: 799 } }, 'location.id,client.id'],
    ];
    for (const [body, fields] of cases) {
      const answer = await rest('POST', 'workorders', { title: 'References', ...body });
      expect({ body, status: answer.status, fields: answer.body.fields }).toEqual({ body, status: 400, fields });
    }
  });
});

describe('seedWorkOrders', () => {
  it('seeds about forty orders in every status with a history that fits', async () => {
    const { rest, marketplace } = await testMarketplace();
    // Seeded unless the demo seed does it already.
    if (!workOrderRepository(marketplace.context).find(10001)) seedWorkOrders(marketplace.context);
    const page = (await rest('GET', 'workorders?per_page=100&f_search=&sort=id&order=asc')).body.results.filter((item: { id: number }) => item.id >= 10001 && item.id <= 10040);
    expect(page).toHaveLength(40);
    expect(new Set(page.map((item: { status: { name: string } }) => item.status.name))).toEqual(new Set(['Draft', 'Published', 'Routed', 'Assigned', 'Work Done', 'Approved', 'Paid', 'Cancelled']));
    expect(new Set(page.map((item: { status: { sub_status: string } }) => item.status.sub_status)).size).toBeGreaterThanOrEqual(7);
    for (const item of page) {
      const order = (await rest('GET', `workorders/${item.id}`)).body;
      expect(WorkOrderSchema.safeParse(order).success, String(item.id)).toBe(true);
      const milestones = (await rest('GET', `workorders/${item.id}/milestones`)).body;
      const times = STATUS_SLUGS.filter((slug) => milestones[slug]).map((slug) => milestones[slug].utc as string);
      expect(times, String(item.id)).toEqual([...times].sort());
      expect(order.status.is_routed, String(item.id)).toBe(order.status.name === 'Routed');
      if (order.location) expect(order.location.city, String(item.id)).toEqual(expect.any(String));
    }
    const jobs = marketplace.context.db.prepare(`SELECT COUNT(*) AS jobs FROM scheduled_jobs WHERE kind = 'workorder.pay'`).get();
    expect(jobs).toEqual({ jobs: page.filter((item: { status: { name: string } }) => item.status.name === 'Approved').length });
  });
});
