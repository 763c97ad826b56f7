import { describe, expect, it } from 'vitest';
import { until } from '../../support/until';
import { inboxNotice } from '../../../src-main/app/inbox-notice';
import { ARRIVED_LATEST_SQL, ARRIVED_ORDERS_SQL, ARRIVED_TOTALS_SQL, NEWEST_INBOX_ID_SQL } from '../../../src-main/db/inbox-arrivals';
import type { InboxArrivals } from '../../../src-main/db/inbox-arrivals';
import { providerCache, watchedCaches } from './inbox-caches';

const arrivals = (patch: Partial<InboxArrivals>): InboxArrivals => ({
  newest: 9,
  counts: [],
  orders: { count: 1, first: 10019, last: 10019 },
  latest: { workOrderId: 10019, kind: 'message', late: false, who: 'Emily Chen', what: 'wrote “The loading dock is locked”' },
  ...patch,
});

describe('the Inbox notice’s words', () => {
  it('say how many came, of which kinds (a late check-in said so), and on which orders', () => {
    expect(
      inboxNotice(arrivals({ counts: [{ kind: 'check-in', late: true, count: 1 }, { kind: 'message', late: false, count: 2 }], orders: { count: 2, first: 10019, last: 10025 } })),
    ).toEqual({ kind: 'inbox', title: '3 new in the Inbox', body: '2 messages and a late check-in on #10019 and #10025' });
    expect(
      inboxNotice(
        arrivals({
          counts: [
            { kind: 'deliverable', late: false, count: 1 },
            { kind: 'check-in', late: false, count: 2 },
            { kind: 'counter-offer', late: false, count: 1 },
            { kind: 'check-in', late: true, count: 1 },
          ],
          orders: { count: 4, first: 1, last: 9 },
        }),
      ),
    ).toEqual({ kind: 'inbox', title: '5 new in the Inbox', body: 'A counter-offer, a late check-in, 2 check-ins and a deliverable to review on 4 work orders' });
  });

  it('name the one order they are all on, so the notice opens it', () => {
    expect(inboxNotice(arrivals({ counts: [{ kind: 'problem', late: false, count: 2 }] }))).toEqual({ kind: 'inbox', title: '2 new in the Inbox', body: '2 problems on #10019', workOrderId: 10019 });
  });

  it('of a single item, say who did what, as plain text and bounded', () => {
    expect(inboxNotice(arrivals({ counts: [{ kind: 'message', late: false, count: 1 }] }))).toEqual({
      kind: 'inbox',
      title: 'A new message',
      body: 'Emily Chen wrote “The loading dock is locked” on #10019',
      workOrderId: 10019,
    });
    const late = inboxNotice(arrivals({ counts: [{ kind: 'check-in', late: true, count: 1 }], latest: { workOrderId: 7, kind: 'check-in', late: true, who: 'Emily Chen', what: 'checked in 40 min late' } }));
    expect(late).toEqual({ kind: 'inbox', title: 'A late check-in', body: 'Emily Chen checked in 40 min late on #7', workOrderId: 7 });
    const long = inboxNotice(arrivals({ counts: [{ kind: 'message', late: false, count: 1 }], latest: { workOrderId: 7, kind: 'message', late: false, who: '<b>Emily</b>', what: `wrote “${'x'.repeat(400)}”` } }));
    expect(long?.body.startsWith('Emily wrote “xxx')).toBe(true);
    expect(Array.from(long?.body ?? '')).toHaveLength(200);
  });

  it('say nothing when nothing came', () => {
    expect(inboxNotice(arrivals({ counts: [], latest: undefined }))).toBeUndefined();
  });
});

describe('one notice per burst of new Inbox items', () => {
  it('after this run’s first pull only: what the first pull brings is the baseline, then each count is one notice', async () => {
    const cache = providerCache();
    const watched = watchedCaches({ local: cache });
    cache.message(10019, 'Morning');
    await watched.changed();
    await watched.pulled();
    expect(watched.notices).toEqual([]);

    // One recount: two messages on one order, a late check-in on another.
    cache.message(10019, 'The loading dock is locked');
    cache.message(10019, 'Found the manager');
    cache.lateCheckIn(10025);
    await watched.changed();
    expect(watched.notices).toEqual([{ kind: 'inbox', title: '3 new in the Inbox', body: '2 messages and a late check-in on #10019 and #10025' }]);

    // Nothing new: no notice; one new deliverable: one notice naming who, what and where.
    await watched.changed();
    cache.deliverable(10025, 'panel.jpg');
    await watched.changed();
    expect(watched.notices.slice(1)).toEqual([{ kind: 'inbox', title: 'A new deliverable to review', body: 'Emily Chen uploaded panel.jpg on #10025', workOrderId: 10025 }]);
    expect(watched.errors).toEqual([]);
    watched.stop();
  });

  it('count what a pull writes page after page when it ends: one pull, one notice', async () => {
    const cache = providerCache();
    const watched = watchedCaches({ local: cache });
    await watched.pulled();
    watched.events.emit('sync:progress', { environment: 'local', state: 'syncing', lastSyncedAt: 1, progress: null });
    cache.message(10019, 'Page one');
    watched.events.emit('workorders:did-change', { ids: [10019] });
    cache.deliverable(10040, 'page-two.pdf');
    watched.events.emit('workorders:did-change', { ids: [10040] });
    expect(watched.counted()).toBe(1);
    await watched.pulled();
    expect(watched.notices).toEqual([{ kind: 'inbox', title: '2 new in the Inbox', body: 'A message and a deliverable to review on #10019 and #10040' }]);
    expect(watched.counted()).toBe(2);
    watched.stop();
  });

  it('gather bursts that come within a minute of the last notice into one notice at its end', async () => {
    const cache = providerCache();
    // The spacing on the test's clock is a minute; its timer, on the real one, a moment.
    const watched = watchedCaches({ local: cache }, { notifications: true }, 200);
    await watched.pulled();
    cache.message(10019, 'On site');
    await watched.changed();
    // Moments later, two more bursts (providers busy on other orders): held, not announced one by one.
    cache.lateCheckIn(10025);
    await watched.changed(50);
    cache.deliverable(10040, 'panel.jpg');
    await watched.changed(50);
    expect(watched.notices).toHaveLength(1);
    // The spacing's end, with no change after it: one notice for both.
    watched.clock.at += 200;
    await until(async () => watched.notices, (notices) => notices.length === 2, 'the gathered notice', 5_000, 20);
    expect(watched.notices[1]).toEqual({ kind: 'inbox', title: '2 new in the Inbox', body: 'A late check-in and a deliverable to review on #10025 and #10040' });
    watched.stop();
  });

  it('leave out what arrives read already (older than two weeks when first cached) and what was read before the count', async () => {
    const cache = providerCache();
    const watched = watchedCaches({ local: cache });
    await watched.pulled();
    cache.message(10019, 'From last month', 60 * 24 * 30);
    await watched.changed();
    expect(watched.notices).toEqual([]);
    cache.message(10019, 'Fresh');
    cache.db.exec('UPDATE inbox_items SET read_at = 1');
    await watched.changed();
    expect(watched.notices).toEqual([]);
    watched.stop();
  });

  it('speak only of the kinds chosen in Settings, read at each notice, and replay nothing when the switch comes back on', async () => {
    const cache = providerCache();
    const settings = { notifications: true, noticeKinds: { messages: false } };
    const watched = watchedCaches({ local: cache }, settings);
    await watched.pulled();
    cache.message(10019, 'Hello');
    await watched.changed();
    expect(watched.notices).toEqual([]);
    cache.message(10019, 'Hello again');
    cache.problem(10031);
    await watched.changed();
    expect(watched.notices).toEqual([{ kind: 'inbox', title: 'A new problem', body: 'Emily Chen reported a problem: Site closed on #10031', workOrderId: 10031 }]);

    settings.noticeKinds = { messages: true };
    settings.notifications = false;
    cache.message(10020, 'While off');
    await watched.changed();
    settings.notifications = true;
    await watched.changed();
    cache.message(10021, 'Back on');
    await watched.changed();
    expect(watched.notices.slice(1).map((notice) => notice.body)).toEqual(['Emily Chen wrote “Back on” on #10021']);
    watched.stop();
  });

  it('find what is new on the rowid’s range, never by scanning the inbox', () => {
    const { db } = providerCache();
    const plan = (sql: string) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all({ after: 1, newest: 2, kinds: '["message"]' }) as { detail: string }[]).map((row) => row.detail).join('\n');
    // MAX of the rowid: its b-tree's last entry, one seek.
    expect(plan(NEWEST_INBOX_ID_SQL)).toBe('SEARCH inbox_items');
    for (const sql of [ARRIVED_TOTALS_SQL, ARRIVED_ORDERS_SQL, ARRIVED_LATEST_SQL]) {
      const found = plan(sql);
      expect(found).toMatch(/SEARCH inbox_items USING INTEGER PRIMARY KEY \(rowid>\? AND rowid<\?\)/);
      expect(found).not.toMatch(/SCAN inbox_items/);
    }
  });
});
