/** Work orders as the cache holds them, for view tests: builders on top of the fake's `workOrder`. */
import type { WorkOrder } from '../../../src-shared/api/work-order';
import { workOrder } from './fake-api';

/** What publishing and assigning need: a type of work, a location, a schedule and pay. */
export const DISPATCHABLE = {
  types_of_work: [{ id: 1, name: 'HVAC' }],
  location: { mode: 'custom', address1: '100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
  schedule: { service_window: { mode: 'exact', start: { utc: '2026-12-01 15:00:00' } } },
  pay: { type: 'fixed', base: { amount: 100, units: 1 } },
} as const;

/** A draft with everything publishing needs. */
export const readyDraft = (id: number, title: string, patch: Partial<WorkOrder> = {}): WorkOrder => workOrder(id, { title, status: { id: 1, name: 'Draft' }, ...DISPATCHABLE, ...patch } as Partial<WorkOrder>);

/** An order in a status, by its id in the status table (2 published, 3 assigned, 4 work done…). */
export const orderIn = (id: number, status: { id: number; name: string }, patch: Partial<WorkOrder> = {}): WorkOrder => workOrder(id, { title: `Order ${id}`, status, ...DISPATCHABLE, ...patch } as Partial<WorkOrder>);

/** A talent pool of `members` (providers by id and name), as `talent-pools:list` and `talent-pools:providers` answer. */
export function poolOf(id: number, name: string, members: { id: number; first_name: string; last_name: string; city?: string }[]) {
  return {
    summary: { id, name, group: { id: id * 10, name: 'Preferred providers' }, providerCount: members.length },
    members: members.map((provider) => ({ provider: { state: 'TX', ...provider }, attributes: [] })),
  };
}
