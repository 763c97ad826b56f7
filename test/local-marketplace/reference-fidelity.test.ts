import { describe, expect, it } from 'vitest';
import { ListTimingSchema } from '../../src-shared/api/common';
import { WORK_ORDER_LISTS } from '../../src-shared/api/work-order-list';
import { REFERENCE_ACTIONS } from './reference-models';
import { testMarketplace } from './support';
import { createOrder, transition } from './work-orders-fixtures';

// Where the local marketplace once differed from the real service's SDK models (issue 15): each
// test reads answers through the public surface and checks them against the models' types and enums.

describe('list timings (ListEnvelopeTimings.time: Integer)', () => {
  it('are whole milliseconds in every list and page', async () => {
    const { rest } = await testMarketplace();
    for (const { id } of WORK_ORDER_LISTS) {
      for (const query of [`list=${id}`, `list=${id}&per_page=100&sort=title&f_search=a`]) {
        const answer = await rest('GET', `workorders?${query}`);
        expect(answer.status).toBe(200);
        expect(answer.body.metadata.timings.length).toBeGreaterThan(0);
        for (const timing of answer.body.metadata.timings) expect(Number.isInteger(timing.time), `${query}: ${JSON.stringify(timing)}`).toBe(true);
      }
    }
  });

  it('are read as integers by the shared schema', () => {
    expect(ListTimingSchema.safeParse({ name: 'query', time: 3 }).success).toBe(true);
    expect(ListTimingSchema.safeParse({ name: 'query', time: 0.094 }).success).toBe(false);
  });
});

/** Fails naming the resource and the values its reference enum lacks. */
function expectActionsOf(model: keyof typeof REFERENCE_ACTIONS, actions: unknown, where: string): void {
  if (actions === undefined || actions === null) return;
  const allowed: readonly string[] = REFERENCE_ACTIONS[model];
  expect(Array.isArray(actions), `${where}: actions is an array`).toBe(true);
  expect((actions as string[]).filter((action) => !allowed.includes(action)), `${where}: not in ${model}.ActionsEnum`).toEqual([]);
}

type Answer = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are checked key by key

/** Every list envelope and item a full order embeds, each against its own model. */
function expectOrderActions(order: Answer): void {
  const where = `order ${order.id}`;
  expectActionsOf('WorkOrder', order.actions, where);
  expectActionsOf('Assignee', order.assignee?.actions, `${where} assignee`);
  expectActionsOf('Location', order.location?.actions, `${where} location`);
  expectActionsOf('Schedule', order.schedule?.actions, `${where} schedule`);
  expectActionsOf('Pay', order.pay?.actions, `${where} pay`);
  expectActionsOf('AttachmentFolders', order.attachments?.actions, `${where} attachments`);
  for (const folder of order.attachments?.results ?? []) {
    expectActionsOf('AttachmentFolder', folder.actions, `${where} folder ${folder.id}`);
    for (const file of folder.results ?? []) expectActionsOf('Attachment', file.actions, `${where} attachment ${file.id}`);
  }
  expectActionsOf('Problems', order.problems?.actions, `${where} problems`);
  for (const problem of order.problems?.results ?? []) expectActionsOf('Problem', problem.actions, `${where} problem ${problem.id}`);
  expectActionsOf('Messages', order.messages?.actions, `${where} messages`);
  expectActionsOf('Shipments', order.shipments?.actions, `${where} shipments`);
  for (const shipment of order.shipments?.results ?? []) expectActionsOf('Shipment', shipment.actions, `${where} shipment ${shipment.id}`);
  expectActionsOf('TimeLogs', order.time_logs?.actions, `${where} time logs`);
  expectActionsOf('Requests', order.requests?.actions, `${where} requests`);
  for (const request of order.requests?.results ?? []) expectActionsOf('Request', request.actions, `${where} request ${request.id}`);
  expectActionsOf('Routes', order.routes?.actions, `${where} routes`);
  for (const route of order.routes?.results ?? []) expectActionsOf('Route', route.actions, `${where} route`);
  expectActionsOf('Tags', order.tags?.actions, `${where} tags`);
  for (const tag of order.tags?.results ?? []) expectActionsOf('Tag', tag.actions, `${where} tag ${tag.id}`);
  expectActionsOf('ETA', order.eta?.actions, `${where} eta`);
}

describe('actions (each model ActionsEnum)', () => {
  it('a work order in every status offers only WorkOrder actions, and each part of it only its own', async () => {
    const { rest } = await testMarketplace();
    const list = await rest('GET', 'workorders?per_page=100');
    expectActionsOf('WorkOrders', list.body.actions, 'GET workorders');
    const statuses = new Set<string>();
    for (const item of list.body.results) {
      expectActionsOf('WorkOrder', item.actions, `list item ${item.id}`);
      expectActionsOf('Assignee', item.assignee?.actions, `list item ${item.id} assignee`);
      const order = (await rest('GET', `workorders/${item.id}`)).body;
      statuses.add(order.status.name);
      expectOrderActions(order);
      const expenses = (await rest('GET', `workorders/${item.id}/expenses`)).body;
      expectActionsOf('Expenses', expenses.actions, `order ${item.id} expenses`);
      for (const expense of expenses.results) expectActionsOf('Expense', expense.actions, `order ${item.id} expense ${expense.id}`);
    }
    expect([...statuses].sort()).toEqual(['Approved', 'Assigned', 'Cancelled', 'Draft', 'Paid', 'Published', 'Routed', 'Work Done']);
  });

  it('no route, assign, unroute or unassign on an order; the assignee offers unassign while Assigned', async () => {
    const { rest } = await testMarketplace();
    const published = await createOrder(rest);
    await transition(rest, 'POST', published, '/publish');
    const open = (await rest('GET', `workorders/${published}`)).body;
    expect(open.actions).toEqual(expect.arrayContaining(['edit', 'unpublish', 'revert', 'search-provider', 'cancel']));
    const assigned = await createOrder(rest);
    await transition(rest, 'POST', assigned, '/assignee', { assignee: 3001 });
    const order = (await rest('GET', `workorders/${assigned}`)).body;
    for (const answer of [open, order]) expect(answer.actions).not.toEqual(expect.arrayContaining([expect.stringMatching(/^(route|assign|unroute|unassign)$/)]));
    expect(order.assignee.actions).toEqual(['unassign']);
    await transition(rest, 'POST', assigned, '/complete');
    expect((await rest('GET', `workorders/${assigned}`)).body.assignee.actions).toEqual([]);
  });

  it('a saved location offers edit, never delete; company tags offer Tag actions', async () => {
    const { rest } = await testMarketplace();
    const locations = (await rest('GET', 'locations?per_page=100')).body;
    expect(locations.results.length).toBeGreaterThan(0);
    for (const location of locations.results) expect(location.actions, `location ${location.id}`).toEqual(['edit']);
    const tags = (await rest('GET', 'company/tags')).body;
    expectActionsOf('Tags', tags.actions, 'company/tags');
    for (const tag of tags.results) expectActionsOf('Tag', tag.actions, `tag ${tag.id}`);
  });
});
