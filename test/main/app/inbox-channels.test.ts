import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkOrder } from '../../../src-shared/api/work-order';
import type { IpcResult } from '../../../src-shared/ipc/contract';
import type { InboxPage } from '../../../src-shared/ipc/inbox';
import type { WorkOrderPage } from '../../../src-shared/ipc/work-order-list';
import { createApp } from '../../../src-main/app/create-app';
import { openCache } from '../../../src-main/db/database';
import { WorkOrderRepository } from '../../../src-main/db/work-order-repository';
import { cacheFilePath } from '../../../src-main/environments/environment-manager';
import { EnvironmentSettingsStore } from '../../../src-main/environments/environment-settings';
import { createDispatcher, type Sender } from '../../../src-main/ipc/dispatcher';
import { createMemoryLogger } from '../../../src-main/platform/logger';
import { MemorySecretStore } from '../../../src-main/platform/memory-secret-store';
import { temporaryDir } from '../../support/temporary-dir';
import { utc } from '../db/work-order-fixtures';

// inbox:list and inbox:mark-read through the dispatcher, from the cache alone; the count rides the list's answer.

const trusted: Sender = { transport: 'web', url: 'http://127.0.0.1:1' };
const NOW = Date.now();
const said = (msg_id: number, message: string) => ({ msg_id, message, created: { utc: utc(NOW - msg_id * 60_000) }, from: { id: 3019, name: 'Ana Ruiz', first_name: 'Ana', last_name: 'Ruiz', role: 'provider' } });
const ORDERS = [
  { id: 1, title: 'Kiosk swap', status: { id: 3, name: 'Assigned' }, client: { id: 1, name: 'Acme' }, messages: { results: [said(1, 'On my way'), said(2, 'Gate code?')] } },
  { id: 2, title: 'Switch install', status: { id: 3, name: 'Assigned' }, client: { id: 2, name: 'Globex' } },
] as WorkOrder[];

let app: ReturnType<typeof createApp>;
let dispatch: (channel: string, input?: unknown) => Promise<IpcResult>;

async function value<T>(channel: string, input?: unknown): Promise<T> {
  const answer = await dispatch(channel, input);
  if (!answer.ok) throw new Error(`${channel} answered ${answer.error.code}`);
  return answer.value as T;
}

beforeAll(() => {
  const dataDir = temporaryDir();
  new EnvironmentSettingsStore(dataDir, createMemoryLogger()).setActive('sandbox');
  const db = openCache(cacheFilePath(dataDir, 'sandbox'));
  new WorkOrderRepository(db).upsertMany(ORDERS);
  db.close();
  const logger = createMemoryLogger();
  app = createApp({ dataDir, host: 'web', logger, secretStore: new MemorySecretStore() });
  const dispatcher = createDispatcher({ handlers: app.handlers, logger, isTrustedSender: (sender) => sender.url === trusted.url });
  dispatch = (channel, input) => dispatcher(channel, input, trusted);
});
afterAll(() => app.close());

describe('inbox channels', () => {
  it('lists the cache’s items newest first, marks them read, and the list’s answer carries the unread count', async () => {
    const page = await value<InboxPage>('inbox:list', {});
    expect(page.items.map((item) => [item.body, item.order.id, item.order.client?.name])).toEqual([
      ['On my way', 1, 'Acme'],
      ['Gate code?', 1, 'Acme'],
    ]);
    expect(page.unread).toBe(2);
    expect(await value('inbox:mark-read', { ids: [page.items[0]!.id] })).toEqual({ changed: 1, unread: 1 });
    expect((await value<WorkOrderPage>('workorders:list', { per_page: 1 })).inboxUnread).toBe(1);
    expect(await value('inbox:mark-read', { matching: { workOrderId: 1 } })).toEqual({ changed: 1, unread: 0 });
    expect((await value<InboxPage>('inbox:list', { unreadOnly: true })).items).toEqual([]);
  });

  it('refuses input it does not know with a validation error, and changes nothing', async () => {
    for (const input of [{ kind: 'email' }, { limit: 0 }, { page: 2 }]) {
      const answer = await dispatch('inbox:list', input);
      expect(answer.ok ? 'ok' : answer.error.code).toBe('IPC_INVALID_INPUT');
    }
    const refused = await dispatch('inbox:mark-read', { ids: [1], matching: {} });
    expect(refused.ok ? 'ok' : refused.error.code).toBe('IPC_INVALID_INPUT');
  });
});
