import type { HttpRequest } from '../../../src-main/api-client/http-transport';
import { openCache } from '../../../src-main/db/database';
import { ReferenceDataRepository } from '../../../src-main/db/reference-data-repository';
import { WorkOrderRepository } from '../../../src-main/db/work-order-repository';
import { createWorkOrder } from '../../../src-main/local-marketplace/domain/work-order-editing';
import type { ListeningMarketplace } from '../../../src-main/local-marketplace/listen';
import { DEMO_CREDENTIALS } from '../../../src-main/local-marketplace/seed/demo-credentials';
import { SyncCache } from '../../../src-main/sync/sync-cache';
import { clientUnderTest } from '../api-client/support';

/** A signed-in client of a real local marketplace, an empty cache, and every REST request sent, by path. */
export async function syncUnderTest() {
  const { market, client } = await clientUnderTest();
  const requests: string[] = [];
  const send = client.transport.send.bind(client.transport);
  client.transport.send = (request: HttpRequest) => {
    if (request.url.startsWith(`${market.baseUrl}/`)) {
      const list = request.query?.list;
      requests.push(`${request.url.slice(market.baseUrl.length + 1)}${typeof list === 'string' ? `?list=${list}` : ''}`);
    }
    return send(request);
  };
  const db = openCache(':memory:');
  const workOrders = new WorkOrderRepository(db);
  const deps = { client, cache: new SyncCache(db, workOrders), referenceData: new ReferenceDataRepository(db), now: Date.now };
  return { market, client, db, workOrders, deps, requests };
}

/** Adds drafts in the marketplace's own domain, in one go: POSTing hundreds would only slow the test. */
export function addWorkOrders(market: ListeningMarketplace, count: number, title = (index: number) => `Sync test order ${index}`): void {
  const actor = { userId: DEMO_CREDENTIALS.userId, companyId: DEMO_CREDENTIALS.companyId };
  for (let index = 0; index < count; index += 1) createWorkOrder(market.marketplace.context, actor, { title: title(index) });
}

/** The marketplace's count of each list, as GET workorders/lists answers it. */
export async function serviceCounts(client: Awaited<ReturnType<typeof syncUnderTest>>['client']): Promise<Record<string, number>> {
  const answer = await client.workOrders.lists();
  const lists = Array.isArray(answer) ? answer : answer.results;
  return Object.fromEntries(lists.map((list) => [list.id, list.count ?? 0]));
}
