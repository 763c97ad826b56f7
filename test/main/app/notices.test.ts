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

  it('announce a provider’s new deliverable once a pull brings it, not those the cache already held', async () => {
    const { app, call, marketOrder, market, progress } = await outboxApp();
    const notices = noticesOf(app.events);
    const { results } = await call<{ results: { id: number }[] }>('workorders:list', { list: 'workorders_assigned', per_page: 1 });
    const id = results[0]?.id as number;
    const assignee = (await marketOrder(id)).assignee as { user: { id: number } };
    const answer = await (await market()).app.inject({
      method: 'POST',
      url: '/__local/simulate/upload',
      payload: { work_order_id: id, provider_id: assignee.user.id, name: 'panel.txt', content: 'Panel fitted.' },
    });
    expect(answer.statusCode).toBeLessThan(300);
    // A full pull reads every order's parts; the first count (at sign-in) was the baseline.
    const pulls = progress.filter((status) => status.state === 'idle').length;
    await call('sync:now');
    await untilPulls(progress, pulls > 0 ? 2 : 1);
    await until(async () => notices, (list) => list.some((notice) => notice.kind === 'deliverables'), 'the deliverables notice');
    expect(notices.filter((notice) => notice.kind === 'deliverables')).toEqual([
      { kind: 'deliverables', title: 'A new deliverable to review', body: `Uploaded on work order #${id}.`, workOrderId: id },
    ]);
  });

  it('speak of new refusals only, never of what the last run or another environment left', async () => {
    const events = new EventHub();
    const notices = noticesOf(events);
    const stop = watchNotices({ events, enabled: () => true, pendingDeliverables: async () => ({ environment: 'local', items: [] }), onError: () => undefined });
    events.emit('outbox:changed', { pending: 0, refused: 2 });
    events.emit('outbox:changed', { pending: 0, refused: 3 });
    events.emit('outbox:changed', { pending: 0, refused: 5 });
    events.emit('outbox:changed', { pending: 0, refused: 1 });
    events.emit('environments:did-change', []);
    events.emit('outbox:changed', { pending: 0, refused: 4 });
    expect(notices.map((notice) => notice.title)).toEqual(['A change was refused', '2 changes were refused']);
    stop();
  });

  it('do not announce what a first pull brings, nor another environment’s deliverables when it is switched to', async () => {
    const events = new EventHub();
    const notices = noticesOf(events);
    let current = { environment: 'local', items: [{ attachmentId: 1, workOrderId: 10 }] };
    let counted = 0;
    const counts = async () => counted;
    const stop = watchNotices({
      events,
      enabled: () => true,
      pendingDeliverables: async () => {
        const answer = current;
        counted += 1;
        return answer;
      },
      onError: () => undefined,
    });
    const pulled = (environment: 'local' | 'sandbox') => events.emit('sync:progress', { environment, state: 'idle', lastSyncedAt: 1, progress: null });
    // What the first pull brings is the baseline, however many counts come before it ends.
    events.emit('workorders:did-change', { all: true });
    await until(counts, (count) => count >= 1, 'the first count');
    pulled('local');
    await until(counts, (count) => count >= 2, 'the baseline');
    current = { environment: 'sandbox', items: [{ attachmentId: 7, workOrderId: 70 }, { attachmentId: 8, workOrderId: 71 }] };
    events.emit('workorders:did-change', { all: true });
    await until(counts, (count) => count >= 3, 'the count after the switch');
    pulled('sandbox');
    await until(counts, (count) => count >= 4, 'the sandbox baseline');
    current = { environment: 'sandbox', items: [...current.items, { attachmentId: 9, workOrderId: 72 }, { attachmentId: 10, workOrderId: 73 }] };
    events.emit('workorders:did-change', { ids: [72, 73] });
    await until(async () => notices, (list) => list.length > 0, 'the notice');
    expect(notices).toEqual([{ kind: 'deliverables', title: '2 new deliverables to review', body: 'Uploaded on 2 work orders.' }]);
    stop();
  });
});
