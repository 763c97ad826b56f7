import { flushSync } from 'svelte';
import { describe, expect, it } from 'vitest';
import type { WorkOrder } from '../../src-shared/api/work-order';
import { WorkOrderSelection } from '../../src-renderer/state/selection.svelte';

const order = (id: number, status = 1): WorkOrder => ({ id, title: `Order ${id}`, status: { id: status, name: status === 1 ? 'Draft' : 'Published' } }) as WorkOrder;

describe('WorkOrderSelection', () => {
  it('toggles, adds ranges without doubles, keeps the newest rows and clears', () => {
    const selection = new WorkOrderSelection();
    selection.toggle(order(1), 0);
    selection.add([order(1), order(2), order(3)]);
    flushSync();
    expect(selection.size).toBe(3);
    expect(selection.anchor).toBe(0);
    selection.toggle(order(2), 1);
    flushSync();
    expect(selection.orders.map((picked) => picked.id)).toEqual([1, 3]);

    // A re-read row replaces the picked copy: a bulk action checks the status it has now.
    selection.refresh([order(3, 2), order(9, 2)]);
    flushSync();
    expect(selection.orders.find((picked) => picked.id === 3)?.status?.name).toBe('Published');
    expect(selection.has(9)).toBe(false);

    selection.clear();
    flushSync();
    expect(selection.size).toBe(0);
    expect(selection.anchor).toBeUndefined();
  });
});
