import { describe, expect, it } from 'vitest';
import { WorkerAnswerSchema } from '../../src-shared/api/auto-dispatch';
import { testMarketplace } from './support';

const READY = {
  title: 'Mount two displays in the lobby',
  types_of_work: [{ id: 60, isPrimary: true }],
  location: { mode: 'saved', id: 701 },
  schedule: { service_window: { mode: 'exact', start: { utc: '2026-12-03 14:00:00' } } },
  pay: { type: 'fixed', base: { amount: 220, units: 1 } },
};

describe('async=true on work order changes', () => {
  it('answers a __worker at once and applies the change after the answer', async () => {
    const { rest, marketplace } = await testMarketplace();
    const id = (await rest('POST', 'workorders', READY)).body.id as number;
    const answer = await rest('POST', `workorders/${id}/publish?async=true`);
    expect(answer.status).toBe(200);
    const { __worker: worker } = WorkerAnswerSchema.parse(answer.body);
    expect(worker).toMatchObject({ status: 'in_progress', request: `POST /api/rest/v2/workorders/${id}/publish` });
    await marketplace.context.background.settled();
    expect((await rest('GET', `workorders/${id}/status`)).body.name).toBe('Published');
    expect((await marketplace.app.inject({ method: 'GET', url: `/__local/workers/${worker.id}` })).json()).toMatchObject({ status: 'done' });
  });

  it('routes, assigns, updates and cancels in the background too', async () => {
    const { rest, marketplace } = await testMarketplace();
    const id = (await rest('POST', 'workorders', READY)).body.id as number;
    expect((await rest('POST', `workorders/${id}/route?async=1`, { route: { technician: { id: 3004 } } })).body.__worker).toBeDefined();
    await marketplace.context.background.settled();
    expect((await rest('GET', `workorders/${id}/status`)).body.name).toBe('Routed');
    expect((await rest('POST', `workorders/${id}/assignee?async=true`, { assignee: 3004 })).body.__worker).toBeDefined();
    expect((await rest('PUT', `workorders/${id}?async=true`, { title: 'Mount three displays in the lobby' })).body.__worker).toBeDefined();
    await marketplace.context.background.settled();
    const order = (await rest('GET', `workorders/${id}`)).body;
    expect(order.status.name).toBe('Assigned');
    expect(order.title).toBe('Mount three displays in the lobby');
    expect((await rest('DELETE', `workorders/${id}?async=true`, { cancel_reason: 2 })).body.__worker).toBeDefined();
    await marketplace.context.background.settled();
    expect((await rest('GET', `workorders/${id}/status`)).body.name).toBe('Cancelled');
  });

  it('still refuses bad input before answering, and files a refused change as a failed worker', async () => {
    const { rest, marketplace } = await testMarketplace();
    const id = (await rest('POST', 'workorders', { title: 'Draft only' })).body.id as number;
    const bad = await rest('POST', `workorders/${id}/assignee?async=true`, { assignee: 'nobody' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toBe('assignee');
    const refused = await rest('POST', `workorders/${id}/approve?async=true`);
    const workerId = WorkerAnswerSchema.parse(refused.body).__worker.id;
    await marketplace.context.background.settled();
    const worker = (await marketplace.app.inject({ method: 'GET', url: `/__local/workers/${workerId}` })).json();
    expect(worker).toMatchObject({ status: 'failed', response: { code: 400, message: expect.stringContaining('Draft') } });
    expect((await rest('GET', `workorders/${id}/status`)).body.name).toBe('Draft');
  });
});
