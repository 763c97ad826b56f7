import type { Migration } from './index';

/**
 * The marketplace side of dispatch: a company's selection rules, each with its criteria as a JSON
 * array (they are read and written whole), and an index for what a provider's profile and
 * auto-dispatch ask of the orders: a provider's assigned and finished orders. Home bases live in the
 * provider's `data` (its `coords`), like the rest of the profile; schedules are never stored, they
 * are read from the assigned orders.
 */
export const migration0010: Migration = {
  version: 10,
  name: 'dispatch',
  up: `
    CREATE TABLE selection_rules (
      id INTEGER PRIMARY KEY,
      company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      name TEXT NOT NULL CHECK (length(trim(name)) > 0),
      criteria TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(criteria) AND json_type(criteria) = 'array')
    );
    CREATE INDEX selection_rules_company ON selection_rules(company_id, id);
    CREATE INDEX work_orders_assignee ON work_orders(assignee_id, status_id) WHERE assignee_id IS NOT NULL;
  `,
};
