import { describe, expect, it } from 'vitest';
import { PaySchema } from '../../src-shared/api/pay';
import { laborSum } from '../../src-shared/domain/pay-total';
import { createOrder, giveToAnotherCompany, READY_ORDER } from './work-orders-fixtures';
import { testMarketplace } from './support';

// Demo orders: 10001 a bare draft (no pay), 10018 Assigned at a fixed 200, 10022 Assigned at 65 an hour for 3 hours.

describe('labor_sum by pay type', () => {
  it('pays fixed once, hourly and per device per unit, blended the base and the additional hours', () => {
    expect(laborSum(undefined)).toBe(0);
    expect(laborSum({ type: 'fixed', base: { amount: 240 } })).toBe(240);
    expect(laborSum({ type: 'hourly', base: { amount: 65, units: 3 } })).toBe(195);
    expect(laborSum({ type: 'hourly', base: { amount: 65 } })).toBe(65);
    expect(laborSum({ type: 'device', base: { amount: 12.5, units: 4 } })).toBe(50);
    expect(laborSum({ type: 'blended', base: { amount: 100, units: 2 }, additional: { amount: 40, units: 3 } })).toBe(220);
    expect(laborSum({ type: 'blended', base: { amount: 100, units: 2 } })).toBe(100);
  });
});

describe('GET workorders/{id}/pay', () => {
  it('answers the pay with labor_sum, and total adds only approved expenses', async () => {
    const { rest } = await testMarketplace();
    const before = await rest('GET', 'workorders/10018/pay');
    expect(before.status).toBe(200);
    expect(PaySchema.parse(before.body)).toMatchObject({ work_order_id: 10018, type: 'fixed', base: { amount: 200 }, labor_sum: 200, total: 200, actions: ['view', 'edit'] });
    expect(before.body.expenses).toMatchObject({ results: [], sum: { all: 0, charged: 0, uncharged: 0 } });

    const approved = (await rest('POST', 'workorders/10018/expenses', { description: 'Parking', amount: 12.5, quantity: 2 })).body;
    await rest('POST', 'workorders/10018/expenses', { description: 'Lunch', amount: 9 });
    await rest('PUT', `workorders/10018/expenses/${approved.id}`, { status: 'approved' });
    const after = (await rest('GET', 'workorders/10018/pay')).body;
    expect(after).toMatchObject({ labor_sum: 200, total: 225, expenses: { sum: { all: 34, charged: 25, uncharged: 9 } } });
  });

  it('multiplies hourly pay, and answers zero for an order without pay', async () => {
    const { rest } = await testMarketplace();
    expect((await rest('GET', 'workorders/10022/pay')).body).toMatchObject({ type: 'hourly', base: { amount: 65, units: 3 }, labor_sum: 195, total: 195 });
    expect((await rest('GET', 'workorders/10001/pay')).body).toMatchObject({ type: null, base: null, labor_sum: 0, total: 0 });
    expect((await rest('GET', 'workorders/10034/pay')).body.actions).toEqual(['view']);
  });

  it('follows the order’s pay as it is edited', async () => {
    const { rest } = await testMarketplace();
    const id = await createOrder(rest, { ...READY_ORDER, pay: { type: 'blended', base: { amount: 100, units: 2 }, additional: { amount: 40, units: 3 } } });
    expect((await rest('GET', `workorders/${id}/pay`)).body).toMatchObject({ type: 'blended', additional: { amount: 40, units: 3 }, labor_sum: 220 });
    await rest('PUT', `workorders/${id}`, { pay: { type: 'device', base: { amount: 25, units: 4 } } });
    expect((await rest('GET', `workorders/${id}/pay`)).body).toMatchObject({ type: 'device', additional: null, labor_sum: 100 });
  });

  it('answers 404 for an unknown order and 403 for another company’s', async () => {
    const { marketplace, rest } = await testMarketplace();
    expect((await rest('GET', 'workorders/99999/pay')).status).toBe(404);
    expect((await rest('GET', 'workorders/abc/pay')).status).toBe(400);
    giveToAnotherCompany(marketplace, 10018);
    expect((await rest('GET', 'workorders/10018/pay')).status).toBe(403);
  });
});
