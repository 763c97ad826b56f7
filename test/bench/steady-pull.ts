// Issue 27, item 4: what staying fresh costs once the cache is full and nothing changes. Between
// whole listings a pull asks only for the orders in flight, the problems and the lists' counts
// (sync/pull-scope.ts); a whole listing runs at least every FULL_PULL_MAX_AGE_MS. Counted at the
// client's transport: requests, and the answers' body bytes (Content-Length). The baseline is what
// every pull cost before: a whole listing, measured in the same run, at every pull. Timing is not the point here, so the
// marketplace runs in this thread, filled through its own domain.
import { TOKEN_PATH } from '../../src-shared/api/token';
import { WorkOrderCreateBodySchema } from '../../src-shared/api/work-order-requests';
import { memoryCredentialSource } from '../../src-main/api-client/credential-source';
import type { HttpRequest } from '../../src-main/api-client/http-transport';
import { MarketplaceClient } from '../../src-main/api-client/marketplace-client';
import { openCache } from '../../src-main/db/database';
import { ReferenceDataRepository } from '../../src-main/db/reference-data-repository';
import { WorkOrderRepository } from '../../src-main/db/work-order-repository';
import { createWorkOrder } from '../../src-main/local-marketplace/domain/work-order-editing';
import { publishWorkOrder } from '../../src-main/local-marketplace/domain/work-order-transitions';
import { listenMarketplace } from '../../src-main/local-marketplace/listen';
import { DEMO_CREDENTIALS } from '../../src-main/local-marketplace/seed/demo-credentials';
import { SYNC_INTERVAL_MS } from '../../src-main/app/workspace';
import { pullAll } from '../../src-main/sync/pull';
import { pollIntervalMs } from '../../src-main/live/live-updates';
import { FULL_PULL_MAX_AGE_MS } from '../../src-main/sync/pull-scope';
import { SyncCache } from '../../src-main/sync/sync-cache';
import { benchOrders } from '../support/bench-orders';

/** Orders in flight, of all: a buyer's history is mostly closed work. */
const IN_FLIGHT_SHARE = 0.05;
const HOUR_MS = 60 * 60 * 1000;
const PULLS_PER_HOUR = HOUR_MS / SYNC_INTERVAL_MS;
const WHOLE_LISTINGS_PER_HOUR = (60 * 60 * 1000) / FULL_PULL_MAX_AGE_MS;

interface Cost {
  requests: number;
  bytes: number;
}

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`;

async function measure(orders: number): Promise<void> {
  const market = await listenMarketplace({ port: 0, db: ':memory:' });
  const { clientId, clientSecret, username, password } = market.credentials;
  const client = new MarketplaceClient({ baseUrl: market.baseUrl, authUrl: market.authUrl, credentials: memoryCredentialSource({ clientId, clientSecret, username, password }) });
  const db = openCache(':memory:');
  try {
    const context = market.marketplace.context;
    const actor = { userId: DEMO_CREDENTIALS.userId, companyId: DEMO_CREDENTIALS.companyId };
    // Everything publishing asks for.
    const body = WorkOrderCreateBodySchema.parse({
      title: 'Steady order',
      types_of_work: [{ id: 62, isPrimary: true }],
      service_types: [{ id: 61 }],
      location: { mode: 'custom', address1: '233 S Wacker Dr', city: 'Chicago', state: 'IL', zip: '60606', country: 'US' },
      schedule: { service_window: { mode: 'exact', start: { utc: '2030-01-15 15:00:00' } } },
      pay: { type: 'fixed', base: { amount: 240 } },
    });
    // Counted in the marketplace's own store: a client connection left idle through the fill would
    // meet the server's keep-alive timeout as the event loop comes back.
    const existing = context.db.prepare('SELECT COUNT(*) FROM work_orders').pluck().get() as number;
    const missing = Math.max(0, orders - existing);
    context.db.transaction(() => {
      for (let index = 0; index < missing; index += 1) {
        const made = createWorkOrder(context, actor, { ...body, title: `Steady order ${index}` });
        if (index % Math.round(1 / IN_FLIGHT_SHARE) === 0) publishWorkOrder(context, actor, made.id);
      }
    })();

    let cost: Cost = { requests: 0, bytes: 0 };
    const send = client.transport.send.bind(client.transport);
    client.transport.send = async (request: HttpRequest) => {
      const answer = await send(request);
      if (new URL(request.url).pathname !== TOKEN_PATH) {
        cost.requests += 1;
        const length = Number(answer.headers['content-length']);
        cost.bytes += Number.isFinite(length) ? length : JSON.stringify(answer.body ?? '').length;
      }
      return answer;
    };
    let clock = Date.now();
    const deps = { client, cache: new SyncCache(db, new WorkOrderRepository(db)), referenceData: new ReferenceDataRepository(db), now: () => clock };
    const counted = async (scope?: 'all') => {
      cost = { requests: 0, bytes: 0 };
      const summary = await pullAll(deps, { scope });
      return { ...cost, summary };
    };
    const first = await counted();
    clock += SYNC_INTERVAL_MS;
    const quiet = await counted();
    clock += SYNC_INTERVAL_MS;
    const whole = await counted('all');
    if (quiet.summary.scope !== 'active' || quiet.summary.details !== 0 || whole.summary.details !== 0) throw new Error('Something changed between the pulls');
    const inFlight = (await client.workOrders.list({ list: 'workorders_in_flight', per_page: 1 })).metadata.total;
    // Issue 28, part 2: where webhook deliveries reach this machine (push) the five-minute pull is
    // their net and a quiet hour brings no delivery at all; where they cannot (poll), a pull each
    // minute while the in-flight list is short (live/live-updates.ts).
    const hourly = (intervalMs: number) => {
      const pulls = HOUR_MS / intervalMs;
      return { requests: quiet.requests * pulls + whole.requests * WHOLE_LISTINGS_PER_HOUR, bytes: quiet.bytes * pulls + whole.bytes * WHOLE_LISTINGS_PER_HOUR };
    };
    const push = hourly(pollIntervalMs('push', inFlight, SYNC_INTERVAL_MS));
    const pollInterval = pollIntervalMs('poll', inFlight, SYNC_INTERVAL_MS);
    const poll = hourly(pollInterval);
    const before = { requests: whole.requests * PULLS_PER_HOUR, bytes: whole.bytes * PULLS_PER_HOUR };
    console.log(`\n${first.summary.listed.toLocaleString('en-US')} orders cached, ${inFlight.toLocaleString('en-US')} in flight; a whole listing every ${FULL_PULL_MAX_AGE_MS / 3_600_000} h`);
    console.log(`first sync: ${first.requests.toLocaleString('en-US')} requests, ${megabytes(first.bytes)}`);
    console.log(`a pull with nothing changed: ${quiet.requests} requests, ${megabytes(quiet.bytes)}; a whole listing: ${whole.requests.toLocaleString('en-US')} requests, ${megabytes(whole.bytes)}`);
    console.log(`per hour, nothing changing, with webhook deliveries (a pull every ${SYNC_INTERVAL_MS / 60_000} min, 0 deliveries): ${Math.round(push.requests).toLocaleString('en-US')} requests, ${megabytes(push.bytes)} (every pull listing everything: ${Math.round(before.requests).toLocaleString('en-US')} requests, ${megabytes(before.bytes)}; ratio ${(before.bytes / push.bytes).toFixed(1)}× fewer bytes)`);
    console.log(`per hour, nothing changing, without deliveries (a pull every ${pollInterval / 60_000} min): ${Math.round(poll.requests).toLocaleString('en-US')} requests, ${megabytes(poll.bytes)} (${(poll.bytes / push.bytes).toFixed(1)}× the bytes with deliveries)`);
    // Decisions §8: the rate limit is per token and per minute; the busiest minute is a whole listing's.
    console.log(`the busiest minute: ${whole.requests.toLocaleString('en-US')} requests (a whole listing); a quiet minute without deliveries: ${pollInterval <= 60_000 ? quiet.requests : 0}`);
  } finally {
    db.close();
    await client.dispose();
    await market.close();
  }
}

export default async function run(): Promise<void> {
  for (const orders of benchOrders([10_000])) await measure(orders);
}
