import { describe, expect, it } from 'vitest';
import { assignedOrder, expectError, simulate, simulated } from './provider-fixtures';
import { testMarketplace } from './support';
import { giveToAnotherCompany, recordEvents, transition } from './work-orders-fixtures';

// An assigned provider asks to hand the order to another (simulated); the buyer accepts or
// declines (decisions §6). Swap request ids are strings.

describe('swaps', () => {
  it('accepting moves the assignee through unassign and assign, keeping the milestones', async () => {
    const { rest, marketplace } = await testMarketplace();
    const id = await assignedOrder(rest, 3001);
    await simulated(marketplace, 'confirm', { work_order_id: id, provider_id: 3001 });
    const assignedAt = (await rest('GET', `workorders/${id}/milestones`)).body.assigned;
    const swap = await simulated(marketplace, 'swap', { work_order_id: id, provider_id: 3001, to_provider_id: 3009, notes: 'Family emergency' });
    expect(swap).toMatchObject({ id: `swap-${id}-1`, from: { id: 3001 }, to: { id: 3009 }, status: 'pending', notes: 'Family emergency', decided: null, actions: ['accept', 'decline'] });
    expect((await rest('GET', `workorders/${id}/swaps`)).body).toMatchObject({ metadata: { total: 1 }, results: [{ id: swap.id, status: 'pending' }] });

    marketplace.context.clock.advance(60);
    const events = recordEvents(marketplace);
    const accepted = await rest('POST', `workorders/${id}/swaps/${swap.id}/accept`);
    expect(accepted).toMatchObject({ status: 200, body: { success: true } });
    const order = (await rest('GET', `workorders/${id}`)).body;
    expect(order.assignee.user.id).toBe(3009);
    expect(order.status).toMatchObject({ id: 3, name: 'Assigned', display: 'Assigned', sub_status: '', confirmed: false });
    expect((await rest('GET', `workorders/${id}/milestones`)).body.assigned).toEqual(assignedAt);
    expect(events.map((event) => [event.name, event.triggeredByUserId])).toEqual([
      ['workorder.status.assigned_cancelled', 2001],
      ['workorder.status.assigned', 2001],
    ]);
    expect((await rest('GET', `workorders/${id}/swaps`)).body.results[0]).toMatchObject({ status: 'accepted', actions: [], decided: { utc: expect.any(String) } });
    expectError(await rest('POST', `workorders/${id}/swaps/${swap.id}/accept`), 400, /swap request .* is already accepted/);
    expectError(await rest('POST', `workorders/${id}/swaps/${swap.id}/decline`), 400, /already accepted/);
  });

  it('declining keeps the assignee', async () => {
    const { rest, marketplace } = await testMarketplace();
    const id = await assignedOrder(rest, 3002);
    const swap = await simulated(marketplace, 'swap', 'work_order_id=' + id + '&provider_id=3002&to_provider_id=3010');
    const events = recordEvents(marketplace);
    expect(await rest('POST', `workorders/${id}/swaps/${swap.id}/decline`)).toMatchObject({ status: 200, body: { success: true } });
    expect((await rest('GET', `workorders/${id}`)).body.assignee.user.id).toBe(3002);
    expect(events).toEqual([]);
    expect((await rest('GET', `workorders/${id}/swaps`)).body.results[0].status).toBe('declined');
    expectError(await rest('POST', `workorders/${id}/swaps/${swap.id}/decline`), 400, /already declined/);
    // The decision is made: the provider may ask again.
    expect((await simulated(marketplace, 'swap', { work_order_id: id, provider_id: 3002, to_provider_id: 3011 })).id).toBe(`swap-${id}-2`);
  });

  it('answers the REST error body for unknown swaps and orders no longer assigned', async () => {
    const { rest, marketplace } = await testMarketplace();
    const id = await assignedOrder(rest, 3003);
    expectError(await rest('POST', `workorders/${id}/swaps/swap-nope/accept`), 404, /Swap request swap-nope of work order \d+ not found/);
    const swap = await simulated(marketplace, 'swap', { work_order_id: id, provider_id: 3003, to_provider_id: 3012 });
    expectError(await simulate(marketplace, 'swap', { work_order_id: id, provider_id: 3003, to_provider_id: 3013 }), 400, /is still pending/);
    await transition(rest, 'DELETE', id, '/assignee');
    expectError(await rest('POST', `workorders/${id}/swaps/${swap.id}/accept`), 400, /^Can not accept the swap: work order is Published$/);
    expectError(await rest('POST', `workorders/${id}/swaps/${swap.id}/decline`), 400, /^Can not decline the swap: work order is Published$/);
    // Assigned again, to someone else: the swap asked by the old assignee is stale.
    await transition(rest, 'POST', id, '/assignee', { assignee: 3004 });
    expectError(await rest('POST', `workorders/${id}/swaps/${swap.id}/accept`), 400, /provider 3003 who asked is no longer the assignee/);
    giveToAnotherCompany(marketplace, id);
    expectError(await rest('POST', `workorders/${id}/swaps/${swap.id}/accept`), 403, /another company/);
  });

  it('lets only the assignee ask, and never to swap with themselves', async () => {
    const { rest, marketplace } = await testMarketplace();
    const id = await assignedOrder(rest, 3005);
    const stranger = await simulate(marketplace, 'swap', { work_order_id: id, provider_id: 3006, to_provider_id: 3007 });
    expectError(stranger, 400, /provider 3006 is not the assignee/);
    expect(stranger.body.fields).toBe('provider_id');
    expect((await simulate(marketplace, 'swap', { work_order_id: id, provider_id: 3005, to_provider_id: 3005 })).body.fields).toBe('to_provider_id');
    expect((await simulate(marketplace, 'swap', { work_order_id: id, provider_id: 3005, to_provider_id: 2001 })).body.fields).toBe('to_provider_id');
    await transition(rest, 'POST', id, '/complete');
    expectError(await simulate(marketplace, 'swap', { work_order_id: id, provider_id: 3005, to_provider_id: 3007 }), 400, /^Can not ask to swap: work order is Work Done$/);
  });
});
