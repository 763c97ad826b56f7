import type { Migration } from './index';

/**
 * The first schema. Records keep their whole JSON in `data`; the columns beside it are what lists
 * filter, sort and join on, kept in step by the repositories.
 */
export const migration0001: Migration = {
  version: 1,
  name: 'initial',
  up: `
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

    CREATE TABLE companies (id INTEGER PRIMARY KEY, name TEXT NOT NULL, data TEXT NOT NULL DEFAULT '{}');

    CREATE TABLE users (
      id INTEGER PRIMARY KEY,
      company_id INTEGER REFERENCES companies(id),
      role TEXT NOT NULL CHECK (role IN ('manager', 'provider')),
      username TEXT UNIQUE,
      password TEXT,
      first_name TEXT NOT NULL,
      last_name TEXT NOT NULL,
      data TEXT NOT NULL DEFAULT '{}'
    );

    CREATE TABLE api_clients (
      client_id TEXT PRIMARY KEY,
      client_secret TEXT NOT NULL,
      company_id INTEGER NOT NULL REFERENCES companies(id)
    );

    CREATE TABLE tokens (
      access_token TEXT PRIMARY KEY,
      refresh_token TEXT NOT NULL UNIQUE,
      client_id TEXT NOT NULL REFERENCES api_clients(client_id) ON DELETE CASCADE,
      user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      expires_at INTEGER NOT NULL,
      refresh_revoked INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX tokens_expires ON tokens(expires_at);

    CREATE TABLE clients (
      id INTEGER PRIMARY KEY,
      company_id INTEGER NOT NULL REFERENCES companies(id),
      name TEXT NOT NULL,
      data TEXT NOT NULL
    );

    CREATE TABLE projects (
      id INTEGER PRIMARY KEY,
      company_id INTEGER NOT NULL REFERENCES companies(id),
      client_id INTEGER REFERENCES clients(id),
      name TEXT NOT NULL,
      status TEXT NOT NULL DEFAULT 'active'
    );

    CREATE TABLE locations (
      id INTEGER PRIMARY KEY,
      company_id INTEGER NOT NULL REFERENCES companies(id),
      name TEXT NOT NULL,
      search TEXT NOT NULL,
      data TEXT NOT NULL
    );

    CREATE TABLE tags (id INTEGER PRIMARY KEY, company_id INTEGER NOT NULL, data TEXT NOT NULL);
    CREATE TABLE expense_categories (id INTEGER PRIMARY KEY, company_id INTEGER NOT NULL, data TEXT NOT NULL);

    CREATE TABLE talent_pool_groups (id INTEGER PRIMARY KEY, company_id INTEGER NOT NULL, name TEXT NOT NULL);
    CREATE TABLE talent_pools (
      id INTEGER PRIMARY KEY,
      group_id INTEGER NOT NULL REFERENCES talent_pool_groups(id) ON DELETE CASCADE,
      name TEXT NOT NULL
    );
    CREATE TABLE talent_pool_members (
      pool_id INTEGER NOT NULL REFERENCES talent_pools(id) ON DELETE CASCADE,
      provider_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      PRIMARY KEY (pool_id, provider_id)
    );

    CREATE TABLE work_orders (
      id INTEGER PRIMARY KEY,
      company_id INTEGER NOT NULL REFERENCES companies(id),
      title TEXT NOT NULL,
      status_id INTEGER NOT NULL,
      sub_status TEXT NOT NULL DEFAULT '',
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      schedule_start INTEGER,
      pay_amount REAL,
      client_id INTEGER,
      project_id INTEGER,
      manager_id INTEGER,
      type_of_work_id INTEGER,
      city TEXT,
      state TEXT,
      country TEXT,
      saved_location_id INTEGER,
      integration_id TEXT,
      assignee_id INTEGER,
      open_problems INTEGER NOT NULL DEFAULT 0,
      data TEXT NOT NULL
    );
    CREATE UNIQUE INDEX work_orders_integration ON work_orders(company_id, integration_id) WHERE integration_id IS NOT NULL;
    CREATE INDEX work_orders_status ON work_orders(company_id, status_id);
    CREATE INDEX work_orders_schedule ON work_orders(company_id, schedule_start);
    CREATE INDEX work_orders_created ON work_orders(company_id, created_at);

    CREATE TABLE work_order_routes (
      work_order_id INTEGER NOT NULL REFERENCES work_orders(id) ON DELETE CASCADE,
      provider_id INTEGER NOT NULL REFERENCES users(id),
      created_at INTEGER NOT NULL,
      PRIMARY KEY (work_order_id, provider_id)
    );

    CREATE TABLE scheduled_jobs (
      id INTEGER PRIMARY KEY,
      due_at INTEGER NOT NULL,
      kind TEXT NOT NULL,
      payload TEXT NOT NULL
    );
    CREATE INDEX scheduled_jobs_due ON scheduled_jobs(due_at);
  `,
};
