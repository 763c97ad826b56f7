import type { ProviderProfile, ProviderRequest } from '../../src-shared/api/provider';
import type { WorkOrder } from '../../src-shared/api/work-order';
import { timeZoneFor } from '../../src-shared/domain/site-time-zone';
import { openCache, type CacheDatabase } from '../../src-main/db/database';
import { TalentPoolRepository } from '../../src-main/db/talent-pool-repository';
import { WorkOrderPartsRepository } from '../../src-main/db/work-order-parts-repository';
import { WorkOrderRepository } from '../../src-main/db/work-order-repository';
import { cacheFilePath } from '../../src-main/environments/environment-manager';
import { EnvironmentSettingsStore } from '../../src-main/environments/environment-settings';
import { createMemoryLogger } from '../../src-main/platform/logger';
import { CLIENTS, PLACES, random, utc } from '../main/db/work-order-fixtures';
import { PREPARED_ENVIRONMENT } from './large-cache';

// A dispatch board's worth of cached orders (issue 25's scale: 300 providers, 5,000 orders in one
// week), generated from a seed: most assigned over the week, some done, the rest still needing a
// provider, with requests; two thirds of the providers in talent pools, the rest known from orders.

const HOUR = 3_600_000;
const FIRST_PROVIDER = 7001;
const FIRST_NAMES = ['Grace', 'Alan', 'Ada', 'Linus', 'Barbara', 'Ken', 'Margaret', 'Dennis', 'Frances', 'Edsger'] as const;
const LAST_NAMES = ['Kim', 'Turing', 'Lovelace', 'Torvalds', 'Liskov', 'Thompson', 'Hamilton', 'Ritchie', 'Allen', 'Dijkstra'] as const;

export interface BoardCacheOptions {
  providers: number;
  orders: number;
  /** Epoch ms of the week's first instant. */
  weekStart: number;
  seed?: number;
}

const pick = <T>(next: () => number, values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;

function profile(id: number): ProviderProfile {
  const index = id - FIRST_PROVIDER;
  return {
    id,
    first_name: FIRST_NAMES[index % FIRST_NAMES.length],
    last_name: `${LAST_NAMES[Math.floor(index / FIRST_NAMES.length) % LAST_NAMES.length]} ${index}`,
    rating: { marketplace: { stars: 3 + (index % 20) / 10, total_ratings: 10 + index } },
  };
}

function boardOrder(id: number, next: () => number, options: BoardCacheOptions): WorkOrder {
  const place = pick(next, PLACES);
  const zone = timeZoneFor({ state: place.state, country: 'US' });
  const clientIndex = Math.floor(next() * CLIENTS.length);
  const roll = next();
  const status = roll < 0.72 ? { id: 3, name: 'Assigned', sub_status: pick(next, ['', 'confirmed', 'on_my_way', 'checked_in', 'at_risk']) } : roll < 0.85 ? { id: 4, name: 'Work Done' } : roll < 0.95 ? { id: 2, name: 'Published' } : { id: 9, name: 'Routed' };
  const provider = FIRST_PROVIDER + Math.floor(next() * options.providers);
  // Working hours over the seven days, in whole quarters of an hour.
  const start = options.weekStart + Math.floor(next() * 7) * 24 * HOUR + (12 + Math.floor(next() * 40) / 4) * HOUR;
  const modeRoll = next();
  const mode = modeRoll < 0.5 ? 'exact' : modeRoll < 0.8 ? 'between' : 'hours';
  const end = mode === 'between' ? start + (2 + Math.floor(next() * 4)) * HOUR : start + 8 * HOUR;
  const person = profile(provider);
  return {
    id,
    title: `Install kiosk #${id}`,
    status,
    schedule: { service_window: { mode, start: { utc: utc(start) }, ...(mode === 'exact' ? {} : { end: { utc: utc(end) } }) }, time_zone: { name: zone } },
    location: { mode: 'custom', address1: `${100 + (id % 900)} Main St`, city: place.city, state: place.state, zip: place.zip, country: 'US', time_zone: { name: zone } },
    client: { id: clientIndex + 1, name: CLIENTS[clientIndex] },
    types_of_work: [{ id: 1 + (id % 5), isPrimary: true }],
    pay: mode === 'exact' ? { type: 'hourly', base: { amount: 65, units: 1 + (id % 4) } } : { type: 'fixed', base: { amount: 240 } },
    assignee: status.id === 3 || status.id === 4 ? { user: { id: provider, first_name: person.first_name, last_name: person.last_name } } : null,
    routes: status.id === 9 ? { results: [{ technician: { id: provider } }, { technician: { id: FIRST_PROVIDER + ((provider + 7) % options.providers) } }] } : undefined,
  };
}

/** Fills an empty cache; answers the ids of the orders still needing a provider. */
export function fillBoardCache(db: CacheDatabase, options: BoardCacheOptions): number[] {
  const next = random(options.seed ?? 25);
  const orders = Array.from({ length: options.orders }, (_unused, index) => boardOrder(100_001 + index, next, options));
  new WorkOrderRepository(db).upsertMany(orders);

  const members = Array.from({ length: Math.floor((options.providers * 2) / 3) }, (_unused, index) => ({ provider: profile(FIRST_PROVIDER + index), attributes: [] }));
  const half = Math.ceil(members.length / 2);
  new TalentPoolRepository(db).replace([
    { group: { id: 1, name: 'Installers' }, pools: [{ pool: { id: 11, name: 'North' }, members: members.slice(0, half) }, { pool: { id: 12, name: 'South' }, members: members.slice(half) }] },
  ]);

  const parts = new WorkOrderPartsRepository(db);
  const open = orders.filter((order) => order.status?.id === 2 || order.status?.id === 9);
  open.forEach((order, index) => {
    if (index % 3 !== 0) return;
    const requests: ProviderRequest[] = [1, 2].map((offset) => ({ id: order.id * 10 + offset, user: { id: FIRST_PROVIDER + ((index + offset) % options.providers) }, counter: offset === 2, active: true }));
    parts.store(order.id, { requests });
  });
  db.pragma('optimize');
  return open.map((order) => order.id);
}

/**
 * Prepares a fresh data dir whose active environment's cache holds the board's week, for a web
 * host started on it afterwards (as large-cache.ts's prepareLargeCache does, and for its reasons:
 * the sandbox is never configured, so the app works from the cache and nothing is sent).
 */
export function prepareBoardCache(dataDir: string, options: BoardCacheOptions): number[] {
  new EnvironmentSettingsStore(dataDir, createMemoryLogger()).setActive(PREPARED_ENVIRONMENT);
  const db = openCache(cacheFilePath(dataDir, PREPARED_ENVIRONMENT));
  try {
    return fillBoardCache(db, options);
  } finally {
    db.close();
  }
}
