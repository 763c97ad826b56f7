import type { Scope } from '../../state/work-order-list.svelte';

/** Two-key go-to for the list's views (g, then the letter), as the `?` sheet lists them. */
export const VIEW_KEYS: readonly { key: string; scope: Scope; label: string }[] = [
  { key: 'g n', scope: { kind: 'attention' }, label: 'Needs attention' },
  { key: 'g l', scope: { kind: 'list', id: 'workorders_all' }, label: 'All work orders' },
  { key: 'g u', scope: { kind: 'list', id: 'workorders_draft' }, label: 'Drafts' },
  { key: 'g p', scope: { kind: 'list', id: 'workorders_published_routed' }, label: 'Published and routed' },
  { key: 'g a', scope: { kind: 'list', id: 'workorders_assigned' }, label: 'Assigned' },
  { key: 'g w', scope: { kind: 'list', id: 'workorders_work_done' }, label: 'Work done' },
  { key: 'g v', scope: { kind: 'list', id: 'workorders_approved' }, label: 'Approved and paid' },
  { key: 'g f', scope: { kind: 'list', id: 'workorders_in_flight' }, label: 'In flight' },
  { key: 'g r', scope: { kind: 'list', id: 'workorders_problem' }, label: 'Problems' },
  { key: 'g c', scope: { kind: 'list', id: 'workorders_cancelled' }, label: 'Cancelled' },
];
