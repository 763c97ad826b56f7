import { flushSync } from 'svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Main faked: every list read waits until the test answers it, so reads in flight can be counted.
const fake = vi.hoisted(() => ({
  reads: [] as { page: number; answer: () => void }[],
  listeners: [] as (() => void)[],
}));
vi.mock('../../src-renderer/lib/api', () => ({
  invoke: (channel: string, input?: { page?: number; per_page?: number }) => {
    if (channel !== 'workorders:list') return Promise.resolve([]);
    const page = input?.page ?? 1;
    return new Promise((resolve) => {
      const size = input?.per_page ?? 100;
      const results = Array.from({ length: size }, (_unused, index) => ({ id: (page - 1) * size + index + 1, title: `Order ${index}` }));
      fake.reads.push({ page, answer: () => resolve({ results, total: TOTAL, counts: {}, attentionCount: 0, pending: [], attention: {} }) });
    });
  },
  on: (_event: string, listener: () => void) => {
    fake.listeners.push(listener);
    return () => undefined;
  },
}));

const { PAGE_SIZE, WorkOrderList } = await import('../../src-renderer/state/work-order-list.svelte');
/** The page that holds a row (1-based), at the list's own page size. */
const pageOf = (row: number) => Math.floor(row / PAGE_SIZE) + 1;
const TOTAL = 100_000;
const ROWS_ON_SCREEN = 30;

/** Answers every read asked so far, oldest first, and lets the promises settle. */
async function answerAll(): Promise<number[]> {
  const pages: number[] = [];
  while (fake.reads.length > 0) {
    const read = fake.reads.shift();
    if (!read) break;
    pages.push(read.page);
    read.answer();
    await vi.waitFor(() => flushSync());
    await Promise.resolve();
  }
  return pages;
}

async function loadedList() {
  const list = new WorkOrderList();
  list.start();
  await answerAll();
  expect(list.total).toBe(TOTAL);
  return list;
}

describe('WorkOrderList page reads', () => {
  beforeEach(() => {
    fake.reads = [];
    fake.listeners = [];
  });

  it('a scrollbar dragged down the list reads at most two pages at once, then what is on screen when they come back', async () => {
    const list = await loadedList();
    // Dragged: the window passes page after page faster than main answers.
    for (let start = 1_000; start < 90_000; start += 1_500) void list.ensureLoaded(start, start + ROWS_ON_SCREEN);
    // The first two windows' pages; the 58 windows after them ask for nothing while those two are out.
    expect(fake.reads.map((read) => read.page)).toEqual([pageOf(1_000), pageOf(2_500)]);

    // Stopped at rows 89,500 and on: the next reads are for its page, none for the pages passed.
    void list.ensureLoaded(89_500, 89_500 + ROWS_ON_SCREEN);
    const read = await answerAll();
    expect(read.slice(-1)).toEqual([pageOf(89_500)]);
    expect(read.length).toBeLessThanOrEqual(3);
    expect(list.rowAt(89_500)?.id).toBe(89_501);
  });

  it('a change announced by main re-reads the pages on screen, not every page ever loaded', async () => {
    const list = await loadedList();
    for (const start of [5_000, 20_000, 50_000]) {
      void list.ensureLoaded(start, start + ROWS_ON_SCREEN);
      await answerAll();
    }
    expect(Object.keys(list.pages).map(Number)).toEqual([1, pageOf(5_000), pageOf(20_000), pageOf(50_000)]);

    // One announcement (workorders:did-change); outbox:changed listens through the same callback.
    fake.listeners[0]?.();
    const reread = await answerAll();
    expect(reread).toEqual([pageOf(50_000)]);
    expect(list.rowAt(50_000)?.id).toBe(50_001);
  });
});
