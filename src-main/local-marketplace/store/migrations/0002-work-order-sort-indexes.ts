import type { Migration } from './index';

/**
 * Indexes for the sorts of GET workorders (decisions §3). Each covers what its sort reads, so a
 * page is chosen from the index alone and only its rows are read whole.
 */
export const migration0002: Migration = {
  version: 2,
  name: 'work-order-sort-indexes',
  up: `
    CREATE INDEX work_orders_company ON work_orders(company_id, id);
    CREATE INDEX work_orders_title ON work_orders(company_id, title COLLATE NOCASE);
    CREATE INDEX work_orders_pay ON work_orders(company_id, pay_amount);
  `,
};
