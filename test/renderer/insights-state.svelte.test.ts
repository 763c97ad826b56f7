import { flushSync } from 'svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Insights } from '../../src-shared/ipc/insights';
import { forgetInsightsPeriod, InsightsState } from '../../src-renderer/state/insights.svelte';
import * as figures from '../../src-renderer/views/insights/insights-figures';
import { api } from './support/fake-api';

const WEEK = 7 * 24 * 3_600_000;
// Local midnight: week labels are in the coordinator's zone.
const FROM = new Date(2026, 2, 2).getTime();

function answer(from: number, firstScheduled: number | null = from): Insights {
  return {
    from,
    to: from + 2 * WEEK,
    weeks: [from, from + WEEK],
    orders: 4,
    unscheduled: 0,
    firstScheduled,
    statusByWeek: [
      { weekStart: from, statusId: 3, count: 2 },
      { weekStart: from + WEEK, statusId: 4, count: 1 },
      { weekStart: from + WEEK, statusId: 2, count: 1 },
    ],
    withMilestones: 2,
    timeToDispatch: { byTypeOfWork: [{ id: 4, name: 'Networking', count: 2, medianSeconds: 22 * 3600, p90Seconds: 23 * 3600 }], byClient: [{ id: null, name: null, count: 2, medianSeconds: 3600, p90Seconds: 7200 }] },
    timeToWorkDone: { byTypeOfWork: [], byClient: [] },
    problems: [],
    ordersWithOpenProblems: 0,
    delays: { lateNow: 1, atRiskNow: 0, workDoneLate: 0, workDoneMeasured: 0 },
    pay: { total: 1240.5, orders: 3, byClient: [{ clientId: 501, name: 'Acme', orders: 3, amount: 1240.5 }], byWeek: [{ weekStart: from, orders: 3, amount: 1240.5 }] },
  };
}

vi.mock('../../src-renderer/lib/api', () => import('./support/fake-api'));

beforeEach(() => {
  api.reset();
  forgetInsightsPeriod();
});

describe('InsightsState', () => {
  it('asks for the chosen period and filters, and keeps only the answer to the last choice', async () => {
    // The first answer is slow: it arrives after the second, which must stay on screen.
    let answerFirst = () => {};
    api.answer('insights:get', ({ from }) => (api.count('insights:get') === 1 ? new Promise<Insights>((resolve) => (answerFirst = () => resolve(answer(from)))) : answer(from)));
    const state = new InsightsState();
    const first = state.load();
    state.choose({ weeks: 4, client: 501 });
    await vi.waitFor(() => expect(state.data).toBeDefined());
    answerFirst();
    await first;
    flushSync();
    expect(state.loading).toBe(false);
    expect(api.count('insights:get')).toBe(2);
    const last = api.inputsOf('insights:get')[1] as { from: number; to: number; client: number };
    expect(last.client).toBe(501);
    expect(last).toMatchObject({ durationsBy: 'type' });
    // The past four weeks and the next: five weeks of 7 × 24 h (a daylight-saving change moves an hour).
    expect(Math.abs(last.to - last.from - 5 * WEEK)).toBeLessThanOrEqual(3_600_000);
    expect(state.data?.from).toBe(last.from);
  });

  it('starts at the shortest period where the data starts, until the coordinator chooses one', async () => {
    // The cached orders go back five weeks: four are too few, twelve hold them.
    const firstScheduled = Date.now() - 5 * WEEK;
    api.answer('insights:get', ({ from }) => answer(from, firstScheduled));
    const state = new InsightsState();
    await state.load();
    await vi.waitFor(() => expect(state.data).toBeDefined());
    expect(state.weeks).toBe(12);
    expect(state.data?.from).toBeLessThanOrEqual(firstScheduled);
    // Chosen, it stays, however far back the data goes.
    state.choose({ weeks: 4 });
    await vi.waitFor(() => expect((api.inputsOf('insights:get').at(-1) as { from: number }).from).toBeGreaterThan(firstScheduled));
    await vi.waitFor(() => expect(state.data?.from).toBeGreaterThan(firstScheduled));
    expect(state.weeks).toBe(4);
  });

  it('opens the next visit on the period of the last, with one question to main', async () => {
    // The data go back twenty weeks: the first visit asks for 12, then for the 26 that hold them.
    const firstScheduled = Date.now() - 20 * WEEK;
    api.answer('insights:get', ({ from }) => answer(from, firstScheduled));
    await new InsightsState().load();
    await vi.waitFor(() => expect(api.count('insights:get')).toBe(2));
    const next = new InsightsState();
    expect(next.weeks).toBe(26);
    await next.load();
    expect(api.count('insights:get')).toBe(3);
    next.choose({ weeks: 52 });
    await vi.waitFor(() => expect(api.count('insights:get')).toBe(4));
    const asked = api.inputsOf('insights:get')[3] as { from: number; to: number };
    expect(Math.round((asked.to - asked.from) / WEEK)).toBe(53);
    // Chosen, it is the next visit's, and that visit asks once.
    const chosen = new InsightsState();
    expect(chosen.weeks).toBe(52);
    await chosen.load();
    expect(api.count('insights:get')).toBe(5);
  });

  it('shows a figure’s table when toggled, and hides it again', () => {
    const state = new InsightsState();
    expect(state.tables.has('pay-client')).toBe(false);
    state.toggleTable('pay-client');
    flushSync();
    expect(state.tables.has('pay-client')).toBe(true);
    state.toggleTable('pay-client');
    expect(state.tables.has('pay-client')).toBe(false);
  });
});

describe('insights figures: each chart’s figures as a table', () => {
  it('counts statuses per week, with a total, in the table', () => {
    const figure = figures.statusFigure(answer(FROM));
    expect(figure.series.map((entry) => entry.label)).toEqual(['Published', 'Assigned', 'Work Done']);
    expect(figure.table.columns).toEqual(['Week of', 'Published', 'Assigned', 'Work Done', 'Total']);
    expect(figure.table.rows.map((row) => row.cells)).toEqual([
      ['Mar 2', '0', '2', '0', '2'],
      ['Mar 9', '1', '0', '1', '2'],
    ]);
  });

  it('formats durations and money, and names what has no name', () => {
    expect(figures.durationFigure('dispatch', answer(FROM).timeToDispatch.byTypeOfWork, 'type').table.rows[0]?.cells).toEqual(['Networking', '2', '22 h', '23 h']);
    expect(figures.durationFigure('dispatch', answer(FROM).timeToDispatch.byClient, 'client').table.rows[0]?.cells).toEqual(['No client', '2', '1 h', '2 h']);
    expect(figures.payByClientFigure(answer(FROM)).table.rows[0]?.cells).toEqual(['Acme', '3', '$1,240.50']);
    expect(figures.durationFigure('workdone', [], 'type').summary).toMatch(/no order in the period has these milestones cached/);
    // A very large period's durations are an estimate, and say which orders they read.
    const estimated = figures.durationFigure('dispatch', answer(FROM).timeToDispatch.byTypeOfWork, 'type', 16);
    expect(estimated.definition).toMatch(/Estimated from every 16th order by number/);
    expect(estimated.table.columns[1]).toBe('Orders sampled');
  });
});
