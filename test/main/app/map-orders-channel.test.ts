import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkOrder } from '../../../src-shared/api/work-order';
import type { MapOrders } from '../../../src-shared/ipc/map';
import { ProviderCandidates } from '../../../src-main/db/provider-candidates';
import { ProviderScheduleRepository } from '../../../src-main/db/provider-schedule-repository';
import { WorkOrderRepository } from '../../../src-main/db/work-order-repository';
import { appOverCache } from './cached-app';

// map:orders: where the orders the list would show are, from the cache alone.

// Typed loosely: the cache must take what the contract would not (a latitude in words).
const at = (city: string, latitude: unknown, longitude: unknown) => ({ city, state: 'TX', country: 'US', coordinates: { latitude, longitude, exact: false } }) as unknown as WorkOrder['location'];
const ORDERS: WorkOrder[] = [
  { id: 1, title: 'Kiosk swap', status: { id: 2, name: 'Published' }, location: at('El Paso', 31.7619, -106.485), client: { id: 1, name: 'Acme' } },
  { id: 2, title: 'Switch install', status: { id: 3, name: 'Assigned' }, location: at('Austin', 30.2672, -97.7431), client: { id: 2, name: 'Globex' } },
  { id: 3, title: 'Kiosk repair', status: { id: 1, name: 'Draft' }, location: { city: 'Nowhere', state: 'TX', country: 'US' }, client: { id: 1, name: 'Acme' } },
  { id: 4, title: 'Odd place', status: { id: 1, name: 'Draft' }, location: at('Odd', 'north', -97), client: { id: 1, name: 'Acme' } },
];

let app: ReturnType<typeof appOverCache>['app'];
let dispatch: ReturnType<typeof appOverCache>['dispatch'];

beforeAll(() => {
  ({ app, dispatch } = appOverCache((db) => {
    new WorkOrderRepository(db).upsertMany(ORDERS);
    // Home bases: one from a schedule check, one from an order's nearby search (and one without a place).
    new ProviderScheduleRepository(db).write(801, { id: 801, first_name: 'Zed', last_name: 'Checked', coords: { latitude: 31.7, longitude: -106.4, exact: false } }, [], 1);
    new ProviderCandidates(db).saveSearch(1, 50, { metadata: { total: 3, page: 1, pages: 1, per_page: 25 }, actions: [], results: [{ id: 801, coords: { latitude: 0, longitude: 0 } }, { id: 802, coords: { latitude: 30.3, longitude: -97.7, distance: 3 } }, { id: 803, coords: null }] }, 1);
  }));
});
afterAll(() => app.close());

async function points(input: Record<string, unknown> = {}): Promise<MapOrders> {
  const answer = await dispatch('map:orders', input);
  if (!answer.ok) throw new Error(`map:orders answered ${answer.error.code}`);
  return answer.value as MapOrders;
}

describe('map:orders', () => {
  it('answers each order with a known site as columns, and counts those without one', async () => {
    const answer = await points();
    const rows = answer.ids.map((id, index) => [id, answer.latitudes[index], answer.longitudes[index], answer.statusIds[index]]).sort((first, second) => Number(first[0]) - Number(second[0]));
    expect(rows).toEqual([
      [1, 31.7619, -106.485, 2],
      [2, 30.2672, -97.7431, 3],
    ]);
    expect(answer.unplaced).toBe(2);
  });

  it('filters as the list does: search, client, list', async () => {
    expect(await points({ search: 'kiosk' })).toMatchObject({ ids: [1], unplaced: 1 });
    expect(await points({ client: 2 })).toMatchObject({ ids: [2], unplaced: 0 });
    expect(await points({ list: 'workorders_assigned' })).toMatchObject({ ids: [2], unplaced: 0 });
  });

  it('refuses paging, sorting and unknown keys with IPC_INVALID_INPUT', async () => {
    for (const input of [{ page: 2 }, { sort: 'title' }, { bounds: [0, 0, 1, 1] }, { search: 'x'.repeat(201) }]) {
      expect(await dispatch('map:orders', input)).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT' } });
    }
  });
});

describe('map:providers', () => {
  it('answers each home base the cache knows once, a checked schedule’s before a search’s', async () => {
    const answer = await dispatch('map:providers', {});
    expect(answer).toMatchObject({ ok: true });
    const homes = (answer as { value: { id: number; latitude: number; longitude: number }[] }).value;
    expect(homes.map(({ id, latitude, longitude }) => [id, latitude, longitude])).toEqual([
      [801, 31.7, -106.4],
      [802, 30.3, -97.7],
    ]);
  });
});

describe('providers:find and providers:lookup', () => {
  it('refuses bad input with IPC_INVALID_INPUT, and an order the cache does not hold with WORK_ORDER_NOT_FOUND', async () => {
    for (const input of [{ workOrderId: 1, radius: 0 }, { workOrderId: 1, radius: 501 }, { workOrderId: -1 }, { workOrderId: 1, near: 'me' }]) {
      expect(await dispatch('providers:find', input)).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT' } });
    }
    expect(await dispatch('providers:lookup', { workOrderId: 1, providerId: 'x' })).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT' } });
    expect(await dispatch('providers:find', { workOrderId: 99 })).toMatchObject({ ok: false, error: { code: 'WORK_ORDER_NOT_FOUND' } });
  });
});
