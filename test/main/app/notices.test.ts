import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Notice } from '../../../src-shared/ipc/notices';
import { EventHub } from '../../../src-main/app/event-hub';
import { watchNotices } from '../../../src-main/app/notices';
import { temporaryDir } from '../../support/temporary-dir';
import { until } from '../../support/until';
import { outboxApp } from '../outbox/support';
import { providerCache, watchedCaches } from './inbox-caches';
import { untilPulls } from './support';

function noticesOf(events: { subscribe: EventHub['subscribe'] }): Notice[] {
  const notices: Notice[] = [];
  events.subscribe((event, payload) => {
    if (event === 'notices:did-arrive') notices.push(payload as Notice);
  });
  return notices;
}

describe('desktop notices', () => {
  it('announce a finished upload with its file and order, and only while the Settings switch is on', async () => {
    const { app, call, upload, drained } = await outboxApp();
    const notices = noticesOf(app.events);
    const { results } = await call<{ results: { id: number }[] }>('workorders:list', { list: 'workorders_assigned', per_page: 1 });
    const id = results[0]?.id as number;
    const file = join(temporaryDir(), 'meter-reading.jpg');
    writeFileSync(file, createHash('sha256').update('meter').digest());

    const waiting = async () => (await call<{ total: number }>('deliverables:list', {})).total;
    const before = await waiting();
    await upload({ workOrderId: id, path: file });
    await drained();
    await until(async () => notices, (list) => list.some((notice) => notice.kind === 'upload'), 'the upload notice');
    // The coordinator's own file lands in Documents, pending: it is not a deliverable to review.
    expect(await waiting()).toBe(before);
    expect((await call<{ attention: Record<string, string[]> }>('workorders:list', { workOrderId: id })).attention[String(id)] ?? []).not.toContain('deliverables');
    expect(notices.find((notice) => notice.kind === 'upload')).toEqual({ kind: 'upload', title: 'Upload finished', body: `meter-reading.jpg was added to work order #${id}.`, workOrderId: id });

    await call('settings:update', { notifications: false });
    await upload({ workOrderId: id, path: file });
    await drained();
    expect(notices.filter((notice) => notice.kind === 'upload')).toHaveLength(1);
  });

  it('leave main as plain text: markup, entities and direction overrides in a file’s name are not passed on', async () => {
    const { app, call, upload, drained } = await outboxApp();
    const notices = noticesOf(app.events);
    const { results } = await call<{ results: { id: number }[] }>('workorders:list', { list: 'workorders_assigned', per_page: 1 });
    const id = results[0]?.id as number;
    const file = join(temporaryDir(), '<b>PAID<b> invoice&#x202E;fdp.pdf <img src=x>');
    writeFileSync(file, 'invoice');

    await upload({ workOrderId: id, path: file });
    await drained();
    const notice = await until(async () => notices.find((candidate) => candidate.kind === 'upload'), (found) => found !== undefined, 'the upload notice');
    expect(notice?.body).toBe(`PAID invoicefdp.pdf was added to work order #${id}.`);
  });

  it('announce a provider’s new deliverable once a pull brings it, as an Inbox item, and not when Settings leave deliverables out', async () => {
    // Two notices a minute apart would make this test a minute long: no spacing here (inbox-notices.test.ts tests it).
    const { app, call, invoke, marketOrder, market, progress } = await outboxApp({ noticeSpacingMs: 0 });
    const notices = noticesOf(app.events);
    const { results } = await call<{ results: { id: number }[] }>('workorders:list', { list: 'workorders_assigned', per_page: 1 });
    const id = results[0]?.id as number;
    const assignee = (await marketOrder(id)).assignee as { user: { id: number } };
    const uploads = async (name: string) => {
      const answer = await (await market()).app.inject({
        method: 'POST',
        url: '/__local/simulate/upload',
        payload: { work_order_id: id, provider_id: assignee.user.id, name, content: 'Panel fitted.' },
      });
      expect(answer.statusCode).toBeLessThan(300);
    };
    const pullAgain = async () => {
      // A full pull reads every order's parts; the first count (at sign-in) was the baseline.
      const pulls = progress.filter((status, index) => status.state === 'idle' && progress[index - 1]?.state === 'syncing').length;
      await call('sync:now');
      await untilPulls(progress, pulls + 1);
    };
    await uploads('panel.txt');
    await pullAgain();
    await until(async () => notices, (list) => list.some((notice) => notice.kind === 'inbox'), 'the inbox notice');
    expect(notices.filter((notice) => notice.kind === 'inbox')).toEqual([
      { kind: 'inbox', title: 'A new deliverable to review', body: expect.stringMatching(new RegExp(`^\\S.* uploaded panel\\.txt on #${id}$`)), workOrderId: id },
    ]);

    // The kinds are checked by the settings channel: a group it does not know is refused, and nothing is stored.
    const refused = await invoke('settings:update', { noticeKinds: { deliverables: false, spam: true } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT' } });
    expect((await call<{ noticeKinds?: unknown }>('settings:get')).noticeKinds).toBeUndefined();
    await call('settings:update', { noticeKinds: { deliverables: false } });
    await uploads('second-panel.txt');
    await pullAgain();
    const inbox = await call<{ items: { kind: string; what: string }[] }>('inbox:list', { workOrderId: id, kind: 'deliverable' });
    expect(inbox.items.some((item) => item.what.includes('second-panel.txt'))).toBe(true);
    // Deliverables back on: the next one is news, alone; the one that came while they were off is not replayed.
    await call('settings:update', { noticeKinds: { deliverables: true } });
    await uploads('third-panel.txt');
    await pullAgain();
    await until(async () => notices.filter((notice) => notice.kind === 'inbox'), (list) => list.length > 1, 'the next deliverable’s notice');
    expect(notices.filter((notice) => notice.kind === 'inbox').slice(1)).toEqual([
      { kind: 'inbox', title: 'A new deliverable to review', body: expect.stringMatching(new RegExp(`uploaded third-panel\\.txt on #${id}$`)), workOrderId: id },
    ]);
  });

  it('speak of new refusals only, never of what the last run or another environment left', async () => {
    const events = new EventHub();
    const notices = noticesOf(events);
    const stop = watchNotices({ events, enabled: () => true, kinds: () => undefined, inboxArrivals: async () => ({ environment: 'local', arrivals: { newest: 0, counts: [], orders: { count: 0, first: null, last: null }, latest: undefined } }), onError: () => undefined });
    events.emit('outbox:changed', { pending: 0, refused: 2 });
    events.emit('outbox:changed', { pending: 0, refused: 3 });
    events.emit('outbox:changed', { pending: 0, refused: 5 });
    events.emit('outbox:changed', { pending: 0, refused: 1 });
    events.emit('environments:did-change', []);
    events.emit('outbox:changed', { pending: 0, refused: 4 });
    expect(notices.map((notice) => notice.title)).toEqual(['A change was refused', '2 changes were refused']);
    stop();
  });

  it('do not announce what a first pull brings, nor another environment’s items when it is switched to', async () => {
    const local = providerCache();
    const sandbox = providerCache();
    const watched = watchedCaches({ local, sandbox });
    // What the first pull brings is the baseline, however many counts come before it ends.
    local.deliverable(10, 'before.pdf');
    await watched.changed();
    local.deliverable(11, 'during.pdf');
    await watched.pulled('local');
    watched.use('sandbox');
    sandbox.deliverable(70, 'old.pdf');
    sandbox.deliverable(71, 'older.pdf');
    await watched.changed();
    await watched.pulled('sandbox');
    expect(watched.notices).toEqual([]);
    sandbox.deliverable(72, 'a.pdf');
    sandbox.deliverable(73, 'b.pdf');
    await watched.changed();
    expect(watched.notices).toEqual([{ kind: 'inbox', title: '2 new in the Inbox', body: '2 deliverables to review on #72 and #73' }]);
    watched.stop();
  });
});
