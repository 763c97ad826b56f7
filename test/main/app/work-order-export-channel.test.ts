import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkOrder } from '../../../src-shared/api/work-order';
import type { IpcResult } from '../../../src-shared/ipc/contract';
import { EXPORT_ROWS_PER_CALL } from '../../../src-shared/ipc/work-order-export';
import { WorkOrderRepository } from '../../../src-main/db/work-order-repository';
import { appOverCache } from './cached-app';

// workorders:export-ids and workorders:export-rows: the list's export reads the very orders and
// order the list shows, all of them, from the cache alone.

const ORDERS: WorkOrder[] = Array.from({ length: 260 }, (_unused, index) => ({
  id: 5000 + index,
  title: `Order ${String(259 - index).padStart(3, '0')}${index % 2 === 0 ? ' kiosk' : ''}`,
  status: { id: 2, name: 'Published' },
  client: { id: index % 3 === 0 ? 1 : 2, name: index % 3 === 0 ? 'Acme' : 'Globex' },
  pay: { type: 'fixed', base: { amount: 100 + index } },
  description: { html: '<p>Not a column</p>' },
}));

let app: ReturnType<typeof appOverCache>['app'];
let dispatch: ReturnType<typeof appOverCache>['dispatch'];

beforeAll(() => {
  ({ app, dispatch } = appOverCache((db) => new WorkOrderRepository(db).upsertMany(ORDERS)));
});

afterAll(async () => {
  await app.close();
});

async function allPagesOfTheList(query: Record<string, unknown>): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page += 1) {
    const answer = (await dispatch('workorders:list', { ...query, page, per_page: 100 })) as IpcResult<{ results: WorkOrder[]; pages: number }>;
    if (!answer.ok) throw new Error(answer.error.message);
    ids.push(...answer.value.results.map((order) => order.id));
    if (page >= answer.value.pages) break;
  }
  return ids;
}

describe('the list’s export', () => {
  it('answers every id the list matches, in the list’s order, for its filters, search and sort', async () => {
    for (const query of [{ list: 'workorders_all', sort: 'title', order: 'asc' }, { client: 1, sort: 'pay', order: 'desc' }, { search: 'kiosk', sort: 'title', order: 'asc' }]) {
      const answer = await dispatch('workorders:export-ids', query);
      expect(answer).toEqual({ ok: true, value: { ids: await allPagesOfTheList(query), more: false } });
    }
  });

  it('answers the columns of the ids asked, in their order, an order gone left out', async () => {
    const answer = (await dispatch('workorders:export-rows', { ids: [5002, 5000, 999] })) as IpcResult<{ rows: Record<string, unknown>[] }>;
    expect(answer.ok && answer.value.rows.map((row) => row.id)).toEqual([5002, 5000]);
    expect(answer.ok && Object.keys(answer.value.rows[0] ?? {})).not.toContain('description');
    expect(answer.ok && answer.value.rows[0]).toMatchObject({ title: 'Order 257 kiosk', client: { name: 'Globex' }, pay: { base: { amount: 102 } } });
  });

  it('refuses a page, more ids than one call takes, or none', async () => {
    expect(await dispatch('workorders:export-ids', { page: 2 })).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT' } });
    expect(await dispatch('workorders:export-rows', { ids: [] })).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT' } });
    expect(await dispatch('workorders:export-rows', { ids: Array.from({ length: EXPORT_ROWS_PER_CALL + 1 }, (_unused, index) => index + 1) })).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT' } });
  });
});
