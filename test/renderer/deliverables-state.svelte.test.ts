import { flushSync } from 'svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Deliverable, DeliverablesPage } from '../../src-shared/ipc/deliverables';
import { keepPlace } from '../../src-renderer/lib/keep-place';
import { DeliverablesState, deliverableKey } from '../../src-renderer/state/deliverables.svelte';
import { api, receipt } from './support/fake-api';

// Main faked by the contracts' fake: the queue answers `queue`, a review is queued (the test may refuse it).
vi.mock('../../src-renderer/lib/api', () => import('./support/fake-api'));
let queue: DeliverablesPage;

// Previews: only which ones the state asks to warm up.
const prefetched = vi.hoisted(() => [] as string[]);
vi.mock('../../src-renderer/services/attachment-files', () => ({
  attachmentFiles: { prefetch: (workOrderId: number, attachmentId: number) => prefetched.push(`${workOrderId}:${attachmentId}`) },
}));

function item(workOrderId: number, attachmentId: number): Deliverable {
  return {
    workOrderId,
    attachment: { id: attachmentId, status: 'pending', file: { name: `photo-${attachmentId}.png`, mime: 'image/png' } },
    order: { id: workOrderId, title: `Order ${workOrderId}`, status: 'Work Done', site: null, provider: null, client: null, typeOfWork: null, standardInstructions: null },
    folder: { id: 1, name: 'Deliverables', minFiles: 3, uploaded: 1, approved: 0, denied: 0 },
  };
}

function page(items: Deliverable[], total = items.length): DeliverablesPage {
  return { items, total, options: { clients: [], typesOfWork: [], orders: [] } };
}

const keys = (items: readonly Deliverable[]) => items.map(deliverableKey);
const [a, b, c, d, e] = [item(1, 11), item(1, 12), item(2, 21), item(3, 31), item(4, 41)] as [Deliverable, Deliverable, Deliverable, Deliverable, Deliverable];

beforeEach(() => {
  api.reset();
  queue = page([a, b, c, d]);
  api.answer('deliverables:list', () => queue);
  api.answer('attachments:review', () => receipt(1));
  prefetched.length = 0;
});

describe('keepPlace', () => {
  it('keeps the file while it is there, else takes the one after it, else the one before', () => {
    expect(keepPlace([a, b, c], [e, a, b, c], deliverableKey(b), deliverableKey)).toBe(deliverableKey(b));
    expect(keepPlace([a, b, c, d], [a, d], deliverableKey(b), deliverableKey)).toBe(deliverableKey(d));
    expect(keepPlace([a, b, c], [a], deliverableKey(c), deliverableKey)).toBe(deliverableKey(a));
    expect(keepPlace([], [c, d], undefined, deliverableKey)).toBe(deliverableKey(c));
    expect(keepPlace([a], [], deliverableKey(a), deliverableKey)).toBeUndefined();
  });
});

describe('DeliverablesState', () => {
  it('starts on the newest file and keeps the coordinator on their file when the queue changes underneath', async () => {
    const state = new DeliverablesState();
    await state.load();
    flushSync();
    expect(state.current).toEqual(a);
    state.next();
    state.next();
    expect(state.current).toEqual(c);

    // New files arrive on top, another leaves: the place stays on the same file.
    state.apply(page([e, a, c, d]));
    flushSync();
    expect(state.current).toEqual(c);
    expect(state.index).toBe(2);

    // The file itself is reviewed elsewhere: the place moves to the one that followed it.
    state.apply(page([e, a, d]));
    expect(state.current).toEqual(d);
  });

  it('approves and moves on by itself; a re-read that still lists the file does not bring it back', async () => {
    const state = new DeliverablesState();
    await state.load();
    state.select(deliverableKey(b));
    const approved = state.approve();
    // At once, before the outbox answers.
    expect(keys(state.items)).toEqual(keys([a, c, d]));
    expect(state.current).toEqual(c);
    expect(state.total).toBe(3);
    expect(await approved).toBe(true);
    expect(api.inputsOf('attachments:review')).toEqual([{ workOrderId: 1, attachmentId: 12, status: 'approved' }]);

    // A read that started before the review was projected still lists it.
    state.apply(page([a, b, c, d]));
    expect(keys(state.items)).toEqual(keys([a, c, d]));
    expect(state.current).toEqual(c);
  });

  it('denies only with a reason, on the shared rule, and goes back to the file when main refuses', async () => {
    const state = new DeliverablesState();
    await state.load();
    state.startDeny();
    state.reason = '   ';
    expect(await state.confirmDeny()).toBe(false);
    expect(state.reasonProblem).toMatch(/reason/);
    expect(state.current).toEqual(a);

    state.reason = 'Blurry: retake it';
    expect(await state.confirmDeny()).toBe(true);
    expect(api.inputsOf('attachments:review')).toEqual([{ workOrderId: 1, attachmentId: 11, status: 'denied', reason: 'Blurry: retake it' }]);
    expect(state.denying).toBe(false);
    expect(state.current).toEqual(b);

    api.refuse('attachments:review', 'OUTBOX_NOT_ALLOWED', 'Refused by main');
    expect(await state.approve()).toBe(false);
    await vi.waitFor(() => expect(keys(state.items)).toContain(deliverableKey(b)));
    // The refused file is back, and the coordinator stayed where the loop took them.
    expect(state.current).toEqual(c);
  });

  it('moves within the queue and stops at its ends, prefetching the next preview', async () => {
    const state = new DeliverablesState();
    await state.load();
    state.previous();
    expect(state.current).toEqual(a);
    for (let step = 0; step < 10; step++) state.next();
    expect(state.current).toEqual(d);
    // Each move warmed the files after it (two ahead): b and c while on a, then d; none past the end.
    expect([...new Set(prefetched)]).toEqual(keys([b, c, d]));
  });
});
