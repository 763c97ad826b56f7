import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../src-shared/ipc/outbox-channels';
import { createApp } from '../../../src-main/app/create-app';
import { createDispatcher } from '../../../src-main/ipc/dispatcher';
import { listenMarketplace } from '../../../src-main/local-marketplace/listen';
import { MemorySecretStore } from '../../../src-main/platform/memory-secret-store';
import { marketControl } from '../outbox/market-control';
import { until } from '../../support/until';
import { temporaryDir } from '../../support/temporary-dir';

const sender = { transport: 'electron' as const, url: 'file:///app/out/renderer/index.html' };
/** Long enough to quit in the middle of it, short enough for the outbox's grace period (10 s). */
const SLOW_ANSWER_MS = 1_500;

// What the desktop shell's will-quit waits for (src-main/index.ts): `app.close()`. Quitting while the
// outbox sends lets the request on the wire finish and keeps the rest queued for the next launch.
describe('quitting while the outbox is sending', () => {
  it('waits for the request on the wire and keeps the rest queued, which the next launch sends', async () => {
    const dataDir = temporaryDir();
    const secretStore = new MemorySecretStore();
    const market = await listenMarketplace({ port: 0, db: ':memory:' });
    const count = (title: string) => market.marketplace.context.db.prepare('SELECT COUNT(*) FROM work_orders WHERE title = ?').pluck().get(title);
    const start = () => {
      // One request at a time, so the second change is still queued when the first is on the wire.
      const app = createApp({ dataDir, host: 'electron', secretStore, startLocalMarketplace: async () => ({ ...market, close: async () => undefined }), outbox: { concurrency: 1, backoff: { baseMs: 5, maxMs: 50 } } });
      const dispatch = createDispatcher({ handlers: app.handlers, logger: app.logger, isTrustedSender: () => true });
      const call = async <T>(channel: string, input?: unknown): Promise<T> => {
        const result = await dispatch(channel, input, sender);
        if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
        return result.value as T;
      };
      const entries = async () => (await call<{ entries: OutboxEntry[] }>('outbox:list')).entries;
      return { app, call, entries };
    };
    try {
      const first = start();
      await first.call('session:sign-in', {});
      await first.call('settings:update', { undoSeconds: 0 });
      await marketControl(market).addFault({ method: 'POST', path: '/workorders', delay_ms: SLOW_ANSWER_MS, count: 1 });
      await first.call('workorders:create', { order: { title: 'On the wire at quit' } });
      await first.call('workorders:create', { order: { title: 'Queued at quit' } });
      await until(first.entries, (list) => list.some((entry) => entry.state === 'sending'), 'the first change is on the wire');

      const quitAt = Date.now();
      await first.app.close();
      // It waited for the slow answer instead of cutting the request off.
      expect(Date.now() - quitAt).toBeGreaterThan(SLOW_ANSWER_MS / 3);
      expect(count('On the wire at quit')).toBe(1);
      expect(count('Queued at quit')).toBe(0);

      const second = start();
      await until(second.entries, (list) => list.length === 0, 'the next launch sent what was queued');
      expect(count('On the wire at quit')).toBe(1);
      expect(count('Queued at quit')).toBe(1);
      await second.app.close();
    } finally {
      await market.close();
    }
  });
});
