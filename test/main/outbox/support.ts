import type { OutboxEntry } from '../../../src-shared/ipc/outbox-channels';
import type { IpcResult } from '../../../src-shared/ipc/contract';
import { MemorySecretStore } from '../../../src-main/platform/memory-secret-store';
import { appUnderTest, type MarketplaceFront, untilPulls } from '../app/support';
import { until } from '../../support/until';

export { until };

/** Everything publishing needs (decisions §2), as the marketplace tests send it. */
export { READY_ORDER } from '../../local-marketplace/work-orders-fixtures';

type OutboxConfig = NonNullable<Parameters<typeof appUnderTest>[0]>['outbox'];

/** An app signed in to its local marketplace, with short outbox delays (`outbox` overrides them) and no undo window. */
export async function outboxApp(options: { undoSeconds?: number; signIn?: boolean; outbox?: OutboxConfig; front?: MarketplaceFront; attachmentCacheBytes?: number; noticeSpacingMs?: number } = {}) {
  // A store in memory: these tests are about the outbox, and a real keychain is slow and shared under load.
  const harness = appUnderTest({
    secretStore: new MemorySecretStore(),
    outbox: { backoff: { baseMs: 5, maxMs: 50 }, probeMs: 10, ...options.outbox },
    front: options.front,
    attachmentCacheBytes: options.attachmentCacheBytes,
    noticeSpacingMs: options.noticeSpacingMs,
  });
  const changes: unknown[] = [];
  harness.app.events.subscribe((event, payload) => {
    if (event === 'workorders:did-change') changes.push(payload);
  });
  await harness.call('settings:update', { undoSeconds: options.undoSeconds ?? 0 });
  if (options.signIn ?? true) {
    await harness.call('session:sign-in', {});
    await untilPulls(harness.progress);
  }
  const entries = async () => (await harness.call<{ entries: OutboxEntry[] }>('outbox:list')).entries;
  const drained = () => until(entries, (list) => list.length === 0, 'the outbox drained');
  const market = async () => (await harness.marketplace()).marketplace;
  /** The marketplace's own answer for an order, through its REST API with the demo user's token. */
  async function marketOrder(id: number): Promise<Record<string, unknown> & { status: { id: number; name: string } }> {
    const listening = await harness.marketplace();
    const token = await listening.marketplace.app.inject({ method: 'POST', url: '/authentication/api/oauth/token', payload: { grant_type: 'password', client_id: listening.credentials.clientId, client_secret: listening.credentials.clientSecret, username: listening.credentials.username, password: listening.credentials.password } });
    const answer = await listening.marketplace.app.inject({ method: 'GET', url: `/api/rest/v2/workorders/${id}?access_token=${(token.json() as { access_token: string }).access_token}` });
    return answer.json();
  }
  const expectOk = (result: IpcResult) => {
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    return result.value;
  };
  return { ...harness, changes, entries, drained, market, marketOrder, expectOk };
}
