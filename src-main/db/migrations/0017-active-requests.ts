import type { Migration } from './index';

/**
 * The orders with an open request (the triage's "requests" reason, issue 27): a partial index of the
 * active requests only, so the reason reads those instead of every request ever cached. Its
 * condition is the reason's own (`work-order-attention.ts`), word for word, or SQLite will not use it.
 */
export const migration0017: Migration = {
  version: 17,
  name: 'active-requests',
  up: `
    CREATE INDEX requests_active ON requests(work_order_id) WHERE coalesce(active, 1) = 1;
  `,
};
