import { describe, expect, it } from 'vitest';
import type { WorkOrder } from '../../../src-shared/api/work-order';
import type { WorkOrderPage } from '../../../src-shared/ipc/channels';
import { MemorySecretStore } from '../../../src-main/platform/memory-secret-store';
import { appUnderTest, untilPulls } from './support';

describe('managers:list', () => {
  it('names each manager of the cached orders once, and each filters the list to their orders', async () => {
    const harness = appUnderTest({ secretStore: new MemorySecretStore() });
    const { call } = harness;
    expect(await call('managers:list')).toEqual([]);
    await call('session:sign-in', {});
    await untilPulls(harness.progress);

    const managers = await call<{ id: number; name: string }[]>('managers:list');
    const all = await call<WorkOrderPage>('workorders:list', { per_page: 100 });
    // One page holds every seeded order: the expected managers below are read from all of them.
    expect(all.total).toBeLessThanOrEqual(100);
    const expected = new Map(all.results.flatMap((order: WorkOrder) => (order.manager?.id ? [[order.manager.id, `${order.manager.first_name ?? ''} ${order.manager.last_name ?? ''}`.trim()]] : [])));
    expect(managers).toHaveLength(expected.size);
    expect(managers.length).toBeGreaterThan(1);
    for (const manager of managers) {
      expect(manager.name).toBe(expected.get(manager.id));
      const mine = await call<WorkOrderPage>('workorders:list', { manager: manager.id, per_page: 100 });
      expect(mine.total).toBe(all.results.filter((order) => order.manager?.id === manager.id).length);
    }
    // Sorted by name, for the picker.
    expect(managers.map((manager) => manager.name)).toEqual([...managers.map((manager) => manager.name)].sort((a, b) => a.localeCompare(b)));
  });
});
