import type { Migration } from './index';

/**
 * Tables of the expenses, problems, talent pool attributes. Expenses keep the unit amount; the
 * answer multiplies it by the quantity (decisions §6). A problem is open while `resolved_at` is
 * NULL, and `work_orders.open_problems` counts those (the `workorders_problem` list). Attributes
 * hang on a pool membership, so removing a provider from a pool removes their attributes.
 */
export const migration0006: Migration = {
  version: 6,
  name: 'buyer-records',
  up: `
    CREATE TABLE work_order_expenses (
      id INTEGER PRIMARY KEY,
      work_order_id INTEGER NOT NULL REFERENCES work_orders(id) ON DELETE CASCADE,
      author_id INTEGER NOT NULL,
      description TEXT NOT NULL,
      quantity INTEGER NOT NULL CHECK (quantity > 0),
      unit_amount REAL NOT NULL CHECK (unit_amount > 0),
      category_id INTEGER NOT NULL,
      company_expense_id INTEGER REFERENCES expense_categories(id) ON DELETE SET NULL,
      status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'approved', 'disapproved')),
      status_description TEXT NOT NULL DEFAULT '',
      reason TEXT NOT NULL DEFAULT '',
      added_at INTEGER NOT NULL
    );
    CREATE INDEX work_order_expenses_order ON work_order_expenses(work_order_id, id);

    CREATE TABLE work_order_problems (
      id INTEGER PRIMARY KEY,
      work_order_id INTEGER NOT NULL REFERENCES work_orders(id) ON DELETE CASCADE,
      type_id INTEGER NOT NULL,
      comments TEXT NOT NULL DEFAULT '',
      author_id INTEGER NOT NULL,
      created_at INTEGER NOT NULL,
      resolved_at INTEGER,
      resolved_by INTEGER
    );
    CREATE INDEX work_order_problems_order ON work_order_problems(work_order_id, id);

    CREATE TABLE talent_pool_attributes (
      id TEXT PRIMARY KEY,
      pool_id INTEGER NOT NULL,
      provider_id INTEGER NOT NULL,
      name TEXT NOT NULL,
      value TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      FOREIGN KEY (pool_id, provider_id) REFERENCES talent_pool_members(pool_id, provider_id) ON DELETE CASCADE,
      UNIQUE (pool_id, provider_id, name)
    );
  `,
};
