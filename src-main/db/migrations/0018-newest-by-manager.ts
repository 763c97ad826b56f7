import type { Migration } from './index';

/**
 * The managers' filter lists each manager named on cached orders, by the newest order naming them
 * (issue 27). Over the manager index alone that read every order's row for its last change: 0.7 s at
 * a million orders, on every start. With the change beside the manager in one index, each manager is
 * one seek (managers.ts). The new index serves every lookup by manager the old one did.
 * A bulk load cut short may have the old one waiting in deferred_indexes: it goes from there too.
 */
export const migration0018: Migration = {
  version: 18,
  name: 'newest-by-manager',
  up: `
    DROP INDEX IF EXISTS work_orders_manager;
    DELETE FROM deferred_indexes WHERE name = 'work_orders_manager';
    CREATE INDEX work_orders_manager_updated ON work_orders(manager_id, updated_at);
  `,
};
