import { describe, expect, it } from 'vitest';
import { ShipmentListSchema } from '../../src-shared/api/shipment';
import { assignedOrder, expectError, simulate, simulated } from './provider-fixtures';
import { testMarketplace } from './support';
import { giveToAnotherCompany, transition } from './work-orders-fixtures';

// Shipments are recorded by the simulated assignee and read by the buyer (decisions §6): status
// new, en route, arrived; direction to site or from site.

describe('shipments', () => {
  it('lists the shipments the assignee records, as they move', async () => {
    const { rest, marketplace } = await testMarketplace();
    const id = await assignedOrder(rest, 3001);
    const step = { work_order_id: id, provider_id: 3001 };
    const parts = await simulated(marketplace, 'shipment', { ...step, name: 'Replacement print head', carrier: 'ups', tracking_number: '1Z999AA10123456784' });
    expect(parts).toMatchObject({ name: 'Replacement print head', carrier: 'ups', tracking_number: '1Z999AA10123456784', direction: 'to site', status: 'new' });
    await simulated(marketplace, 'shipment-status', { ...step, shipment_id: parts.id, status: 'en route' });
    await simulated(marketplace, 'shipment-status', { ...step, shipment_id: parts.id, status: 'arrived' });
    await transition(rest, 'POST', id, '/complete');
    await simulated(marketplace, 'shipment', `work_order_id=${id}&provider_id=3001&name=Old+print+head&carrier=fedex&tracking_number=7712&direction=from+site`);

    const answer = await rest('GET', `workorders/${id}/shipments`);
    expect(answer.status).toBe(200);
    const list = ShipmentListSchema.parse(answer.body);
    expect(list.metadata).toMatchObject({ total: 2, per_page: 2 });
    expect(list.results.map((shipment) => [shipment.name, shipment.direction, shipment.status])).toEqual([
      ['Replacement print head', 'to site', 'arrived'],
      ['Old print head', 'from site', 'new'],
    ]);
  });

  it('refuses shipments from others, on finished orders, and unknown ones', async () => {
    const { rest, marketplace } = await testMarketplace();
    const id = await assignedOrder(rest, 3002);
    const shipment = { work_order_id: id, provider_id: 3002, name: 'Cable', carrier: 'usps', tracking_number: '9400' };
    expectError(await simulate(marketplace, 'shipment', { ...shipment, provider_id: 3003 }), 400, /provider 3003 is not the assignee/);
    expect((await simulate(marketplace, 'shipment', { ...shipment, status: 'lost' })).status).toBe(400);
    expect((await simulate(marketplace, 'shipment', { ...shipment, direction: 'sideways' })).status).toBe(400);
    expect((await simulate(marketplace, 'shipment', { ...shipment, name: ' ' })).status).toBe(400);
    const unknown = await simulate(marketplace, 'shipment-status', { work_order_id: id, provider_id: 3002, shipment_id: 424242, status: 'arrived' });
    expect(unknown.body).toMatchObject({ code: 400, fields: 'shipment_id' });
    await transition(rest, 'POST', id, '/complete');
    await transition(rest, 'POST', id, '/approve');
    expectError(await simulate(marketplace, 'shipment', shipment), 400, /^Can not add a shipment: work order is Approved$/);
    giveToAnotherCompany(marketplace, id);
    expectError(await rest('GET', `workorders/${id}/shipments`), 403, /another company/);
  });
});
