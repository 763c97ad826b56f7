import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WorkOrder } from '../../../src-shared/api/work-order';
import { InsightsSchema } from '../../../src-shared/ipc/insights';
import { openCache, type CacheDatabase } from '../../../src-main/db/database';
import { INSIGHTS_SQL, InsightsRepository } from '../../../src-main/db/insights-repository';
import { phaseOf } from '../../../src-main/db/insights-weeks';
import { WorkOrderRepository } from '../../../src-main/db/work-order-repository';
import { generatedWorkOrders, random } from './work-order-fixtures';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A Monday; the period is its week and the next. */
const FROM = Date.UTC(2026, 2, 2);
const TO = FROM + 14 * DAY;
const NOW = FROM + 10 * DAY;

const moment = (ms: number) => ({ utc: new Date(ms).toISOString().slice(0, 19).replace('T', ' ') });
const STATUS = { published: [2, 'Published'], assigned: [3, 'Assigned'], workdone: [4, 'Work Done'], approved: [5, 'Approved'] } as const;

interface Spec {
  id: number;
  status: keyof typeof STATUS;
  type: number;
  client?: [number, string];
  start?: number;
  end?: number;
  pay?: WorkOrder['pay'];
  milestones?: Record<string, number>;
  problems?: { id: number; type: [number, string]; resolved: boolean }[];
}

function order(spec: Spec): WorkOrder {
  const [statusId, name] = STATUS[spec.status];
  return {
    id: spec.id,
    title: `Order ${spec.id}`,
    status: { id: statusId, name, sub_status: '' },
    types_of_work: [{ id: spec.type, name: `Type ${spec.type}`, isPrimary: true }],
    ...(spec.client ? { client: { id: spec.client[0], name: spec.client[1] } } : {}),
    ...(spec.start === undefined ? {} : { schedule: { service_window: { mode: spec.end ? 'between' : 'exact', start: moment(spec.start), ...(spec.end ? { end: moment(spec.end) } : {}) } } }),
    ...(spec.pay ? { pay: spec.pay } : {}),
    ...(spec.milestones ? { milestones: Object.fromEntries(Object.entries(spec.milestones).map(([slug, ms]) => [slug, moment(ms)])) } : {}),
    ...(spec.problems
      ? { problems: { results: spec.problems.map((problem) => ({ id: problem.id, type: { id: problem.type[0], name: problem.type[1] }, resolution: { status: problem.resolved ? 'resolved' : 'open' } })) } }
      : {}),
  } as WorkOrder;
}

const ACME: [number, string] = [501, 'Acme'];
const GLOBEX: [number, string] = [502, 'Globex'];
const fixed = (amount: number) => ({ type: 'fixed', base: { amount } }) as WorkOrder['pay'];

const ORDERS: Spec[] = [
  // Week 0. Dispatched in 22 h; window passed, nobody checked in: late now.
  { id: 1, status: 'assigned', type: 4, client: ACME, start: FROM + DAY, end: FROM + DAY + 4 * HOUR, pay: fixed(240), milestones: { created: FROM - 3 * DAY, published: FROM - 3 * DAY + 2 * HOUR, assigned: FROM - 2 * DAY } },
  // Dispatched in 23 h, work done 6 d 5 h after, 3 h after its window closed.
  {
    id: 2,
    status: 'workdone',
    type: 4,
    client: ACME,
    start: FROM + 2 * DAY,
    end: FROM + 2 * DAY + 2 * HOUR,
    pay: { type: 'hourly', base: { amount: 65, units: 3 } } as WorkOrder['pay'],
    milestones: { created: FROM - 5 * DAY, published: FROM - 5 * DAY + HOUR, assigned: FROM - 4 * DAY, workdone: FROM + 2 * DAY + 5 * HOUR },
  },
  // Week 1. Never published: dispatch counts from its creation (24 h); an exact time, so not measured for lateness.
  { id: 3, status: 'approved', type: 62, client: GLOBEX, start: FROM + 8 * DAY, pay: fixed(100), milestones: { created: FROM - DAY, assigned: FROM, workdone: FROM + 8 * DAY + HOUR, approved: FROM + 9 * DAY } },
  {
    id: 4,
    status: 'published',
    type: 62,
    client: GLOBEX,
    start: FROM + 9 * DAY,
    pay: fixed(300),
    milestones: { created: FROM },
    problems: [
      { id: 71, type: [25, 'Provider late'], resolved: false },
      { id: 72, type: [44, 'Missing parts'], resolved: true },
    ],
  },
  // Cached from its list item: no milestones.
  { id: 5, status: 'assigned', type: 4, start: FROM + 12 * DAY, pay: fixed(50) },
  // Starts within the hour, nobody on the way: at risk now.
  { id: 8, status: 'assigned', type: 4, client: ACME, start: NOW + HOUR, pay: fixed(80) },
  // Outside the period, and with no service date at all.
  { id: 6, status: 'assigned', type: 4, client: ACME, start: FROM + 20 * DAY, pay: fixed(999), milestones: { created: FROM, assigned: FROM + DAY } },
  { id: 7, status: 'published', type: 4 },
];

describe('InsightsRepository over a hand-built cache', () => {
  let db: CacheDatabase;
  let insights: InsightsRepository;

  beforeAll(() => {
    db = openCache(':memory:');
    new WorkOrderRepository(db).upsertMany(ORDERS.map(order));
    insights = new InsightsRepository(db);
  });

  const get = (filters: { client?: number; typeOfWork?: number } = {}) => InsightsSchema.parse(insights.get({ from: FROM, to: TO, ...filters }, new Map([[4, 'Networking']]), NOW));

  it('counts the period’s orders by week of service date and current status', () => {
    const answer = get();
    expect(answer.weeks).toEqual([FROM, FROM + 7 * DAY]);
    expect(answer.orders).toBe(6);
    expect(answer.unscheduled).toBe(1);
    expect(answer.withMilestones).toBe(4);
    expect(answer.statusByWeek).toEqual([
      { weekStart: FROM, statusId: 3, count: 1 },
      { weekStart: FROM, statusId: 4, count: 1 },
      { weekStart: FROM + 7 * DAY, statusId: 2, count: 1 },
      { weekStart: FROM + 7 * DAY, statusId: 3, count: 2 },
      { weekStart: FROM + 7 * DAY, statusId: 5, count: 1 },
    ]);
  });

  it('gives median and 90th percentile times to dispatch and to work done, by type of work and by client', () => {
    const answer = get();
    expect(answer.timeToDispatch.byTypeOfWork).toEqual([
      { id: 4, name: 'Networking', count: 2, medianSeconds: 22 * 3600, p90Seconds: 23 * 3600 },
      { id: 62, name: null, count: 1, medianSeconds: 24 * 3600, p90Seconds: 24 * 3600 },
    ]);
    expect(answer.timeToDispatch.byClient).toEqual([
      { id: 501, name: 'Acme', count: 2, medianSeconds: 22 * 3600, p90Seconds: 23 * 3600 },
      { id: 502, name: 'Globex', count: 1, medianSeconds: 24 * 3600, p90Seconds: 24 * 3600 },
    ]);
    expect(answer.timeToWorkDone.byTypeOfWork).toEqual([
      { id: 4, name: 'Networking', count: 1, medianSeconds: (6 * 24 + 5) * 3600, p90Seconds: (6 * 24 + 5) * 3600 },
      { id: 62, name: null, count: 1, medianSeconds: (8 * 24 + 1) * 3600, p90Seconds: (8 * 24 + 1) * 3600 },
    ]);
  });

  it('counts problems by type, and delays', () => {
    const answer = get();
    expect(answer.problems).toEqual([
      { typeId: 25, name: 'Provider late', open: 1, resolved: 0 },
      { typeId: 44, name: 'Missing parts', open: 0, resolved: 1 },
    ]);
    expect(answer.ordersWithOpenProblems).toBe(1);
    expect(answer.delays).toEqual({ lateNow: 1, atRiskNow: 1, workDoneLate: 1, workDoneMeasured: 1 });
  });

  it('sums the pay committed by assigned, done and approved orders, by client and by week', () => {
    const { pay } = get();
    expect(pay).toEqual({
      total: 665,
      orders: 5,
      byClient: [
        { clientId: 501, name: 'Acme', orders: 3, amount: 515 },
        { clientId: 502, name: 'Globex', orders: 1, amount: 100 },
        { clientId: null, name: null, orders: 1, amount: 50 },
      ],
      byWeek: [
        { weekStart: FROM, orders: 2, amount: 435 },
        { weekStart: FROM + 7 * DAY, orders: 3, amount: 230 },
      ],
    });
  });

  it('narrows every figure to one client or one type of work', () => {
    const globex = get({ client: 502 });
    expect(globex.orders).toBe(2);
    expect(globex.pay.total).toBe(100);
    expect(globex.timeToDispatch.byClient.map((row) => row.id)).toEqual([502]);
    const byClientOnly = InsightsSchema.parse(insights.get({ from: FROM, to: TO, durationsBy: 'client' }, new Map(), NOW));
    expect(byClientOnly.timeToDispatch.byTypeOfWork).toEqual([]);
    expect(byClientOnly.timeToDispatch.byClient.map((row) => row.id)).toEqual([501, 502]);
    const networking = get({ typeOfWork: 4 });
    expect(networking.orders).toBe(4);
    expect(networking.problems).toEqual([]);
    expect(networking.pay.total).toBe(565);
  });

  it('answers an empty cache with zeros, not errors', () => {
    const empty = new InsightsRepository(openCache(':memory:')).get({ from: FROM, to: TO });
    expect(InsightsSchema.parse(empty)).toMatchObject({ orders: 0, statusByWeek: [], problems: [], pay: { total: 0, orders: 0, byClient: [], byWeek: [] } });
  });
});

describe('Insights’ weeks (migration 0022) answer as the period’s scans do', () => {
  const HOURS = 3_600_000;
  /** Generated orders, a quarter with a window, milestones and work done before or after it. */
  const withHistory = (orders: WorkOrder[]) =>
    orders.map((order) => {
      const start = order.schedule?.service_window?.start?.utc;
      if (order.id % 4 !== 0 || !start) return order;
      const at = Date.parse(`${start.replace(' ', 'T')}Z`);
      return {
        ...order,
        schedule: { service_window: { mode: 'between', start: moment(at), end: moment(at + 2 * HOURS) } },
        milestones: { created: moment(at - 3 * DAY), workdone: moment(at + ((order.id % 7) - 1) * HOURS) },
      } as WorkOrder;
    });
  /**
   * Weeks that start at midnight in four time zones (the grid follows the screen's local Monday; a
   * period that is not a local midnight is answered by the scans): UTC, Chicago in June (UTC−5),
   * Kolkata (UTC+5:30) and Tokyo (UTC+9), each as the computer's zone while it is asked.
   */
  const ZONES: [string, number][] = [
    ['UTC', 0],
    ['America/Chicago', 5 * HOURS],
    ['Asia/Kolkata', -5.5 * HOURS],
    ['Asia/Tokyo', -9 * HOURS],
  ];
  const periods = (first: number) => ZONES.flatMap(([zone, offset]) => [4, 12, 52].map((weeks) => ({ zone, from: first + offset - (weeks - 1) * 7 * DAY, to: first + offset + 2 * 7 * DAY })));
  const zoneBefore = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zoneBefore;
  });

  it('for every period, phase and filter, after writes, deletes and a bulk load', () => {
    const db = openCache(':memory:');
    const repository = new WorkOrderRepository(db);
    const weekly = new InsightsRepository(db);
    const scans = new InsightsRepository(db, { useWeeks: false });
    const grid = db.prepare('SELECT phase FROM insights_grid').pluck();
    const same = (now: number, first: number, { weeksRead }: { weeksRead: boolean }) => {
      for (const { zone, ...period } of periods(first)) {
        process.env.TZ = zone;
        for (const filters of [{}, { client: 2 }, { typeOfWork: 3 }, { client: 1, typeOfWork: 2 }]) {
          const request = { ...period, ...filters };
          expect(weekly.get(request, new Map(), now), `${zone} ${JSON.stringify(request)}`).toEqual(scans.get(request, new Map(), now));
          // The weeks were read (their grid moved to the period's phase), unless a bulk load holds them.
          expect(grid.get() === phaseOf(period.from), zone).toBe(weeksRead);
        }
      }
    };
    expect(repository.beginBulkLoad()).toBe(true);
    repository.upsertMany(withHistory(generatedWorkOrders(1_500)));
    // Mid-load the weeks wait with their triggers: the scans answer.
    const monday = Date.UTC(2025, 5, 2);
    same(monday, monday, { weeksRead: false });
    repository.endBulkLoad();
    same(monday, monday, { weeksRead: true });
    process.env.TZ = 'UTC';
    const year = weekly.get({ from: monday - 51 * 7 * DAY, to: monday + 14 * DAY }, new Map(), monday);
    expect(year.orders).toBeGreaterThan(500);
    expect(year.delays.workDoneMeasured).toBeGreaterThan(50);
    repository.upsertMany(withHistory(generatedWorkOrders(300, 7, 1_200)));
    db.prepare('DELETE FROM work_orders WHERE id % 11 = 0').run();
    same(monday + 3 * DAY, Date.UTC(2025, 5, 9), { weeksRead: true });

    // The answers above came from the weeks: weeks made wrong make them wrong.
    process.env.TZ = 'UTC';
    const request = { from: monday - 51 * 7 * DAY, to: monday + 14 * DAY };
    weekly.get(request, new Map(), monday);
    db.prepare('UPDATE insights_weeks SET orders = orders + 1').run();
    expect(weekly.get(request, new Map(), monday).orders).toBeGreaterThan(scans.get(request, new Map(), monday).orders);
    // A start that is no midnight here is answered by the scans, and the grid stays.
    const phase = grid.get();
    expect(weekly.get({ from: request.from + 3 * HOURS, to: request.to + 3 * HOURS }, new Map(), monday).orders).toBe(
      scans.get({ from: request.from + 3 * HOURS, to: request.to + 3 * HOURS }, new Map(), monday).orders,
    );
    expect(grid.get()).toBe(phase);
  });
});

describe('durations of a very large period (migration 0025)', () => {
  it('are estimated from every 16th order by number, read from their own index, and say so', () => {
    const db = openCache(':memory:');
    const repository = new WorkOrderRepository(db);
    const next = random(25);
    const orders = generatedWorkOrders(3_200).map((order) => {
      const start = order.schedule?.service_window?.start?.utc;
      if (!start) return order;
      const at = Date.parse(`${start.replace(' ', 'T')}Z`);
      return { ...order, milestones: { created: moment(at - 3 * DAY), published: moment(at - 3 * DAY), assigned: moment(at - 3 * DAY + Math.floor(next() * 40) * 3_600_000) } } as WorkOrder;
    });
    repository.upsertMany(orders);
    const period = { from: Date.UTC(2024, 0, 1), to: Date.UTC(2024, 0, 1) + 200 * 7 * DAY };
    const whole = new InsightsRepository(db).get(period);
    const estimated = new InsightsRepository(db, { sampleAbove: 1_000 }).get(period);
    expect(whole.withMilestones).toBeGreaterThan(1_000);
    expect(whole.durationsSampledEvery).toBeUndefined();
    expect(estimated.durationsSampledEvery).toBe(16);
    // Only orders whose number is a multiple of 16, and every one of those with a span.
    const sampled = estimated.timeToDispatch.byTypeOfWork.reduce((sum, row) => sum + row.count, 0);
    const expected = whole.timeToDispatch.byTypeOfWork.reduce((sum, row) => sum + row.count, 0);
    expect(sampled).toBe(orders.filter((order) => order.id % 16 === 0 && order.milestones).length);
    expect(sampled).toBeGreaterThan(expected / 20);
    // Exactly what the sampled orders alone give.
    const sampleOnly = openCache(':memory:');
    new WorkOrderRepository(sampleOnly).upsertMany(orders.filter((order) => order.id % 16 === 0));
    const ofSample = new InsightsRepository(sampleOnly).get(period);
    expect(estimated.timeToDispatch).toEqual(ofSample.timeToDispatch);
    expect(estimated.timeToWorkDone).toEqual(ofSample.timeToWorkDone);
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN ${INSIGHTS_SQL.durationSpansSampled}`)
      .all({ ...period, client: null, typeOfWork: null })
      .map((step) => (step as { detail: string }).detail);
    expect(plan.join()).toMatch(/USING COVERING INDEX work_order_insights_spans_sample/);
  });
});
