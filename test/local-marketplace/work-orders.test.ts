import { describe, expect, it } from 'vitest';
import { MilestonesSchema, WorkOrderStatusSchema } from '../../src-shared/api/status';
import { WORK_ORDER_TOP_LEVEL_KEYS, WorkOrderSchema } from '../../src-shared/api/work-order';
import { testMarketplace } from './support';
import { READY_ORDER, createOrder, giveToAnotherCompany, recordEvents } from './work-orders-fixtures';

describe('POST workorders', () => {
  it('makes a draft from a title alone, managed by the API user', async () => {
    const { rest, marketplace } = await testMarketplace();
    const events = recordEvents(marketplace);
    const answer = await rest('POST', 'workorders', { title: 'Replace a router' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ title: 'Replace a router', status: { id: 1, name: 'Draft', display: 'Draft', code: 'created' }, manager: { id: 2001 } });
    expect(answer.body.work_order_id).toBe(answer.body.id);
    expect(events).toEqual([expect.objectContaining({ name: 'workorder.created', workOrderId: answer.body.id, companyId: 1001, statusId: 1, previousStatusId: 0, triggeredByUserId: 2001 })]);
  });

  it('stores every field and answers it, shaped as the spec reads it', async () => {
    const { rest } = await testMarketplace();
    const body = {
      ...READY_ORDER,
      require_gps: true,
      incident_id: 'INC-42',
      site_revisit: { job_status: 'incomplete', revisit_count: 1, incomplete_reason: { reason_id: 5 } },
      confidential: { html: 'Door code 4411' },
      team: { id: 7 },
      custom_fields: { po: 'PO-9' },
      contacts: { site: 'Ana' },
      tasks: { checklist: ['photos'] },
      integration: { id: 'ext-1', name: 'REST', href: 'https://example.test/{id}' },
      auto_dispatch: true,
      manager: { id: 2003 },
    };
    const id = await createOrder(rest, body);
    const order = (await rest('GET', `workorders/${id}`)).body;
    expect(WorkOrderSchema.safeParse(order).success).toBe(true);
    for (const key of WORK_ORDER_TOP_LEVEL_KEYS) expect(order, key).toHaveProperty(key);
    expect(order).toMatchObject({
      require_gps: true,
      incident_id: 'INC-42',
      site_revisit: body.site_revisit,
      type_of_work: { id: 62, name: 'Point of Sale (POS)' },
      types_of_work: [{ id: 62, isPrimary: true }],
      service_types: [{ id: 61, name: 'Installation' }],
      service_types_new: [{ id: 61, name: 'Installation' }],
      manager: { id: 2003, first_name: 'Priya' },
      description: { html: '<p>Front lanes 1 and 2</p>' },
      confidential: { html: 'Door code 4411' },
      team: { id: 7 },
      custom_fields: { po: 'PO-9' },
      contacts: { site: 'Ana' },
      tasks: { checklist: ['photos'] },
      location: { mode: 'custom', city: 'Chicago', state: 'IL', country: 'US', time_zone: { name: 'America/Chicago' } },
      pay: { type: 'fixed', base: { amount: 240 } },
      integration: { id: 'ext-1', name: 'REST' },
      auto_dispatch: true,
      company: { id: 1001 },
      href: expect.stringMatching(new RegExp(`/workorders/${id}$`)),
      correlation_id: expect.any(String),
    });
    // 15:00 UTC in January is 09:00 in Chicago.
    expect(order.schedule.service_window.start).toEqual({ utc: '2030-01-15 15:00:00', local: { date: '2030-01-15', time: '09:00:00' } });
    expect(order.actions).toEqual(['edit', 'publish', 'search-provider', 'cancel', 'apply_tags']);
  });

  it('takes a form body, with JSON text in the object fields', async () => {
    const { rest } = await testMarketplace();
    const form = new URLSearchParams({
      title: 'Printer repair',
      require_gps: '1',
      types_of_work: JSON.stringify([{ id: 54, isPrimary: true }]),
      location: JSON.stringify({ ...READY_ORDER.location, city: 'London', state: 'LDN', country: 'GB' }),
      pay: JSON.stringify({ type: 'hourly', base: { amount: 60, units: 2 } }),
    });
    const answer = await rest('POST', 'workorders', form.toString());
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ require_gps: true, type_of_work: { id: 54 }, location: { city: 'London', time_zone: { name: 'Europe/London' } }, pay: { base: { units: 2 } } });
  });

  it('refuses bad bodies with 400 naming the fields', async () => {
    const { rest } = await testMarketplace();
    const cases: [unknown, string][] = [
      [{}, 'title'],
      [{ title: '  ' }, 'title'],
      [{ title: 42 }, 'title'],
      [{ title: 'x', colour: 'red' }, 'colour'],
      [{ title: 'x', require_gps: 'sometimes' }, 'require_gps'],
      [{ title: 'x', location: { ...READY_ORDER.location, country: 'ZZ' } }, 'location.country'],
      [{ title: 'x', location: { mode: 'somewhere' } }, 'location.mode'],
      [{ title: 'x', type_of_work: { id: 999 } }, 'type_of_work.id'],
      [{ title: 'x', service_types: [{ id: 61 }] }, 'service_types'],
      [{ title: 'x', types_of_work: [{ id: 4, isPrimary: true }], service_types: [{ id: 61 }] }, 'service_types.0.id'],
      [{ title: 'x', integration: { id: 'a', name: 'SOAP' } }, 'integration.name'],
      [{ title: 'x', schedule: { service_window: { mode: 'exact', start: { utc: '2030-02-31 10:00:00' } } } }, 'schedule.service_window.start.utc'],
      [{ title: 'x', schedule: { service_window: { mode: 'exact', start: { utc: 'tomorrow' } } } }, 'schedule.service_window.start.utc'],
      [{ title: 'x', manager: { id: 3001 } }, 'manager.id'],
      [{ title: 'x', pay: { type: 'fixed', base: { amount: -5 } } }, 'pay.base.amount'],
    ];
    for (const [body, fields] of cases) {
      const answer = await rest('POST', 'workorders', body);
      expect({ body, status: answer.status, code: answer.body.code, fields: answer.body.fields }).toEqual({ body, status: 400, code: 400, fields });
      expect(answer.body.trace).toEqual([]);
    }
  });

  it('refuses a second order with the same integration.id and names the first (decisions §8)', async () => {
    const { rest } = await testMarketplace();
    const first = await createOrder(rest, { title: 'First', integration: { id: 'outbox-7', name: 'REST' } });
    const again = await rest('POST', 'workorders', { title: 'Retry', integration: { id: 'outbox-7', name: 'REST' } });
    expect(again.status).toBe(400);
    expect(again.body.fields).toBe('integration.id');
    expect(again.body.message).toContain(`work order ${first}`);
    // The id is the company's: the same order may keep it on an update.
    expect((await rest('PUT', `workorders/${first}`, { integration: { id: 'outbox-7', name: 'REST' } })).status).toBe(200);
  });
});

describe('GET workorders/{id}', () => {
  it('answers 404 for an unknown order, 400 for a bad id, 403 for another company', async () => {
    const { rest, marketplace } = await testMarketplace();
    expect((await rest('GET', 'workorders/987654')).status).toBe(404);
    for (const bad of ['abc', '0', '-3', '1.5', '99999999999']) {
      const answer = await rest('GET', `workorders/${bad}`);
      expect({ bad, status: answer.status, fields: answer.body.fields }).toEqual({ bad, status: 400, fields: 'work_order_id' });
    }
    const id = await createOrder(rest);
    giveToAnotherCompany(marketplace, id);
    for (const path of ['', '/status', '/milestones']) {
      const answer = await rest('GET', `workorders/${id}${path}`);
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ code: 403, trace: [], fields: '' });
    }
    expect((await rest('PUT', `workorders/${id}`, { title: 'Mine now' })).status).toBe(403);
    expect((await rest('POST', `workorders/${id}/publish`)).status).toBe(403);
  });

  it('answers the status object of decisions §1 and the milestones', async () => {
    const { rest, marketplace } = await testMarketplace();
    const id = await createOrder(rest);
    const status = (await rest('GET', `workorders/${id}/status`)).body;
    expect(WorkOrderStatusSchema.parse(status)).toEqual({
      id: 1, name: 'Draft', display: 'Draft', is_routed: false, code: 'created', delay: 0, ncns: false, sub_status: '', confirmed: false, correlation_id: expect.any(String),
    });
    marketplace.context.clock.advance(90);
    const milestones = MilestonesSchema.parse((await rest('GET', `workorders/${id}/milestones`)).body);
    expect(milestones).toMatchObject({ time_to_dispatch: 0, time_to_work_done: 0, published: null, routed: null, assigned: null, workdone: null, approved: null, paid: null, canceled: null });
    expect(milestones.time_alive).toBeGreaterThanOrEqual(90);
    expect(milestones.created?.utc).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});

describe('PUT workorders/{id}', () => {
  it('changes only the keys sent, and announces a new schedule', async () => {
    const { rest, marketplace } = await testMarketplace();
    const id = await createOrder(rest);
    const events = recordEvents(marketplace);
    const retitled = await rest('PUT', `workorders/${id}`, { title: 'Install three POS terminals' });
    expect(retitled.status).toBe(200);
    expect(retitled.body).toMatchObject({ title: 'Install three POS terminals', pay: { base: { amount: 240 } }, location: { city: 'Chicago' } });
    expect(events).toEqual([]);
    const schedule = { service_window: { mode: 'between', start: { utc: '2030-02-01 14:00:00' }, end: { utc: '2030-02-01 18:00:00' } } };
    const moved = await rest('PUT', `workorders/${id}`, `schedule=${encodeURIComponent(JSON.stringify(schedule))}`);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.schedule.service_window).toMatchObject({ mode: 'between', end: { utc: '2030-02-01 18:00:00', local: { time: '12:00:00' } } });
    expect(moved.body.title).toBe('Install three POS terminals');
    expect(events.map((event) => event.name)).toEqual(['workorder.schedule_updated']);
    // The same schedule again changes nothing, so nothing is announced.
    await rest('PUT', `workorders/${id}`, { schedule });
    expect(events).toHaveLength(1);
  });

  it('checks the merged order: service types must fit the types of work', async () => {
    const { rest } = await testMarketplace();
    const id = await createOrder(rest);
    expect((await rest('PUT', `workorders/${id}`, { service_types: [{ id: 62 }] })).status).toBe(200);
    const stray = await rest('PUT', `workorders/${id}`, { types_of_work: [{ id: 54, isPrimary: true }] });
    expect(stray.status).toBe(400);
    expect(stray.body.fields).toBe('service_types');
  });

  it('refuses an empty or unknown body, and a cancelled order, with 400', async () => {
    const { rest } = await testMarketplace();
    const id = await createOrder(rest);
    expect((await rest('PUT', `workorders/${id}`, {})).status).toBe(400);
    expect((await rest('PUT', `workorders/${id}`, { status: 'Paid' })).status).toBe(400);
    expect((await rest('PUT', `workorders/${id}`, { title: null })).body.fields).toBe('title');
    expect((await rest('PUT', 'workorders/987654', { title: 'x' })).status).toBe(404);
    expect((await rest('DELETE', `workorders/${id}`, { cancel_reason: 1 })).status).toBe(200);
    const late = await rest('PUT', `workorders/${id}`, { title: 'Too late' });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('Can not update: work order is Cancelled');
  });
});
