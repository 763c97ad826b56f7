import type { Migration } from './index';

/**
 * What the pull knows of each cached order: a fingerprint of the list item it last stored, and
 * whether the cached document is the order's full answer (GET workorders/{id}) or only its list
 * item. List items carry every column lists filter on but not the description or problems, so the
 * pull fetches the full answer only for orders whose list item changed. A separate table keeps the
 * rows lists scan slim, and goes with the order.
 */
export const migration0003: Migration = {
  version: 3,
  name: 'work-order-pull-state',
  up: `
    CREATE TABLE work_order_pull_state (
      id INTEGER PRIMARY KEY REFERENCES work_orders(id) ON DELETE CASCADE,
      list_fingerprint TEXT NOT NULL,
      complete INTEGER NOT NULL DEFAULT 0 CHECK (complete IN (0, 1))
    );
  `,
};
