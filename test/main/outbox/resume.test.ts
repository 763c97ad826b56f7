import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../src-shared/ipc/outbox-channels';
import { createApp } from '../../../src-main/app/create-app';
import { createDispatcher } from '../../../src-main/ipc/dispatcher';
import { listenMarketplace } from '../../../src-main/local-marketplace/listen';
import { MemorySecretStore } from '../../../src-main/platform/memory-secret-store';
import { temporaryDir } from '../../support/temporary-dir';
import { until } from './support';

const sender = { transport: 'web' as const, url: 'http://127.0.0.1:1' };

describe('resuming on launch', () => {
  it('drains what the last run left queued by itself, without anybody signing in again', async () => {
    const dataDir = temporaryDir();
    // The keychain and the marketplace outlive the app, as they do on a desktop.
    const secretStore = new MemorySecretStore();
    const market = await listenMarketplace({ port: 0, db: ':memory:' });
    const start = () => {
      const app = createApp({ dataDir, host: 'web', secretStore, startLocalMarketplace: async () => ({ ...market, close: async () => undefined }), outbox: { backoff: { baseMs: 5, maxMs: 50 } } });
      const dispatch = createDispatcher({ handlers: app.handlers, logger: app.logger, isTrustedSender: () => true });
      const call = async <T>(channel: string, input?: unknown): Promise<T> => {
        const result = await dispatch(channel, input, sender);
        if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
        return result.value as T;
      };
      return { app, call };
    };
    try {
      const first = start();
      await first.call('session:sign-in', {});
      await first.call('connectivity:set-offline', { offline: true });
      await first.call('workorders:create', { order: { title: 'Made before the laptop closed' } });
      await first.app.close();
      expect(market.marketplace.context.db.prepare("SELECT COUNT(*) FROM work_orders WHERE title = 'Made before the laptop closed'").pluck().get()).toBe(0);

      const second = start();
      await until(
        async () => (await second.call<{ entries: OutboxEntry[] }>('outbox:list')).entries,
        (entries) => entries.length === 0,
        'the outbox drained after the restart',
      );
      expect(market.marketplace.context.db.prepare("SELECT COUNT(*) FROM work_orders WHERE title = 'Made before the laptop closed'").pluck().get()).toBe(1);
      await second.app.close();
    } finally {
      await market.close();
    }
  });
});
