import { afterEach, describe, expect, it } from 'vitest';
import type { SyncStatusPayload } from '../../../src-shared/ipc/channels';
import type { Insights } from '../../../src-shared/ipc/insights';
import { createApp } from '../../../src-main/app/create-app';
import { createDispatcher, type Sender } from '../../../src-main/ipc/dispatcher';
import { listenMarketplace } from '../../../src-main/local-marketplace/listen';
import { createMemoryLogger } from '../../../src-main/platform/logger';
import { MemorySecretStore } from '../../../src-main/platform/memory-secret-store';
import { temporaryDir } from '../../support/temporary-dir';

const trusted: Sender = { transport: 'web', url: 'http://127.0.0.1:1' };
const DAY = 24 * 3_600_000;
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function appUnderTest() {
  const logger = createMemoryLogger();
  let starts = 0;
  const app = createApp({
    dataDir: temporaryDir(),
    host: 'web',
    logger,
    secretStore: new MemorySecretStore(),
    startLocalMarketplace: () => {
      starts += 1;
      return listenMarketplace({ port: 0, db: ':memory:' });
    },
  });
  cleanups.push(() => app.close());
  const dispatch = createDispatcher({ handlers: app.handlers, logger, isTrustedSender: (sender) => sender.url === trusted.url });
  const progress: SyncStatusPayload[] = [];
  app.events.subscribe((event, payload) => {
    if (event === 'sync:progress') progress.push(payload as SyncStatusPayload);
  });
  return { dispatch: (channel: string, input?: unknown) => dispatch(channel, input, trusted), progress, starts: () => starts };
}

async function untilSynced(progress: SyncStatusPayload[]): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!progress.some((status) => status.state !== 'syncing' && status.lastSyncedAt !== null)) {
    if (progress.some((status) => status.state === 'error')) throw new Error('the pull failed');
    if (Date.now() > deadline) throw new Error('the pull did not end in time');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const period = () => ({ from: Date.now() - 28 * DAY, to: Date.now() + 14 * DAY });

describe('insights:get', () => {
  it('answers an empty cache with zeros, without starting the marketplace', async () => {
    const { dispatch, starts } = appUnderTest();
    const answer = await dispatch('insights:get', period());
    expect(answer).toMatchObject({ ok: true, value: { orders: 0, statusByWeek: [], pay: { total: 0 } } });
    expect(starts()).toBe(0);
  });

  it('refuses a period that ends before it starts, or lasts more than 60 weeks', async () => {
    const { dispatch } = appUnderTest();
    const now = Date.now();
    expect(await dispatch('insights:get', { from: now, to: now - DAY })).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT' } });
    expect(await dispatch('insights:get', { from: now - 61 * 7 * DAY, to: now })).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT' } });
  });

  it('counts the demo company’s orders once they are pulled, the type of work named', async () => {
    const { dispatch, progress } = appUnderTest();
    await dispatch('sync:now');
    await untilSynced(progress);
    const answer = await dispatch('insights:get', period());
    if (!answer.ok) throw new Error(answer.error.message);
    const insights = answer.value as Insights;
    // Bare drafts have no service date; every other seeded order is within four weeks of now.
    expect(insights.orders + insights.unscheduled).toBe(40);
    expect(insights.statusByWeek.reduce((sum, row) => sum + row.count, 0)).toBe(insights.orders);
    expect(insights.pay.total).toBeGreaterThan(0);
    // Orders with an open problem are pulled in full, milestones and all.
    expect(insights.ordersWithOpenProblems).toBeGreaterThan(0);
    expect(insights.withMilestones).toBeGreaterThan(0);
    expect(insights.timeToDispatch.byTypeOfWork.every((row) => row.name !== null)).toBe(true);
  });
});
