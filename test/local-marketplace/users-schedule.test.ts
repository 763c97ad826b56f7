import { describe, expect, it } from 'vitest';
import { UserSchema, type UserUpcomingSchedule } from '../../src-shared/api/user';
import { milesBetween } from '../../src-shared/domain/distance';
import { timeOnSite, type Span } from '../../src-shared/domain/time-on-site';
import { locate } from '../../src-main/local-marketplace/domain/site-geography';
import { NEARBY_MILES } from '../../src-main/local-marketplace/seed/nearby-assignees';
import { simulated } from './provider-fixtures';
import { REFERENCE_FIELDS } from './reference-models';
import { testMarketplace, type TestMarketplace } from './support';
import { createOrder, giveToAnotherCompany, READY_ORDER, transition } from './work-orders-fixtures';

// GET users/{user} as the dispatch board reads it: a home base, the booked time read from the
// assigned orders (never stored beside them), and the work done for the caller's company. The
// demo's providers work near their home bases.

type Rest = TestMarketplace['rest'];
type Order = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read field by field
/** The spec's provider profile fields the `User` model does not list. */
const SPEC_PROFILE_ONLY = ['about', 'cell', 'correlation_id', 'created_date', 'credit_check', 'driving_records_check', 'w2'];
const PROVIDERS = Array.from({ length: 20 }, (_, index) => 3001 + index);

async function orders(rest: Rest, list: string): Promise<Order[]> {
  const page = (await rest('GET', `workorders?list=${list}&per_page=100`)).body;
  return Promise.all(page.results.map(async (item: Order) => (await rest('GET', `workorders/${item.id}`)).body));
}

/**
 * The entries of a span that end after `now`, walked a minute at a time in the zone: an account
 * apart from the marketplace's own arithmetic.
 */
function expectedEntries(span: Span, timeZone: string, now: number): UserUpcomingSchedule[] {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  const local = (moment: number) => {
    const [date = '', time = ''] = format.format(moment).split(', ');
    return { date, minute: time.slice(0, 5), seconds: Number(time.slice(6, 8)) };
  };
  const entries: (UserUpcomingSchedule & { end: number })[] = [];
  for (let moment = span.start; moment < span.end; moment += 60_000) {
    const { date, minute, seconds } = local(moment);
    const last = entries.at(-1);
    if (last?.date === date) continue;
    // The day turned within the last minute walked: at this minute's start.
    if (last) Object.assign(last, { to: '24:00', end: moment - seconds * 1000 });
    entries.push({ date, from: minute, to: local(span.end).minute, end: span.end });
  }
  return entries.filter((entry) => entry.end > now).map(({ end: _end, ...entry }) => entry);
}

describe('the demo providers', () => {
  it('each have a home base at their ZIP code, and the User fields the models name', async () => {
    const { rest } = await testMarketplace();
    for (const id of PROVIDERS) {
      const user = UserSchema.parse((await rest('GET', `users/${id}`)).body);
      expect(user.coords, `${id}`).toEqual({ ...locate({ city: user.city, state: user.state, zip: user.zip, country: 'US' }), exact: false });
      // Every key is the User model's, or the spec's provider profile's (decisions §6).
      expect(Object.keys(user).filter((key) => !(REFERENCE_FIELDS.User as readonly string[]).includes(key) && !SPEC_PROFILE_ONLY.includes(key))).toEqual([]);
      expect(Object.keys(user.jobs ?? {}).sort()).toEqual([...REFERENCE_FIELDS.UserJobs]);
      expect(Object.keys(user.coords ?? {}).filter((key) => !(REFERENCE_FIELDS.Coords as readonly string[]).includes(key))).toEqual([]);
      for (const entry of user.upcoming_schedule ?? []) expect(Object.keys(entry).sort()).toEqual([...REFERENCE_FIELDS.UserUpcomingSchedule]);
    }
  });

  it('work the orders near their home bases', async () => {
    const { rest } = await testMarketplace();
    const worked = [...(await orders(rest, 'workorders_assigned')), ...(await orders(rest, 'workorders_work_done')), ...(await orders(rest, 'workorders_approved'))];
    expect(worked).toHaveLength(20);
    for (const order of worked) {
      const home = (await rest('GET', `users/${order.assignee.user.id}`)).body.coords;
      const site = order.location.coordinates;
      expect(site, `${order.id} has a known site`).toBeDefined();
      expect(milesBetween(home, site ?? home), `${order.id}`).toBeLessThanOrEqual(NEARBY_MILES);
    }
  });

  it('have upcoming schedules that are their assigned orders, in their own time zone', async () => {
    const { rest, marketplace } = await testMarketplace();
    const now = marketplace.context.clock.now();
    const assigned = await orders(rest, 'workorders_assigned');
    let booked = 0;
    for (const id of PROVIDERS) {
      const user = UserSchema.parse((await rest('GET', `users/${id}`)).body);
      const spans = assigned
        .filter((order) => order.assignee.user.id === id)
        .flatMap((order) => timeOnSite(order) ?? [])
        .sort((first, second) => first.start - second.start);
      expect(user.upcoming_schedule, `${id}`).toEqual(spans.flatMap((span) => expectedEntries(span, user.time_zone?.name ?? 'UTC', now)));
      booked += user.upcoming_schedule?.length ?? 0;
    }
    expect(booked).toBeGreaterThan(0);
  });

  it('count the finished orders of the company as their jobs, and have worked with it if any', async () => {
    const { rest } = await testMarketplace();
    const finished = [...(await orders(rest, 'workorders_work_done')), ...(await orders(rest, 'workorders_approved'))];
    for (const id of PROVIDERS) {
      const user = (await rest('GET', `users/${id}`)).body;
      const jobs = finished.filter((order) => order.assignee.user.id === id).length;
      expect(user.jobs, `${id}`).toEqual({ company: jobs, marketplace: jobs });
      expect(user.worked_with, `${id}`).toBe(jobs > 0);
    }
  });
});

describe("a provider's schedule and jobs follow the orders", () => {
  it('as they are assigned, moved, finished and unassigned', async () => {
    const { rest, marketplace } = await testMarketplace();
    const schedule = async () => (await rest('GET', 'users/3001')).body.upcoming_schedule;
    expect(await schedule()).toEqual([]);
    // 2030-01-15 15:00 UTC is 09:00 in Chicago; a fixed pay holds the provider two hours.
    const id = await createOrder(rest, READY_ORDER);
    await transition(rest, 'POST', id, '/assignee', { assignee: 3001 });
    expect(await schedule()).toEqual([{ date: '2030-01-15', from: '09:00', to: '11:00' }]);
    await rest('PUT', `workorders/${id}`, { schedule: { service_window: { mode: 'between', start: { utc: '2030-01-16 23:00:00' }, end: { utc: '2030-01-17 07:30:00' } } } });
    expect(await schedule()).toEqual([
      { date: '2030-01-16', from: '17:00', to: '24:00' },
      { date: '2030-01-17', from: '00:00', to: '01:30' },
    ]);

    // Another company's order holds them too, without saying whose; their jobs count for that company only.
    const theirs = await createOrder(rest, { ...READY_ORDER, schedule: { service_window: { mode: 'exact', start: { utc: '2030-02-01 15:00:00' } } } });
    await transition(rest, 'POST', theirs, '/assignee', { assignee: 3001 });
    giveToAnotherCompany(marketplace, theirs);
    expect((await schedule()).at(-1)).toEqual({ date: '2030-02-01', from: '09:00', to: '11:00' });

    await simulated(marketplace, 'complete', { work_order_id: id, provider_id: 3001 });
    expect((await rest('GET', 'users/3001')).body).toMatchObject({ worked_with: true, jobs: { company: 1, marketplace: 1 }, upcoming_schedule: [{ date: '2030-02-01' }] });
    marketplace.context.db.prepare('UPDATE work_orders SET company_id = 1001 WHERE id = ?').run(theirs);
    await transition(rest, 'DELETE', theirs, '/assignee');
    expect(await schedule()).toEqual([]);
  });
});
