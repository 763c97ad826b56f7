import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderProfile } from '../../../src-shared/api/provider';
import type { WorkOrder } from '../../../src-shared/api/work-order';
import type { DispatchBoard } from '../../../src-shared/ipc/dispatch';
import type { IpcResult } from '../../../src-shared/ipc/contract';
import { createApp } from '../../../src-main/app/create-app';
import { openCache } from '../../../src-main/db/database';
import { PERIOD_QUERIES } from '../../../src-main/db/dispatch-board-orders';
import { ProviderScheduleRepository } from '../../../src-main/db/provider-schedule-repository';
import { TalentPoolRepository } from '../../../src-main/db/talent-pool-repository';
import { WorkOrderPartsRepository } from '../../../src-main/db/work-order-parts-repository';
import { WorkOrderRepository } from '../../../src-main/db/work-order-repository';
import { cacheFilePath } from '../../../src-main/environments/environment-manager';
import { EnvironmentSettingsStore } from '../../../src-main/environments/environment-settings';
import { createDispatcher, type Sender } from '../../../src-main/ipc/dispatcher';
import { createMemoryLogger } from '../../../src-main/platform/logger';
import { MemorySecretStore } from '../../../src-main/platform/memory-secret-store';
import { utc } from '../db/work-order-fixtures';
import { temporaryDir } from '../../support/temporary-dir';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The period: a whole UTC day, two days ahead, so no order of it is late. */
const P0 = Math.floor(Date.now() / DAY) * DAY + 2 * DAY;
const CHECKED_AT = P0 - 3 * DAY;
const trusted: Sender = { transport: 'web', url: 'http://127.0.0.1:1' };

const at = (epochMs: number) => ({ utc: utc(epochMs) });
const exact = (start: number) => ({ service_window: { mode: 'exact', start: at(start) } });
const window = (mode: string, start: number, end: number) => ({ service_window: { mode, start: at(start), end: at(end) } });
const assignee = (id: number, first: string, last: string) => ({ user: { id, first_name: first, last_name: last } });
const ASSIGNED = { id: 3, name: 'Assigned' };
const PHOENIX = { mode: 'custom', city: 'Phoenix', state: 'AZ', country: 'US' };
const DALLAS = { mode: 'custom', city: 'Dallas', state: 'TX', country: 'US' };

const ORDERS: WorkOrder[] = [
  { id: 1001, title: 'Kiosk swap', status: { ...ASSIGNED, sub_status: 'confirmed' }, schedule: exact(P0 + 9 * HOUR), pay: { type: 'hourly', base: { amount: 60, units: 3 } }, location: PHOENIX, client: { id: 1, name: 'Acme' }, assignee: assignee(801, 'Zed', 'Assigned') },
  { id: 1002, title: 'Switch', status: ASSIGNED, schedule: { ...window('between', P0 + 13 * HOUR, P0 + 17 * HOUR), time_zone: { name: 'America/Chicago' } }, location: DALLAS, assignee: assignee(802, 'Amy', 'Assigned'), problems: { results: [{ id: 1, resolution: { status: 'open' } }] } },
  { id: 1003, title: 'Survey', status: { id: 4, name: 'Work Done' }, schedule: window('hours', P0 + 8 * HOUR, P0 + 17 * HOUR), location: PHOENIX, assignee: assignee(801, 'Zed', 'Assigned') },
  // Over the period's start, and a long visit that began ten days before it.
  { id: 1004, title: 'Overnight', status: ASSIGNED, schedule: window('between', P0 - 2 * HOUR, P0 + HOUR), location: DALLAS, assignee: assignee(802, 'Amy', 'Assigned') },
  { id: 1005, title: 'Rollout', status: ASSIGNED, schedule: window('between', P0 - 10 * DAY, P0 + 10 * DAY), location: DALLAS, assignee: assignee(801, 'Zed', 'Assigned') },
  // Next week; and a visit that ends as the period starts: neither meets it.
  { id: 1006, title: 'Later', status: ASSIGNED, schedule: exact(P0 + 7 * DAY), location: DALLAS, assignee: assignee(806, 'Xi', 'Later') },
  { id: 1007, title: 'Before', status: ASSIGNED, schedule: exact(P0 - 2 * HOUR), pay: { type: 'fixed', base: { amount: 90 } }, location: DALLAS, assignee: assignee(802, 'Amy', 'Assigned') },
  { id: 1008, title: 'Odd mode', status: ASSIGNED, schedule: { ...window('flexible', P0 + 20 * HOUR, P0 + 22 * HOUR), time_zone: { name: 'UTC' } }, assignee: assignee(801, 'Zed', 'Assigned') },
  { id: 1010, title: 'Kiosk install', status: { id: 2, name: 'Published' }, schedule: exact(P0 + 10 * HOUR), location: { ...PHOENIX, coordinates: { latitude: 33.4484, longitude: -112.074, exact: false } }, client: { id: 1, name: 'Acme' }, types_of_work: [{ id: 2, isPrimary: true }] },
  { id: 1011, title: 'Router', status: { id: 9, name: 'Routed' }, schedule: window('between', P0 + 30 * DAY, P0 + 30 * DAY + 4 * HOUR), location: DALLAS, client: { id: 2, name: 'Globex' }, types_of_work: [{ id: 3, isPrimary: true }], routes: { results: [{ technician: { id: 803 } }, { technician: { id: 805 } }] } },
  // Routes answered in a shape the contract does not promise: no provider named, the tray still answers.
  { id: 1016, title: 'Odd routes', status: { id: 9, name: 'Routed' }, schedule: exact(P0 + 90 * DAY), location: DALLAS, client: { id: 3, name: 'Initech' }, routes: 'none' },
  { id: 1012, title: 'Printer repair', status: { id: 2, name: 'Published' }, schedule: exact(P0 + 60 * DAY), location: DALLAS, client: { id: 1, name: 'Acme' }, types_of_work: [{ id: 3, isPrimary: true }] },
  { id: 1013, title: 'Old one', status: { id: 5, name: 'Approved' }, schedule: exact(P0 - 40 * DAY), location: DALLAS, assignee: assignee(805, 'Wes', 'Worked') },
  { id: 1014, title: 'Older one', status: { id: 6, name: 'Paid' }, schedule: exact(P0 - 80 * DAY), location: DALLAS, assignee: assignee(805, 'Wes', 'Worked') },
  { id: 1015, title: 'Draft', status: { id: 1, name: 'Draft' }, schedule: exact(P0 + HOUR) },
  // Now, not in the period above: late (its visit ended and nobody checked in).
  { id: 1020, title: 'Late one', status: ASSIGNED, schedule: exact(Date.now() - 5 * HOUR), location: DALLAS, assignee: assignee(802, 'Amy', 'Assigned') },
];

const profile = (id: number, first: string, last: string, rating: ProviderProfile['rating']): ProviderProfile => ({ id, first_name: first, last_name: last, rating });

function prepareDataDir(): string {
  const dataDir = temporaryDir();
  new EnvironmentSettingsStore(dataDir, createMemoryLogger()).setActive('sandbox');
  const db = openCache(cacheFilePath(dataDir, 'sandbox'));
  new WorkOrderRepository(db).upsertMany(ORDERS);
  new TalentPoolRepository(db).replace([
    {
      group: { id: 1, name: 'Installers' },
      pools: [
        {
          pool: { id: 11, name: 'North' },
          members: [
            { provider: profile(801, 'Zed', 'Assigned', { my_company: { stars: 4.5, total_ratings: 3 }, marketplace: { stars: 3.9, total_ratings: 10 } }), attributes: [] },
            { provider: profile(803, 'Pat', 'Pool', { marketplace: { stars: 4.2, total_ratings: 12 } }), attributes: [] },
            // Stars nobody gave are no rating.
            { provider: profile(804, 'Bo', 'Pool', { marketplace: { stars: 5, total_ratings: 0 } }), attributes: [] },
          ],
        },
      ],
    },
  ]);
  new WorkOrderPartsRepository(db).store(1010, {
    requests: [
      { id: 1, user: { id: 803 }, active: true },
      { id: 2, user: { id: 804 } },
      { id: 3, user: { id: 803 }, counter: true, active: true },
      { id: 4, user: { id: 805 }, active: false },
    ],
  });
  // Pat's schedule was checked: based in Phoenix, booked elsewhere late morning, and next week.
  new ProviderScheduleRepository(db).write(803, { id: 803, coords: { latitude: 33.45, longitude: -112.07, exact: false } }, [{ start: P0 + 10 * HOUR, end: P0 + 12 * HOUR }, { start: P0 + 7 * DAY, end: P0 + 7 * DAY + HOUR }], CHECKED_AT);
  // A change waits for 1002; one for 1001 was refused.
  db.prepare('UPDATE work_orders SET pending = 1 WHERE id IN (1001, 1002)').run();
  db.prepare(
    `INSERT INTO outbox_entries (id, kind, lane, work_order_id, input, state, error, created_at, updated_at)
     VALUES ('refused-1', 'workorders:unassign', 'wo:1001', 1001, '{"id":1001}', 'refused', '{"code":"OUTBOX_REJECTED","message":"No"}', 0, 0)`,
  ).run();
  db.close();
  return dataDir;
}

let app: ReturnType<typeof createApp>;
let dispatch: (channel: string, input?: unknown) => Promise<IpcResult>;

beforeAll(() => {
  const logger = createMemoryLogger();
  app = createApp({ dataDir: prepareDataDir(), host: 'web', logger, secretStore: new MemorySecretStore() });
  const dispatcher = createDispatcher({ handlers: app.handlers, logger, isTrustedSender: (sender) => sender.url === trusted.url });
  dispatch = (channel, input) => dispatcher(channel, input, trusted);
});
afterAll(() => app.close());

async function board(input: Record<string, unknown> = {}): Promise<DispatchBoard> {
  const answer = await dispatch('dispatch:board', { from: P0, to: P0 + DAY, ...input });
  if (!answer.ok) throw new Error(`dispatch:board answered ${answer.error.code}: ${answer.error.message}`);
  return answer.value as DispatchBoard;
}

describe('dispatch:board', () => {
  it('has a row per provider: assigned in the period, then pool members, then those worked with, each by name, with their time booked elsewhere', async () => {
    const { providers } = await board();
    const unchecked = { busy: [], scheduleCheckedAt: null, home: null };
    expect(providers).toEqual([
      { id: 802, name: 'Amy Assigned', source: 'assigned', rating: null, ordersDone: 0, ...unchecked },
      { id: 801, name: 'Zed Assigned', source: 'assigned', rating: 4.5, ordersDone: 1, ...unchecked },
      { id: 804, name: 'Bo Pool', source: 'pool', rating: null, ordersDone: 0, ...unchecked },
      // Only the booking that meets the period.
      { id: 803, name: 'Pat Pool', source: 'pool', rating: 4.2, ordersDone: 0, busy: [{ start: P0 + 10 * HOUR, end: P0 + 12 * HOUR }], scheduleCheckedAt: CHECKED_AT, home: [33.45, -112.07] },
      { id: 805, name: 'Wes Worked', source: 'worked-with', rating: null, ordersDone: 2, ...unchecked },
      { id: 806, name: 'Xi Later', source: 'worked-with', rating: null, ordersDone: 0, ...unchecked },
    ]);
  });

  it('draws the assigned and done orders whose time on site meets the period, each window as what it is, by start', async () => {
    const { blocks, from, to } = await board();
    expect({ from, to }).toEqual({ from: P0, to: P0 + DAY });
    expect(blocks.map((block) => block.id)).toEqual([1005, 1004, 1003, 1001, 1002, 1008]);
    const byId = new Map(blocks.map((block) => [block.id, block]));
    expect(byId.get(1001)).toEqual({
      id: 1001,
      providerId: 801,
      title: 'Kiosk swap',
      statusId: 3,
      statusName: 'Assigned: Confirmed',
      mode: 'exact',
      // An exact start holds the hours the pay pays for.
      start: P0 + 9 * HOUR,
      end: P0 + 12 * HOUR,
      timeZone: 'America/Phoenix',
      place: 'Phoenix, AZ',
      client: 'Acme',
      attention: [],
      pending: true,
      refused: true,
    });
    expect(byId.get(1002)).toMatchObject({ mode: 'between', start: P0 + 13 * HOUR, end: P0 + 17 * HOUR, timeZone: 'America/Chicago', place: 'Dallas, TX', client: null, attention: ['problem'], pending: true, refused: false });
    expect(byId.get(1003)).toMatchObject({ statusId: 4, statusName: 'Work Done', mode: 'hours', start: P0 + 8 * HOUR, end: P0 + 17 * HOUR });
    expect(byId.get(1004)).toMatchObject({ start: P0 - 2 * HOUR, end: P0 + HOUR });
    expect(byId.get(1005)).toMatchObject({ start: P0 - 10 * DAY, end: P0 + 10 * DAY, providerId: 801 });
    // A mode the contract does not know is drawn as a start; its window still holds the provider. No location, no zone.
    expect(byId.get(1008)).toMatchObject({ mode: 'exact', start: P0 + 20 * HOUR, end: P0 + 22 * HOUR, timeZone: null, place: null });
  });

  it('marks attention exactly as workorders:list does', async () => {
    const now = Date.now();
    const { blocks } = await board({ from: now - DAY, to: now + DAY });
    const late = blocks.find((block) => block.id === 1020);
    expect(late?.attention).toContain('late');
    const { tray } = await board();
    const answer = await dispatch('workorders:list', { per_page: 100 });
    if (!answer.ok) throw new Error(answer.error.message);
    const listed = (answer.value as { attention: Record<number, string[]> }).attention;
    for (const order of [...blocks, ...tray, ...(await board()).blocks]) expect(order.attention, `order ${order.id}`).toEqual(listed[order.id] ?? []);
  });

  it('lists every published and routed order in the tray by start, with its requests and routes, filtered like the list', async () => {
    const { tray } = await board();
    expect(tray.map((order) => order.id)).toEqual([1010, 1011, 1012, 1016]);
    expect(tray[3]).toMatchObject({ id: 1016, routedTo: [], site: null });
    expect(tray[0]).toMatchObject({ id: 1010, site: [33.4484, -112.074], statusName: 'Published', requests: 2, counterOffers: 1, requestedBy: [803, 804], routedTo: [], attention: ['requests'] });
    expect(tray[1]).toMatchObject({ id: 1011, statusId: 9, statusName: 'Routed', mode: 'between', requests: 0, counterOffers: 0, requestedBy: [], routedTo: [803, 805] });
    expect((await board({ search: 'kiosk' })).tray.map((order) => order.id)).toEqual([1010]);
    expect((await board({ client: 2 })).tray.map((order) => order.id)).toEqual([1011]);
    expect((await board({ typeOfWork: 3 })).tray.map((order) => order.id)).toEqual([1011, 1012]);
    expect((await board({ typeOfWork: 3, client: 1, search: 'printer' })).tray.map((order) => order.id)).toEqual([1012]);
    // The filters are the tray's only: the board's blocks and rows stay whole.
    expect((await board({ search: 'kiosk' })).blocks).toHaveLength(6);
  });

  it('refuses a period that ends before it starts or lasts over 31 days, and unknown keys, with IPC_INVALID_INPUT', async () => {
    for (const input of [{ from: P0, to: P0 }, { from: P0, to: P0 - DAY }, { from: P0, to: P0 + 32 * DAY }, { from: P0, to: P0 + DAY, provider: 801 }, { from: P0 }, { from: P0, to: P0 + DAY, search: 'x'.repeat(201) }]) {
      expect(await dispatch('dispatch:board', input)).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT', message: expect.any(String) } });
    }
  });
});

describe('dispatch:check-schedules', () => {
  it('refuses more than 300 providers, ids that are not ids, and unknown keys', async () => {
    for (const input of [{ providerIds: Array.from({ length: 301 }, (_, index) => index + 1) }, { providerIds: [0] }, { providerIds: ['803'] }, { providerIds: [803], force: true }, {}]) {
      expect(await dispatch('dispatch:check-schedules', input)).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT' } });
    }
  });
});

describe('the period query', () => {
  it('reads a range of an index, never the whole table', () => {
    const db = openCache(':memory:');
    try {
      for (const sql of PERIOD_QUERIES) {
        const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all({ from: 0, to: 1, lookback: 0, now: 0 }) as { detail: string }[]).map((step) => step.detail);
        expect(plan.find((detail) => /\bw\b/.test(detail))).toMatch(/^SEARCH w USING INDEX work_orders_(status|long_visits) /);
        expect(plan.some((detail) => /^SCAN w\b/.test(detail))).toBe(false);
      }
    } finally {
      db.close();
    }
  });
});
