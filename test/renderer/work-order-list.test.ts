import { flushSync } from 'svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkOrderPage } from '../../src-shared/ipc/channels';
import { cacheChanges } from '../../src-renderer/state/cache-changes.svelte';
import { PAGE_SIZE, WorkOrderList } from '../../src-renderer/state/work-order-list.svelte';
import { api, workOrder, workOrderPage } from './support/fake-api';

vi.mock('../../src-renderer/lib/api', () => import('./support/fake-api'));

// Main faked: every list read waits until the test answers it, so reads in flight can be counted.
const held: { page: number; answer: () => void }[] = [];

function holdListReads() {
  api.answer('views:list', () => []);
  api.answer('workorders:list', ({ page = 1, per_page: size = 100 }) => {
    const results = Array.from({ length: size }, (_unused, index) => workOrder((page - 1) * size + index + 1));
    return new Promise<WorkOrderPage>((resolve) => held.push({ page, answer: () => resolve(workOrderPage(results, { total: TOTAL, page, per_page: size })) }));
  });
}

/** The page that holds a row (1-based), at the list's own page size. */
const pageOf = (row: number) => Math.floor(row / PAGE_SIZE) + 1;
const TOTAL = 100_000;
const ROWS_ON_SCREEN = 30;

/** Answers every read asked so far, oldest first, each once the list has taken the one before. */
async function answerAll(list: WorkOrderList): Promise<number[]> {
  const pages: number[] = [];
  for (let read = held.shift(); read; read = held.shift()) {
    pages.push(read.page);
    const before = list.pages;
    read.answer();
    await vi.waitFor(() => {
      flushSync();
      expect(list.pages).not.toBe(before);
    });
  }
  return pages;
}

/** What each test started, stopped after it: a list left following changes would read for the next test. */
const stops: (() => void)[] = [];

async function loadedList() {
  const list = new WorkOrderList();
  stops.push(list.start());
  await answerAll(list);
  expect(list.total).toBe(TOTAL);
  return list;
}

describe('WorkOrderList page reads', () => {
  beforeEach(() => {
    api.reset();
    held.length = 0;
    holdListReads();
  });
  afterEach(() => stops.splice(0).forEach((stop) => stop()));

  it('a scrollbar dragged down the list reads at most two pages at once, then what is on screen when they come back', async () => {
    const list = await loadedList();
    // Dragged: the window passes page after page faster than main answers.
    for (let start = 1_000; start < 90_000; start += 1_500) void list.ensureLoaded(start, start + ROWS_ON_SCREEN);
    // The first two windows' pages; the 58 windows after them ask for nothing while those two are out.
    expect(held.map((read) => read.page)).toEqual([pageOf(1_000), pageOf(2_500)]);

    // Stopped at rows 89,500 and on: the next reads are for its page, none for the pages passed.
    void list.ensureLoaded(89_500, 89_500 + ROWS_ON_SCREEN);
    const read = await answerAll(list);
    expect(read.slice(-1)).toEqual([pageOf(89_500)]);
    expect(read.length).toBeLessThanOrEqual(3);
    expect(list.rowAt(89_500)?.id).toBe(89_501);
  });

  it('a change announced by main re-reads the pages on screen, not every page ever loaded', async () => {
    const list = await loadedList();
    for (const start of [5_000, 20_000, 50_000]) {
      void list.ensureLoaded(start, start + ROWS_ON_SCREEN);
      await answerAll(list);
    }
    expect(Object.keys(list.pages).map(Number)).toEqual([1, pageOf(5_000), pageOf(20_000), pageOf(50_000)]);

    // One announcement of main, told to the list after its burst window.
    stops.push(cacheChanges.start());
    api.emit('workorders:did-change', { ids: [50_001] });
    await vi.waitFor(() => expect(held).toHaveLength(1));
    const reread = await answerAll(list);
    expect(reread).toEqual([pageOf(50_000)]);
    expect(list.rowAt(50_000)?.id).toBe(50_001);
  });
});

describe('WorkOrderList searches typed faster than main answers', () => {
  /** Each list read as main received it: its search, and the hand that answers it. */
  const asked: { search: string | undefined; answer: () => void }[] = [];

  beforeEach(() => {
    api.reset();
    asked.length = 0;
    api.answer('views:list', () => []);
    api.answer('workorders:list', ({ search, page = 1, per_page: size = 100 }) => {
      // The rows say which search they answer: the first row's id is the search's length.
      const results = [workOrder(1 + (search?.length ?? 0))];
      return new Promise<WorkOrderPage>((resolve) => asked.push({ search, answer: () => resolve(workOrderPage(results, { total: 1, page, per_page: size })) }));
    });
  });
  afterEach(() => stops.splice(0).forEach((stop) => stop()));

  it('asks for the text typed first, then only for the last text, whose rows are shown', async () => {
    const list = new WorkOrderList();
    stops.push(list.start());
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    asked.shift()?.answer();
    await vi.waitFor(() => expect(list.loaded).toBe(true));

    // "p" goes to main at once; "pr", "pri" and "prin" are typed while it is out.
    for (const text of ['p', 'pr', 'pri', 'prin']) list.setSearch(text);
    expect(asked.map((read) => read.search)).toEqual(['p']);

    // Main answers "p": too late to be shown, and the one read that follows is for "prin".
    asked.shift()?.answer();
    await vi.waitFor(() => expect(asked.map((read) => read.search)).toEqual(['prin']));
    expect(list.rowAt(0)?.id).toBe(1);

    asked.shift()?.answer();
    await vi.waitFor(() => expect(list.rowAt(0)?.id).toBe(5));
    expect(list.query.search).toBe('prin');
    expect(asked).toHaveLength(0);
  });
});

describe('WorkOrderList: the open order', () => {
  beforeEach(() => {
    api.reset();
    api.answer('views:list', () => []);
    api.answer('workorders:list', ({ page = 1, per_page: size = 100 }) => workOrderPage([workOrder(10_051)], { total: 1, page, per_page: size }));
  });
  afterEach(() => stops.splice(0).forEach((stop) => stop()));

  it('follows an order created offline to the marketplace’s id, keeping its panel; opening another draws a new one', async () => {
    const list = new WorkOrderList();
    stops.push(list.start(), cacheChanges.start());
    list.openId = -3;
    const session = list.openSession;
    api.emit('workorders:did-change', { ids: [10_051], renamed: [{ from: -3, to: 10_051 }] });
    await vi.waitFor(() => expect(list.openId).toBe(10_051));
    expect(list.openSession).toBe(session);
    list.openId = 10_052;
    expect(list.openSession).toBe(session + 1);
  });
});
