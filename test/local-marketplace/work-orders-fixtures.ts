import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import { REST_API_BASE_PATH } from '../../src-shared/api/common';
import { TOKEN_PATH } from '../../src-shared/api/token';
import type { DomainEvent } from '../../src-main/local-marketplace/domain-events';
import type { MarketplaceOptionsInput } from '../../src-main/local-marketplace/options';
import { buildMarketplace, type Marketplace } from '../../src-main/local-marketplace/server';
import { DEMO_PASSWORD_GRANT, type TestMarketplace } from './support';

// Shared by the work order test files: bodies, and small readers of the answers.

/** Everything publishing and assigning need (decisions §2), at a custom address in Chicago. */
export const READY_ORDER = {
  title: 'Install two POS terminals',
  description: { html: '<p>Front lanes 1 and 2</p>' },
  types_of_work: [{ id: 62, isPrimary: true }],
  service_types: [{ id: 61 }],
  location: { mode: 'custom', address1: '233 S Wacker Dr', city: 'Chicago', state: 'IL', zip: '60606', country: 'US' },
  schedule: { service_window: { mode: 'exact', start: { utc: '2030-01-15 15:00:00' } } },
  pay: { type: 'fixed', base: { amount: 240 } },
} as const;

/** Creates an order and answers its id; fails the test if the create does. */
export async function createOrder(rest: TestMarketplace['rest'], body: object = READY_ORDER): Promise<number> {
  const answer = await rest('POST', 'workorders', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.id as number;
}

/** Records the domain events from now on. */
export function recordEvents(marketplace: Marketplace): DomainEvent[] {
  const events: DomainEvent[] = [];
  marketplace.context.events.subscribe((event) => events.push(event));
  return events;
}

/** Answers a transition by method and path below the order; fails the test unless it is 200. */
export async function transition(rest: TestMarketplace['rest'], method: 'POST' | 'DELETE', id: number, path: string, payload?: unknown) {
  const answer = await rest(method, `workorders/${id}${path}`, payload);
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body;
}

/** Moves an order of this marketplace to another company, to see the 403s. */
export function giveToAnotherCompany(marketplace: Marketplace, workOrderId: number): void {
  const { db } = marketplace.context;
  db.prepare(`INSERT OR IGNORE INTO companies (id, name) VALUES (1002, 'Another Company')`).run();
  db.prepare('UPDATE work_orders SET company_id = 1002 WHERE id = ?').run(workOrderId);
}

const directories: string[] = [];
const running: Marketplace[] = [];

afterEach(async () => {
  for (const marketplace of running.splice(0)) await marketplace.close();
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

/** A database file in a directory removed after the test. */
export function temporaryDatabase(): string {
  const directory = mkdtempSync(join(tmpdir(), 'work-orders-'));
  directories.push(directory);
  return join(directory, 'market.db');
}

/** A marketplace on a database file, signed in as the demo coordinator; `close()` it to restart. */
export async function fileMarketplace(db: string, options: MarketplaceOptionsInput = {}) {
  const marketplace = await buildMarketplace({ ...options, db });
  running.push(marketplace);
  const answer = await marketplace.app.inject({
    method: 'POST',
    url: TOKEN_PATH,
    payload: DEMO_PASSWORD_GRANT,
  });
  const token = answer.json().access_token as string;
  const rest: TestMarketplace['rest'] = async (method, path, payload) => {
    const response = await marketplace.app.inject({ method, url: `${REST_API_BASE_PATH}/${path}?access_token=${token}`, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };
  return {
    marketplace,
    rest,
    async close() {
      running.splice(running.indexOf(marketplace), 1);
      await marketplace.close();
    },
  };
}
