import type { WorkOrder } from '../../../src-shared/api/work-order';
import { EventHub } from '../../../src-main/app/event-hub';
import { INBOX_NOTICE_SPACING_MS, watchNotices } from '../../../src-main/app/notices';
import { openCache } from '../../../src-main/db/database';
import { inboxArrivals } from '../../../src-main/db/inbox-arrivals';
import { WorkOrderPartsRepository } from '../../../src-main/db/work-order-parts-repository';
import { WorkOrderRepository } from '../../../src-main/db/work-order-repository';
import type { NoticeKinds } from '../../../src-shared/domain/notice-kinds';
import type { EnvironmentId } from '../../../src-shared/ipc/channels';
import type { Notice } from '../../../src-shared/ipc/notices';
import { utc } from '../db/work-order-fixtures';
import { until } from '../../support/until';

// Caches in memory that providers' steps reach as a pull writes them, and the notices `watchNotices`
// makes of them over a fake event hub: the real inbox writer and reader, no marketplace.

const MINUTE = 60_000;
const at = (minutesAgo: number) => ({ utc: utc(Date.now() - minutesAgo * MINUTE) });
export const EMILY = { id: 3019, first_name: 'Emily', last_name: 'Chen' };

/** One environment's cache: orders and the steps on them, written as a pull writes them. */
export function providerCache() {
  const db = openCache(':memory:');
  const orders = new WorkOrderRepository(db);
  const parts = new WorkOrderPartsRepository(db);
  const documents = new Map<number, WorkOrder>();
  let nextId = 1;
  const write = (id: number, change: (order: WorkOrder) => WorkOrder) => {
    const before = documents.get(id) ?? ({ id, title: `Install #${id}`, status: { id: 3, name: 'Assigned' }, assignee: { user: EMILY }, schedule: { service_window: { mode: 'exact', start: at(60) } } } as WorkOrder);
    const after = change(before);
    documents.set(id, after);
    orders.upsertMany([after]);
  };
  return {
    db,
    /** A provider's message, `minutesAgo` (older than two weeks: written read already). */
    message(workOrderId: number, text: string, minutesAgo = 1) {
      const message = { msg_id: nextId++, message: text, created: at(minutesAgo), from: { ...EMILY, role: 'provider' } };
      write(workOrderId, (order) => ({ ...order, messages: { results: [...(order.messages?.results ?? []), message] } }) as WorkOrder);
    },
    /** A check-in, 45 minutes after the window's start: late. */
    lateCheckIn(workOrderId: number) {
      write(workOrderId, (order) => ({ ...order, time_logs: { results: [...(order.time_logs?.results ?? []), { id: nextId++, in: at(15) }] } }) as WorkOrder);
    },
    deliverable(workOrderId: number, name: string) {
      write(workOrderId, (order) => order);
      parts.store(workOrderId, { attachments: [{ id: nextId++, folder_id: 1, status: 'pending', author: EMILY, created: at(1), file: { name } }] });
    },
    problem(workOrderId: number) {
      write(workOrderId, (order) => ({ ...order, problems: { results: [{ id: nextId++, type: { id: 1, name: 'Site closed' }, author: EMILY, created: at(1) }] } }) as WorkOrder);
    },
  };
}
export type ProviderCache = ReturnType<typeof providerCache>;

/** `watchNotices` over these caches (the active one chosen by `use`), with the Settings read live from `settings`. */
export function watchedCaches(
  caches: Partial<Record<EnvironmentId, ProviderCache>>,
  settings: { notifications: boolean; noticeKinds?: NoticeKinds } = { notifications: true },
  spacingMs = INBOX_NOTICE_SPACING_MS,
) {
  const events = new EventHub();
  const notices: Notice[] = [];
  events.subscribe((event, payload) => {
    if (event === 'notices:did-arrive') notices.push(payload as Notice);
  });
  let active = Object.keys(caches)[0] as EnvironmentId;
  let counts = 0;
  const errors: unknown[] = [];
  // Each change comes a spacing after the last unless a test says otherwise, so notices are not held back.
  const clock = { at: 0 };
  const stop = watchNotices({
    now: () => clock.at,
    spacingMs,
    events,
    enabled: () => settings.notifications,
    kinds: () => settings.noticeKinds,
    inboxArrivals: async (cursorOf, kinds) => {
      const environment = active;
      const arrivals = inboxArrivals((caches[environment] as ProviderCache).db).since(cursorOf(environment), kinds);
      counts += 1;
      return { environment, arrivals };
    },
    onError: (error) => errors.push(error),
  });
  // The fake answers at once, so what the count announces follows in the same turn: a turn later it is done.
  const counted = async (before: number, what: string) => {
    await until(async () => counts, (count) => count > before, what);
    await new Promise((resolve) => setImmediate(resolve));
  };
  /** A cache change and the count it starts, finished. */
  const changed = async (after = INBOX_NOTICE_SPACING_MS) => {
    clock.at += after;
    const before = counts;
    events.emit('workorders:did-change', { all: true });
    await counted(before, 'the count');
  };
  return {
    events,
    notices,
    errors,
    settings,
    stop,
    use: (environment: EnvironmentId) => (active = environment),
    /** How many counts have run. */
    counted: () => counts,
    clock,
    changed,
    /** The environment's pull ended, and the baseline count after it. */
    pulled: async (environment = active) => {
      clock.at += INBOX_NOTICE_SPACING_MS;
      const before = counts;
      events.emit('sync:progress', { environment, state: 'idle', lastSyncedAt: 1, progress: null });
      await counted(before, 'the baseline');
    },
  };
}
