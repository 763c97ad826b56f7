import { describe, expect, it } from 'vitest';
import { ProblemSchema, ProblemsAnswerSchema } from '../../src-shared/api/problem';
import { PROBLEM_TYPES } from '../../src-shared/api/reference-data';
import { giveToAnotherCompany } from './work-orders-fixtures';
import { testMarketplace, type TestMarketplace } from './support';

// Demo orders: 10008 Published, 10020 Assigned, 10038 Cancelled. Manager 2001 is the API user.
const ORDER = 10020;

async function report(rest: TestMarketplace['rest'], typeId: number, body: unknown = {}, workOrderId = ORDER) {
  const answer = await rest('POST', `workorders/${workOrderId}/problems/${typeId}?acting_user_id=2001`, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return ProblemSchema.parse(answer.body);
}

async function problemListIds(rest: TestMarketplace['rest']): Promise<number[]> {
  const answer = await rest('GET', 'workorders?list=workorders_problem&per_page=100');
  // The list's default order is newest first; membership is what matters here.
  return answer.body.results.map((order: { id: number }) => order.id).sort((a: number, b: number) => a - b);
}

describe('GET workorders/{id}/problems', () => {
  it('answers the reported problems and the 11 types with every field of the spec', async () => {
    const { rest } = await testMarketplace();
    const answer = await rest('GET', `workorders/${ORDER}/problems`);
    expect(answer.status).toBe(200);
    const body = ProblemsAnswerSchema.parse(answer.body);
    expect(body).toMatchObject({ results: [], metadata: { total: 0, page: 1, pages: 0, per_page: 0 }, actions: ['add'] });
    expect(body.correlation_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.types?.map((type) => [type.id, type.name])).toEqual(PROBLEM_TYPES.map((type) => [type.id, type.name]));
    for (const type of body.types ?? []) {
      expect(Object.keys(type).sort()).toEqual(['children', 'has_other', 'id', 'message', 'name', 'performance_event', 'reportable', 'show_pqap_warning']);
      expect(type).toMatchObject({ reportable: true, children: [], show_pqap_warning: type.performance_event });
    }
    expect(body.types?.find((type) => type.id === 24)).toMatchObject({ performance_event: true });
  });

  it('answers 404 for an unknown order and 403 for another company’s', async () => {
    const { marketplace, rest } = await testMarketplace();
    expect((await rest('GET', 'workorders/99999/problems')).status).toBe(404);
    giveToAnotherCompany(marketplace, 10002);
    expect((await rest('GET', 'workorders/10002/problems')).status).toBe(403);
  });
});

describe('POST workorders/{id}/problems/{problem_id}', () => {
  it('reports a problem of that type; the order joins the workorders_problem list', async () => {
    const { rest } = await testMarketplace();
    const before = await problemListIds(rest);
    expect(before).not.toContain(ORDER);
    const problem = await report(rest, 42, { comments: 'No answer on the cell phone' });
    expect(problem).toMatchObject({
      type: { id: 42, name: 'Provider is onsite - cannot reach' },
      comments: 'No answer on the cell phone',
      author: { id: 2001, first_name: 'Dana' },
      resolved: false,
      resolution: { status: 'open', at: null, by: null },
      actions: ['resolve'],
    });
    expect(problem.created?.utc).toMatch(/^\d{4}-\d{2}-\d{2} /);
    expect(await problemListIds(rest)).toEqual([...before, ORDER].sort((a, b) => a - b));
    const lists = (await rest('GET', 'workorders/lists')).body.results;
    expect(lists.find((list: { id: string }) => list.id === 'workorders_problem').count).toBe(before.length + 1);
    const listed = (await rest('GET', `workorders/${ORDER}/problems`)).body;
    expect(listed).toMatchObject({ metadata: { total: 1 }, sum: { resolved: 0, unresolved: 1 }, results: [{ id: problem.id }] });
  });

  it('takes a form body, no body, and another manager of the company as acting user', async () => {
    const { rest } = await testMarketplace();
    expect((await rest('POST', `workorders/${ORDER}/problems/44`, 'comments=Two%20brackets')).status).toBe(400);
    const form = await rest('POST', `workorders/${ORDER}/problems/44?acting_user_id=2002`, 'comments=Two%20brackets');
    expect(form.body).toMatchObject({ comments: 'Two brackets', author: { id: 2002 } });
    expect((await report(rest, 33)).comments).toBe('');
  });

  it('refuses unknown types, bad acting users, unknown keys and cancelled orders', async () => {
    const { marketplace, rest } = await testMarketplace();
    const post = (path: string, body: unknown = {}) => rest('POST', path, body);
    expect((await post(`workorders/${ORDER}/problems/23?acting_user_id=2001`)).status).toBe(404);
    for (const user of ['', 'abc', '3001', '99999', '2001x']) {
      const answer = await post(`workorders/${ORDER}/problems/22?acting_user_id=${user}`);
      expect(answer.status, user).toBe(400);
      expect(answer.body.fields).toBe('acting_user_id');
    }
    expect((await post(`workorders/${ORDER}/problems/22?acting_user_id=2001`, { comments: 'x', urgent: true })).body.fields).toBe('urgent');
    expect((await post(`workorders/${ORDER}/problems/22?acting_user_id=2001`, { comments: 5 })).body.fields).toBe('comments');
    const cancelled = await post('workorders/10038/problems/22?acting_user_id=2001');
    expect(cancelled.status).toBe(400);
    expect(cancelled.body.message).toBe('Can not report a problem: work order is Cancelled');
    expect((await post('workorders/99999/problems/22?acting_user_id=2001')).status).toBe(404);
    giveToAnotherCompany(marketplace, 10019);
    expect((await post('workorders/10019/problems/22?acting_user_id=2001')).status).toBe(403);
    expect(await problemListIds(rest)).not.toContain(ORDER);
  });

  it('takes async as a string: a worker with true or 1, at once otherwise, 400 for other text', async () => {
    const { marketplace, rest } = await testMarketplace();
    const later = await rest('POST', `workorders/${ORDER}/problems/22?acting_user_id=2001&async=true`, { comments: 'later' });
    expect(later.body.__worker).toMatchObject({ type: 'ASYNC', status: 'in_progress' });
    await marketplace.context.background.settled();
    expect((await rest('GET', `workorders/${ORDER}/problems`)).body.results).toMatchObject([{ comments: 'later' }]);
    expect((await rest('POST', `workorders/${ORDER}/problems/22?acting_user_id=2001&async=0`, {})).body.type.id).toBe(22);
    expect((await rest('POST', `workorders/${ORDER}/problems/22?acting_user_id=2001&async=`, {})).body.type.id).toBe(22);
    expect((await rest('POST', `workorders/${ORDER}/problems/22?acting_user_id=2001&async=soon`, {})).body.fields).toBe('async');
    expect((await rest('POST', `workorders/${ORDER}/problems/23?acting_user_id=2001&async=1`, {})).status).toBe(404);
  });
});

describe('DELETE workorders/{id}/problems/{problem_id} (resolve)', () => {
  it('resolves the problem, which stays listed; the order leaves the list when none is open', async () => {
    const { rest } = await testMarketplace();
    const first = await report(rest, 22);
    const second = await report(rest, 44);
    const resolved = await rest('DELETE', `workorders/${ORDER}/problems/${first.id}`);
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ id: first.id, resolved: true, resolution: { status: 'resolved', by: { id: 2001 } }, actions: [] });
    expect(resolved.body.resolution.at.utc).toBeTruthy();
    expect(await problemListIds(rest)).toContain(ORDER);
    await rest('DELETE', `workorders/${ORDER}/problems/${second.id}`);
    expect(await problemListIds(rest)).not.toContain(ORDER);
    expect((await rest('GET', `workorders/${ORDER}/problems`)).body.sum).toEqual({ resolved: 2, unresolved: 0 });
    // Again: nothing changes, and the answer says it is resolved.
    const again = await rest('DELETE', `workorders/${ORDER}/problems/${second.id}`);
    expect(again.status).toBe(200);
    expect(again.body.resolved).toBe(true);
  });

  it('answers 404 for a problem of another order, and resolves after the answer with async=true', async () => {
    const { marketplace, rest } = await testMarketplace();
    const problem = await report(rest, 22);
    expect((await rest('DELETE', `workorders/10008/problems/${problem.id}`)).status).toBe(404);
    expect((await rest('DELETE', `workorders/${ORDER}/problems/99999?async=true`)).status).toBe(404);
    const later = await rest('DELETE', `workorders/${ORDER}/problems/${problem.id}?async=true`);
    expect(later.body.__worker.status).toBe('in_progress');
    await marketplace.context.background.settled();
    expect(await problemListIds(rest)).not.toContain(ORDER);
  });
});
