import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AttachmentFolder } from '../../src-shared/api/attachment';
import type { WorkOrder } from '../../src-shared/api/work-order';
import { AppError } from '../../src-shared/errors';
import { Approval, ASK_AT_ONCE, ASK_DEADLINE_MS, DELIVERABLES_UNKNOWN } from '../../src-renderer/state/approval.svelte';
import { api, workOrder, workOrderDetail } from './support/fake-api';

// Main faked by the contracts' fake: `workorders:detail` is the cache, `workorders:refresh` the marketplace.
vi.mock('../../src-renderer/lib/api', () => import('./support/fake-api'));

const PHOTOS: AttachmentFolder = { id: 2, name: 'Photos', type: 'slot', min_files: 3 };
const SHORT_OF_PHOTOS = 'Photos: 2 required files are missing (1 of 3)';
const PAY = { type: 'fixed', base: { amount: 240 } } as WorkOrder['pay'];

/** The order's full answer: a Photos folder asking for 3 files, 1 uploaded and approved. */
const fullAnswer = (id: number) => workOrderDetail(workOrder(id, { pay: PAY, attachments: { results: [PHOTOS] } }), { partsFetchedAt: 1, attachments: [{ id: 90, folder_id: 2, status: 'approved' }] });
/** What a pull stores from the list: no folders (parts said fetched, so only `complete` tells). */
const listItemOnly = (id: number) => workOrderDetail(workOrder(id, { pay: PAY }), { complete: false, partsFetchedAt: 1 });

async function approving(id: number): Promise<Approval> {
  const approval = new Approval();
  await approval.load([workOrder(id)]);
  return approval;
}

describe('an approval’s warnings', () => {
  beforeEach(() => api.reset());
  afterEach(() => vi.useRealTimers());

  it('come from the cache when it holds the full answer and the parts: the marketplace is not asked', async () => {
    api.answer('workorders:detail', ({ id }) => fullAnswer(id));
    const approval = await approving(10_030);
    expect(approval.warned.map((entry) => entry.check.warnings)).toEqual([[SHORT_OF_PHOTOS]]);
    expect(approval.total).toBe(240);
    expect(api.inputsOf('workorders:refresh')).toEqual([]);
  });

  it('of an order cached from its list item only are the marketplace’s: its folders are asked for first', async () => {
    api.answer('workorders:detail', ({ id }) => listItemOnly(id));
    api.answer('workorders:refresh', ({ id }) => fullAnswer(id));
    const approval = await approving(10_030);
    expect(api.inputsOf('workorders:refresh')).toEqual([{ id: 10_030 }]);
    expect(approval.warned.map((entry) => entry.check.warnings)).toEqual([[SHORT_OF_PHOTOS]]);
  });

  it('of an order cached from its list item come from the folders its parts’ pull stored, offline, without asking', async () => {
    api.answer('workorders:detail', ({ id }) => ({ ...listItemOnly(id), folders: [PHOTOS], attachments: [{ id: 90, folder_id: 2, status: 'approved' }] }));
    api.answer('workorders:refresh', () => Promise.reject(new AppError('WORKING_OFFLINE')));
    const approval = await approving(10_030);
    expect(approval.warned.map((entry) => entry.check.warnings)).toEqual([[SHORT_OF_PHOTOS]]);
    expect(api.inputsOf('workorders:refresh')).toEqual([]);
  });

  it('say the deliverables are not known when the full answer is missing and the marketplace refuses', async () => {
    api.answer('workorders:detail', ({ id }) => listItemOnly(id));
    api.answer('workorders:refresh', () => Promise.reject(new AppError('WORKING_OFFLINE')));
    const approval = await approving(10_030);
    expect(approval.warned.map((entry) => entry.check.warnings)).toEqual([[DELIVERABLES_UNKNOWN]]);
    // What it pays is still shown, from the list item.
    expect(approval.total).toBe(240);
  });

  it('say so too when the parts were never fetched, even with the full answer cached', async () => {
    api.answer('workorders:detail', ({ id }) => ({ ...fullAnswer(id), partsFetchedAt: null, attachments: [] }));
    api.answer('workorders:refresh', () => Promise.reject(new AppError('WORKING_OFFLINE')));
    const approval = await approving(10_030);
    expect(approval.warned.map((entry) => entry.check.warnings)).toEqual([[DELIVERABLES_UNKNOWN]]);
  });

  it('of a whole list are asked for a few at a time; those not asked by the deadline are not known, and never asked', async () => {
    vi.useFakeTimers();
    const ids = Array.from({ length: 4 * ASK_AT_ONCE }, (_unused, index) => 10_100 + index);
    api.answer('workorders:detail', ({ id }) => listItemOnly(id));
    let inFlight = 0;
    let most = 0;
    // Each answer takes 2 s: in 5 s, two rounds of ASK_AT_ONCE are answered and a third is cut short.
    api.answer('workorders:refresh', ({ id }) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      return new Promise((resolve) => setTimeout(() => {
        inFlight -= 1;
        resolve(fullAnswer(id));
      }, 2_000));
    });
    const approval = new Approval();
    const loading = approval.load(ids.map((id) => workOrder(id)));
    await vi.advanceTimersByTimeAsync(ASK_DEADLINE_MS + 2_000);
    await loading;
    expect(most).toBe(ASK_AT_ONCE);
    const known = approval.orders.filter((entry) => entry.check.warnings[0] === SHORT_OF_PHOTOS).length;
    expect(known).toBe(2 * ASK_AT_ONCE);
    expect(approval.orders.filter((entry) => entry.check.warnings[0] === DELIVERABLES_UNKNOWN)).toHaveLength(ids.length - known);
    // The third round was asked at 4 s and cut at 5 s; the fourth, due at 6 s, was never asked.
    expect(api.inputsOf('workorders:refresh')).toHaveLength(3 * ASK_AT_ONCE);
  });

  it('do not wait on a marketplace that hangs: past the deadline the deliverables are not known', async () => {
    vi.useFakeTimers();
    api.answer('workorders:detail', ({ id }) => listItemOnly(id));
    api.answer('workorders:refresh', () => new Promise(() => {}));
    const approval = new Approval();
    const loading = approval.load([workOrder(10_030)]);
    await vi.advanceTimersByTimeAsync(ASK_DEADLINE_MS - 1);
    expect(approval.loading).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    await loading;
    expect(approval.loading).toBe(false);
    expect(approval.warned.map((entry) => entry.check.warnings)).toEqual([[DELIVERABLES_UNKNOWN]]);
  });
});
