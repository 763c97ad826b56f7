import { describe, expect, it } from 'vitest';
import { WorkOrderSchema } from '../../src-shared/api/work-order';
import { providerSideOf } from '../../src-main/local-marketplace/domain/provider-embedding';
import { workOrderRepository } from '../../src-main/local-marketplace/domain/work-order-repository';
import { assignedOrder, simulated } from './provider-fixtures';
import { testMarketplace } from './support';

// What GET workorders/{id} embeds of the provider side: the sub-resource routes' own answers.

describe('the provider side of a work order', () => {
  it('embeds requests, swaps, messages, time logs and shipments as their routes answer them', async () => {
    const { rest, marketplace } = await testMarketplace();
    const id = await assignedOrder(rest, 3007);
    const step = { work_order_id: id, provider_id: 3007 };
    await simulated(marketplace, 'check-in', step);
    await simulated(marketplace, 'message', { ...step, message: 'On site.' });
    await simulated(marketplace, 'shipment', { ...step, name: 'Cable', carrier: 'ups', tracking_number: '1Z' });
    await simulated(marketplace, 'swap', { ...step, to_provider_id: 3008 });

    const record = workOrderRepository(marketplace.context).find(id);
    if (!record) throw new Error(`Work order ${id} is missing`);
    const embedded = providerSideOf(marketplace.context, record);
    expect(WorkOrderSchema.pick({ requests: true, swaps: true, messages: true, time_logs: true, shipments: true }).parse(embedded)).toBeTruthy();
    for (const [key, path] of [
      ['requests', 'requests'],
      ['swaps', 'swaps'],
      ['messages', 'messages'],
      ['time_logs', 'time_logs'],
      ['shipments', 'shipments'],
    ] as const) {
      expect(JSON.parse(JSON.stringify(embedded[key])), key).toEqual((await rest('GET', `workorders/${id}/${path}`)).body);
    }
    expect(embedded.time_logs.metadata.total).toBe(1);
  });
});
