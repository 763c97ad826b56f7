import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { listItems, type WorkOrderCreateBodySchema } from '../../../src-shared/api';
import { clientUnderTest } from './support';

// Typed calls against the demo company of a real local marketplace: each answer parsed with the
// tolerant schema of src-shared/api, each body checked by the strict request schema.

const READY_ORDER: z.input<typeof WorkOrderCreateBodySchema> = {
  title: 'Install two POS terminals',
  types_of_work: [{ id: 62, isPrimary: true }],
  service_types: [{ id: 61 }],
  location: { mode: 'custom', address1: '233 S Wacker Dr', city: 'Chicago', state: 'IL', zip: '60606', country: 'US' },
  schedule: { service_window: { mode: 'exact', start: { utc: '2030-01-15 15:00:00' } } },
  pay: { type: 'fixed', base: { amount: 240 } },
};

describe('marketplace client', () => {
  it('lists, reads and pages work orders', async () => {
    const { client } = await clientUnderTest();
    const page = await client.workOrders.list({ list: 'workorders_all', per_page: 5, page: 2, sort: 'id', order: 'asc' });
    expect(page.results).toHaveLength(5);
    expect(page.metadata.page).toBe(2);
    const found = await client.workOrders.list({ f_work_order_id: 10003 });
    expect(found.results.map((order) => order.id)).toEqual([10003]);
    expect(listItems(await client.workOrders.lists()).length).toBeGreaterThan(0);
    const order = await client.workOrders.get(10001);
    expect(order.id).toBe(10001);
    expect(await client.workOrders.status(10001)).toBeTruthy();
    expect(await client.workOrders.milestones(10001)).toBeTruthy();
  });

  it('creates, updates, publishes and cancels an order', async () => {
    const { client } = await clientUnderTest();
    const created = await client.workOrders.create(READY_ORDER);
    expect(created.status?.name).toBe('Draft');
    const updated = await client.workOrders.update(created.id, { title: 'Install three POS terminals' });
    expect(updated.title).toBe('Install three POS terminals');
    expect((await client.workOrders.publish(created.id)).status?.name).toBe('Published');
    expect((await client.workOrders.unpublish(created.id)).status?.name).toBe('Draft');
    await client.workOrders.publish(created.id);
    expect((await client.workOrders.revert(created.id)).status?.name).toBe('Draft');
    expect((await client.workOrders.cancel(created.id, { cancel_reason: 1 })).status?.name).toBe('Cancelled');
  });

  it('reads what hangs off a work order', async () => {
    const { client } = await clientUnderTest();
    for (const id of [10001, 10020, 10035]) {
      await client.parts.requests(id);
      await client.parts.providersPendingAssignment(id);
      const folders = await client.parts.attachmentFolders(id);
      const folder = folders.results[0];
      if (folder) expect((await client.parts.attachmentFolder(id, folder.id)).id).toBe(folder.id);
      await client.parts.expenses(id);
      await client.parts.messages(id);
      await client.parts.problems(id);
      await client.parts.timeLogs(id);
      await client.parts.pay(id);
      await client.parts.shipments(id);
    }
  });

  it('posts a message and declines an unknown swap with API_NOT_FOUND', async () => {
    const { client } = await clientUnderTest();
    const message = await client.parts.sendMessage(10001, { message: 'Please bring a ladder' });
    expect(message.message).toBe('Please bring a ladder');
    await expect(client.parts.declineSwap(10001, 'no-such-swap')).rejects.toMatchObject({ code: 'API_NOT_FOUND' });
  });

  it('reads reference data, clients, projects and users', async () => {
    const { client } = await clientUnderTest();
    const types = await client.company.typesOfWork();
    expect(types.results.length).toBeGreaterThan(0);
    await client.company.serviceTypes(62);
    await client.company.expenseCategories();
    await client.company.tags();
    await client.company.incompleteReasons();
    await client.company.locationTypes();
    await client.company.preferredProviders();
    const clients = await client.company.clients();
    expect((await client.company.client(501)).id).toBe(501);
    expect(clients.results.length).toBeGreaterThan(0);
    await client.company.projects(501);
    expect((await client.company.user(3001)).id).toBe(3001);
  });

  it('reads a provider as the dispatch board needs them, and the selection rules page by page', async () => {
    const { client } = await clientUnderTest();
    const provider = await client.company.user(3003);
    expect(provider).toMatchObject({ id: 3003, role: 'provider', coords: { latitude: expect.any(Number), longitude: expect.any(Number) }, jobs: { company: expect.any(Number) } });
    expect(Array.isArray(provider.upcoming_schedule)).toBe(true);
    const first = await client.company.selectionRules({ per_page: 3 });
    expect(first.metadata).toMatchObject({ total: 4, pages: 2 });
    expect(first.results[0]?.results?.[0]?.name).toBe('SC_SERVICE_CATEGORY_OF_WORKORDER');
    expect((await client.company.selectionRules({ page: 2, per_page: 3 })).results.map((rule) => rule.id)).toEqual([1104]);
    await expect(client.company.selectionRules({ per_page: 500 })).rejects.toMatchObject({ code: 'API_REJECTED', message: expect.stringContaining('it was not sent') });
  });

  it('keeps saved locations and talent pool attributes', async () => {
    const { client } = await clientUnderTest();
    const location = await client.company.createLocation({ name: 'Depot', address1: '1 Main St', city: 'Chicago', state: 'IL', zip: '60601', country: 'US' });
    expect((await client.company.updateLocation(location.id, { notes: 'Back door' })).notes).toBe('Back door');
    expect(listItems(await client.company.locations({ f_search: 'Depot' })).map((found) => found.id)).toContain(location.id);
    await client.company.deleteLocation(location.id);

    const member = { talentPoolId: 812, providerId: 3003 };
    const added = await client.company.addTalentPoolAttributes(member, { attributes: [{ name: 'Ladder', value: 'yes' }] });
    const ladder = listItems(added).find((attribute) => attribute.name === 'Ladder');
    if (!ladder) throw new Error('attribute not added');
    expect((await client.company.updateTalentPoolAttribute(member, ladder.id, { value: 'no' })).value).toBe('no');
    await client.company.updateTalentPoolAttributes(member, { attributes: [{ id: ladder.id, value: 'maybe' }] });
    expect(listItems(await client.company.talentPoolAttributes(member)).some((attribute) => attribute.value === 'maybe')).toBe(true);
    await client.company.deleteTalentPoolAttribute(member, ladder.id);
  });

  it('starts an auto-dispatch, by a selection rule, routing; an unknown rule is refused', async () => {
    const { client } = await clientUnderTest();
    const created = await client.workOrders.create({ ...READY_ORDER, title: 'Dispatch me', auto_dispatch: true });
    expect((await client.workOrders.autoDispatch({ work_order_ids: [created.id], selection_rule_id: 1101, should_route: true })).__worker).toBeTruthy();
    await expect(client.workOrders.autoDispatch({ work_order_ids: [created.id], selection_rule_id: 999_999 })).rejects.toMatchObject({ code: 'API_REJECTED', fields: ['selection_rule_id'] });
  });
});
