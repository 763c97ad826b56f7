import { WORK_ORDER_STATUSES } from '../../../src-shared/api/status';
import type { WorkOrder } from '../../../src-shared/api/work-order';

// Realistic cached orders in the shape of WorkOrderSchema, generated from a seed so tests and the
// benchmark see the same data for the same seed.

export const PLACES = [
  { city: 'Austin', state: 'TX', zip: '78701' },
  { city: 'Dallas', state: 'TX', zip: '75201' },
  { city: 'Denver', state: 'CO', zip: '80202' },
  { city: 'Portland', state: 'OR', zip: '97201' },
  { city: 'Portland', state: 'ME', zip: '04101' },
  { city: 'Chicago', state: 'IL', zip: '60601' },
  { city: 'Miami', state: 'FL', zip: '33101' },
  { city: 'Seattle', state: 'WA', zip: '98101' },
  { city: 'Boston', state: 'MA', zip: '02108' },
  { city: 'Phoenix', state: 'AZ', zip: '85001' },
] as const;
export const CLIENTS = ['Acme Retail', 'Globex Banking', 'Initech', 'Umbrella Health', 'Stark Logistics', 'Wayne Hotels'] as const;
const JOBS = ['Install', 'Replace', 'Repair', 'Survey', 'Upgrade', 'Inspect', 'Decommission'] as const;
const THINGS = ['POS terminal', 'wireless access point', 'network switch', 'security camera', 'kiosk', 'printer', 'digital signage', 'router'] as const;
const STREETS = ['Main St', 'Oak Ave', 'Elm St', 'Market St', 'Congress Ave', 'Broadway'] as const;

/** A small deterministic generator (mulberry32): the same seed gives the same orders. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(next: () => number, values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;
const pad = (value: number) => String(value).padStart(2, '0');

/** `YYYY-MM-DD HH:MM:SS` of an epoch ms, the service's UTC form. */
export function utc(epochMs: number): string {
  const date = new Date(epochMs);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

const SCHEDULE_FROM = Date.UTC(2025, 0, 1);
const HOUR = 3_600_000;

/** Order number `id` of a generated set; every tenth has no schedule, every twentieth no pay. */
export function generatedWorkOrder(id: number, next: () => number): WorkOrder {
  const place = pick(next, PLACES);
  const status = pick(next, WORK_ORDER_STATUSES);
  const clientIndex = Math.floor(next() * CLIENTS.length);
  const job = pick(next, JOBS);
  const thing = pick(next, THINGS);
  const start = SCHEDULE_FROM + Math.floor(next() * 24 * 365) * HOUR;
  return {
    id,
    title: `${job} ${thing} #${id}`,
    status: { id: status.id, name: status.name, sub_status: status.slug === 'assigned' && next() < 0.5 ? 'checked_in' : null },
    schedule: id % 10 === 0 ? null : { service_window: { mode: 'exact', start: { utc: utc(start) } } },
    location: { mode: 'custom', address1: `${100 + (id % 900)} ${pick(next, STREETS)}`, city: place.city, state: place.state, zip: place.zip, country: 'US' },
    client: { id: clientIndex + 1, name: CLIENTS[clientIndex] },
    project: { id: 100 + (id % 7), name: `Rollout ${id % 7}` },
    manager: { id: 500 + (id % 4), first_name: 'Pat', last_name: 'Lee' },
    types_of_work: [{ id: 1 + (id % 5), isPrimary: true }],
    pay: id % 20 === 0 ? null : { type: 'fixed', base: { amount: Math.round(next() * 90_000) / 100, units: 1 } },
    description: { html: `<p>Please <strong>${job.toLowerCase()}</strong> the ${thing} at the front desk. Bring a ladder &amp; a laptop.</p>` },
    integration: { id: `EXT-${id}` },
    problems: id % 50 === 0 ? { results: [{ id: id * 10, resolution: { status: 'open' } }] } : null,
  };
}

export function generatedWorkOrders(count: number, seed = 1, firstId = 1): WorkOrder[] {
  const next = random(seed);
  return Array.from({ length: count }, (_unused, index) => generatedWorkOrder(firstId + index, next));
}
