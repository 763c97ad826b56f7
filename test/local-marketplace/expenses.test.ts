import { describe, expect, it } from 'vitest';
import { ExpenseListSchema, ExpenseSchema } from '../../src-shared/api/expense';
import { WorkerAnswerSchema } from '../../src-shared/api/auto-dispatch';
import { giveToAnotherCompany } from './work-orders-fixtures';
import { testMarketplace, type TestMarketplace } from './support';

// Demo orders: 10001 Draft, 10018 Assigned, 10027 Work Done, 10031 Approved, 10034 Paid, 10038 Cancelled.
const ASSIGNED = 10018;

async function add(rest: TestMarketplace['rest'], body: unknown, workOrderId = ASSIGNED) {
  const answer = await rest('POST', `workorders/${workOrderId}/expenses`, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return ExpenseSchema.parse(answer.body);
}

describe('GET workorders/{id}/expenses', () => {
  it('answers the envelope with sum and the add action', async () => {
    const { rest } = await testMarketplace();
    const answer = await rest('GET', `workorders/${ASSIGNED}/expenses`);
    expect(answer.status).toBe(200);
    expect(ExpenseListSchema.parse(answer.body)).toMatchObject({ metadata: { total: 0 }, results: [], sum: { all: 0, charged: 0, uncharged: 0 }, actions: ['add'] });
  });

  it('sums every expense in all, the approved in charged, the rest in uncharged', async () => {
    const { rest } = await testMarketplace();
    const first = await add(rest, { description: 'Parking', amount: 12.5, quantity: 2 });
    await add(rest, { description: 'Tolls', amount: 4.25 });
    const third = await add(rest, { description: 'Lunch', amount: 10 });
    await rest('PUT', `workorders/${ASSIGNED}/expenses/${first.id}`, { status: 'approved' });
    await rest('PUT', `workorders/${ASSIGNED}/expenses/${third.id}`, { status: 'disapproved', status_description: 'No meals' });
    const list = (await rest('GET', `workorders/${ASSIGNED}/expenses`)).body;
    expect(list.sum).toEqual({ all: 39.25, charged: 25, uncharged: 14.25 });
    expect(list.metadata).toMatchObject({ total: 3, page: 1, pages: 1, per_page: 3 });
    expect(list.results.map((expense: { status: string }) => expense.status)).toEqual(['approved', 'new', 'disapproved']);
  });

  it('answers 404 for an unknown order and 403 for another company’s', async () => {
    const { marketplace, rest } = await testMarketplace();
    expect((await rest('GET', 'workorders/99999/expenses')).status).toBe(404);
    giveToAnotherCompany(marketplace, 10002);
    expect((await rest('GET', 'workorders/10002/expenses')).status).toBe(403);
  });
});

describe('POST workorders/{id}/expenses', () => {
  it('adds a new expense: amount is quantity × unit amount, Other by default, the caller as author', async () => {
    const { rest } = await testMarketplace();
    const expense = await add(rest, { description: 'Mileage', amount: 0.67, quantity: 37, reason: 'Second trip' });
    expect(expense).toMatchObject({
      description: 'Mileage',
      quantity: 37,
      amount: 24.79,
      status: 'new',
      status_description: '',
      category: { id: 7, name: 'Other' },
      company_expense: null,
      reason: 'Second trip',
      author: { id: 2001, first_name: 'Dana' },
      actions: ['edit', 'delete', 'approve', 'deny'],
    });
    expect(expense.added?.utc).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(expense.added?.local?.date).toBeTruthy();
  });

  it('takes a system category, a custom company expense, or a custom one by its uid', async () => {
    const { rest } = await testMarketplace();
    expect(await add(rest, { description: 'Parking', amount: 8, category: { id: 5 } })).toMatchObject({ category: { id: 5, name: 'Parking and Tolls' }, company_expense: null });
    expect(await add(rest, { description: 'Cable runs', amount: 45, quantity: 2, company_expense: { id: 951 } })).toMatchObject({
      amount: 90,
      category: { id: 2, name: 'Materials' },
      company_expense: { id: 951, expense_amount: 45, api_code: 'CBL-DROP', description: 'Cat6 run up to 150 ft, terminated and tested', hidden_tags: '' },
    });
    expect(await add(rest, { description: 'Mileage', amount: 0.67, category: { id: 952 } })).toMatchObject({ category: { id: 1, name: 'Travel' }, company_expense: { id: 952 } });
  });

  it('takes a form body, and the expense as one JSON form field', async () => {
    const { rest } = await testMarketplace();
    expect(await add(rest, 'description=Tolls&amount=7.25&quantity=2&category=%7B%22id%22%3A5%7D')).toMatchObject({ amount: 14.5, category: { id: 5 } });
    const field = new URLSearchParams({ expense: JSON.stringify({ description: 'Parking', amount: 3 }) }).toString();
    expect(await add(rest, field)).toMatchObject({ description: 'Parking', amount: 3 });
    expect(await add(rest, { expense: { description: 'Nested', amount: 2 } })).toMatchObject({ description: 'Nested' });
  });

  it('refuses bad bodies with 400 naming the field', async () => {
    const { rest } = await testMarketplace();
    const cases: [unknown, string][] = [
      [{ description: 'x', amount: 5, category: { id: 99 } }, 'category.id'],
      [{ description: 'x', amount: 5, company_expense: { id: 999 } }, 'company_expense.id'],
      [{ description: 'x', amount: 5, company_expense: { id: 951 }, category: { id: 5 } }, 'category.id'],
      [{ description: 'x', amount: 5, color: 'red' }, 'color'],
      [{ description: 'x', amount: 'abc' }, 'amount'],
      [{ description: 'x', amount: -3 }, 'amount'],
      [{ description: 'x', amount: 3, quantity: 1.5 }, 'quantity'],
      [{ amount: 3 }, 'description'],
    ];
    for (const [body, field] of cases) {
      const answer = await rest('POST', `workorders/${ASSIGNED}/expenses`, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.fields).toBe(field);
    }
    expect((await rest('GET', `workorders/${ASSIGNED}/expenses`)).body.metadata.total).toBe(0);
  });

  it('refuses orders that are approved, paid or cancelled, and another company’s', async () => {
    const { marketplace, rest } = await testMarketplace();
    for (const id of [10031, 10034, 10038]) {
      const answer = await rest('POST', `workorders/${id}/expenses`, { description: 'Late', amount: 5 });
      expect(answer.status, String(id)).toBe(400);
      expect(answer.body.message).toMatch(/^Can not change expenses: work order is (Approved|Paid|Cancelled)$/);
      expect((await rest('GET', `workorders/${id}/expenses`)).body.actions).toEqual([]);
    }
    expect((await add(rest, { description: 'Draft estimate', amount: 5 }, 10001)).status).toBe('new');
    expect((await add(rest, { description: 'Done work', amount: 5 }, 10027)).status).toBe('new');
    giveToAnotherCompany(marketplace, 10019);
    expect((await rest('POST', 'workorders/10019/expenses', { description: 'x', amount: 5 })).status).toBe(403);
    expect((await rest('POST', 'workorders/99999/expenses', { description: 'x', amount: 5 })).status).toBe(404);
  });
});

describe('PUT workorders/{id}/expenses/{expense_id}', () => {
  it('changes only the keys sent, and reviews the expense', async () => {
    const { rest } = await testMarketplace();
    const expense = await add(rest, { description: 'Parking', amount: 10, quantity: 2, category: { id: 5 } });
    const approved = await rest('PUT', `workorders/${ASSIGNED}/expenses/${expense.id}`, { status: 'approved', status_description: 'Receipt attached' });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ description: 'Parking', amount: 20, status: 'approved', status_description: 'Receipt attached', actions: ['edit', 'delete', 'deny', 'reopen'] });
    const changed = await rest('PUT', `workorders/${ASSIGNED}/expenses/${expense.id}`, { quantity: 3, company_expense: { id: 954 } });
    expect(changed.body).toMatchObject({ quantity: 3, amount: 30, status: 'approved', status_description: 'Receipt attached', category: { id: 4 }, company_expense: { id: 954 } });
    // A new status without its own description clears the old one.
    expect((await rest('PUT', `workorders/${ASSIGNED}/expenses/${expense.id}`, 'status=new')).body).toMatchObject({ status: 'new', status_description: '' });
  });

  it('refuses a bad status, an empty body, unknown keys and unknown expenses', async () => {
    const { rest } = await testMarketplace();
    const expense = await add(rest, { description: 'Parking', amount: 10 });
    const other = await add(rest, { description: 'Elsewhere', amount: 1 }, 10019);
    const put = (id: number, body: unknown, workOrderId = ASSIGNED) => rest('PUT', `workorders/${workOrderId}/expenses/${id}`, body);
    expect((await put(expense.id, { status: 'paid' })).body.fields).toBe('status');
    expect((await put(expense.id, {})).status).toBe(400);
    expect((await put(expense.id, { id: 5 })).body.fields).toBe('id');
    expect((await put(99999, { status: 'approved' })).status).toBe(404);
    expect((await put(other.id, { status: 'approved' })).status).toBe(404);
    expect((await put(expense.id, { status: 'approved' }, 10034)).status).toBe(400);
  });
});

describe('PUT workorders/{id}/expenses (several)', () => {
  it('updates every expense listed and answers the list', async () => {
    const { rest } = await testMarketplace();
    const first = await add(rest, { description: 'Parking', amount: 10 });
    const second = await add(rest, { description: 'Tolls', amount: 5 });
    const answer = await rest('PUT', `workorders/${ASSIGNED}/expenses`, { results: [{ id: first.id, status: 'approved' }, { id: second.id, quantity: 3 }] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(ExpenseListSchema.parse(answer.body).sum).toEqual({ all: 25, charged: 10, uncharged: 15 });
  });

  it('reads a bare array, an expenses field, and a form field of JSON the same way', async () => {
    const { rest } = await testMarketplace();
    const expense = await add(rest, { description: 'Parking', amount: 10 });
    const put = (body: unknown) => rest('PUT', `workorders/${ASSIGNED}/expenses`, body);
    expect((await put([{ id: expense.id, description: 'Garage' }])).body.results[0].description).toBe('Garage');
    expect((await put({ expenses: [{ id: expense.id, description: 'Lot' }] })).body.results[0].description).toBe('Lot');
    expect((await put({ expenses: { results: [{ id: expense.id, description: 'Meter' }] } })).body.results[0].description).toBe('Meter');
    const form = new URLSearchParams({ results: JSON.stringify([{ id: expense.id, amount: 11 }]) }).toString();
    expect((await put(form)).body.results[0].amount).toBe(11);
  });

  it('changes nothing when one change is refused', async () => {
    const { rest } = await testMarketplace();
    const first = await add(rest, { description: 'Parking', amount: 10 });
    const other = await add(rest, { description: 'Elsewhere', amount: 1 }, 10019);
    const put = (results: unknown) => rest('PUT', `workorders/${ASSIGNED}/expenses`, { results });
    const cases: [unknown, string][] = [
      [[{ id: first.id, status: 'approved' }, { id: 99999, status: 'approved' }], 'results.1.id'],
      [[{ id: first.id, status: 'approved' }, { id: other.id, status: 'approved' }], 'results.1.id'],
      [[{ id: first.id, status: 'approved' }, { id: first.id, quantity: 2 }], 'results.1.id'],
      [[{ id: first.id, category: { id: 77 } }], 'results.0.category.id'],
      [[{ id: first.id }], 'results.0'],
      [[], 'results'],
    ];
    for (const [results, field] of cases) {
      const answer = await put(results);
      expect(answer.status, JSON.stringify(results)).toBe(400);
      expect(answer.body.fields).toBe(field);
    }
    expect((await rest('GET', `workorders/${ASSIGNED}/expenses`)).body.results[0].status).toBe('new');
  });
});

describe('DELETE workorders/{id}/expenses/{expense_id}', () => {
  it('removes the expense and answers it as it was', async () => {
    const { rest } = await testMarketplace();
    const expense = await add(rest, { description: 'Parking', amount: 10 });
    const answer = await rest('DELETE', `workorders/${ASSIGNED}/expenses/${expense.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: expense.id, description: 'Parking' });
    expect((await rest('GET', `workorders/${ASSIGNED}/expenses`)).body.results).toEqual([]);
    expect((await rest('DELETE', `workorders/${ASSIGNED}/expenses/${expense.id}`)).status).toBe(404);
  });
});

describe('async=true', () => {
  it('answers a __worker at once and does the work after', async () => {
    const { marketplace, rest } = await testMarketplace();
    const posted = await rest('POST', `workorders/${ASSIGNED}/expenses?async=true`, { description: 'Parking', amount: 10 });
    expect(posted.status).toBe(200);
    const worker = WorkerAnswerSchema.parse(posted.body).__worker;
    expect(worker).toMatchObject({ type: 'ASYNC', status: 'in_progress', request: `POST /api/rest/v2/workorders/${ASSIGNED}/expenses` });
    await marketplace.context.background.settled();
    const done = (await marketplace.app.inject({ method: 'GET', url: `/__local/workers/${worker.id}` })).json();
    expect(done).toMatchObject({ status: 'done', response: { description: 'Parking', amount: 10 } });
    const id = done.response.id as number;

    const put = await rest('PUT', `workorders/${ASSIGNED}/expenses/${id}?async=1`, { status: 'approved' });
    expect(put.body.__worker.status).toBe('in_progress');
    await marketplace.context.background.settled();
    expect((await rest('GET', `workorders/${ASSIGNED}/expenses`)).body.sum.charged).toBe(10);

    const removed = await rest('DELETE', `workorders/${ASSIGNED}/expenses/${id}?async=true`);
    expect(removed.body.__worker.status).toBe('in_progress');
    await marketplace.context.background.settled();
    expect((await rest('GET', `workorders/${ASSIGNED}/expenses`)).body.results).toEqual([]);
  });

  it('validates before answering a worker', async () => {
    const { marketplace, rest } = await testMarketplace();
    expect((await rest('POST', `workorders/${ASSIGNED}/expenses?async=true`, { description: 'x', amount: 5, category: { id: 99 } })).status).toBe(400);
    expect((await rest('POST', 'workorders/10034/expenses?async=true', { description: 'x', amount: 5 })).status).toBe(400);
    expect((await rest('DELETE', `workorders/${ASSIGNED}/expenses/99999?async=true`)).status).toBe(404);
    expect((await rest('POST', `workorders/${ASSIGNED}/expenses?async=perhaps`, { description: 'x', amount: 5 })).body.fields).toBe('async');
    expect(marketplace.context.db.prepare('SELECT COUNT(*) AS count FROM async_workers').get()).toEqual({ count: 0 });
  });
});
