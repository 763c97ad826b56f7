import type { Migration } from './index';

/**
 * The offline cache. Every record keeps the JSON the service answered (`json`; for work orders in
 * `work_order_documents`), so nothing the contract tolerates is lost; the other columns are copies
 * of what lists filter and sort on.
 * Moments are epoch milliseconds. Records that belong to a work order go with it.
 */
export const migration0001: Migration = {
  version: 1,
  name: 'initial',
  up: `
    CREATE TABLE work_orders (
      id INTEGER PRIMARY KEY,
      title TEXT,
      status_id INTEGER,
      status_name TEXT,
      -- Lifecycle position (Routed sits between Published and Assigned), so the status sort uses an index.
      status_rank INTEGER,
      sub_status TEXT,
      schedule_start INTEGER,
      city TEXT COLLATE NOCASE,
      state TEXT COLLATE NOCASE,
      zip TEXT,
      country TEXT COLLATE NOCASE,
      client_id INTEGER,
      client_name TEXT,
      project_id INTEGER,
      manager_id INTEGER,
      type_of_work_id INTEGER,
      pay_amount REAL,
      open_problems INTEGER NOT NULL DEFAULT 0,
      updated_at INTEGER NOT NULL,
      cached_at INTEGER NOT NULL,
      -- An outbox change is waiting for this order; the pull must not overwrite it.
      pending INTEGER NOT NULL DEFAULT 0 CHECK (pending IN (0, 1))
    );
    -- The JSON lives beside the row, not in it: lists and searches read thousands of rows for a
    -- count or a sort, and slim rows keep that to a few pages instead of one page per order.
    CREATE TABLE work_order_documents (
      id INTEGER PRIMARY KEY REFERENCES work_orders(id) ON DELETE CASCADE,
      json TEXT NOT NULL
    );
    CREATE INDEX work_orders_status ON work_orders(status_id, schedule_start);
    CREATE INDEX work_orders_status_rank ON work_orders(status_rank);
    CREATE INDEX work_orders_schedule ON work_orders(schedule_start);
    CREATE INDEX work_orders_title ON work_orders(title COLLATE NOCASE);
    CREATE INDEX work_orders_pay ON work_orders(pay_amount);
    CREATE INDEX work_orders_updated ON work_orders(updated_at);
    CREATE INDEX work_orders_place ON work_orders(state, city);
    CREATE INDEX work_orders_city ON work_orders(city);
    CREATE INDEX work_orders_zip ON work_orders(zip);
    CREATE INDEX work_orders_client ON work_orders(client_id);
    CREATE INDEX work_orders_project ON work_orders(project_id);
    CREATE INDEX work_orders_manager ON work_orders(manager_id);
    CREATE INDEX work_orders_type_of_work ON work_orders(type_of_work_id);
    CREATE INDEX work_orders_with_problems ON work_orders(id) WHERE open_problems > 0;
    CREATE INDEX work_orders_pending ON work_orders(id) WHERE pending = 1;

    -- Lists that change rarely (types of work, tags, company expenses…), read with a maximum age.
    CREATE TABLE reference_data (
      kind TEXT NOT NULL,
      key TEXT NOT NULL,
      json TEXT NOT NULL,
      fetched_at INTEGER NOT NULL,
      PRIMARY KEY (kind, key)
    ) WITHOUT ROWID;

    CREATE TABLE saved_locations (
      id INTEGER PRIMARY KEY,
      name TEXT COLLATE NOCASE,
      address1 TEXT,
      city TEXT COLLATE NOCASE,
      state TEXT COLLATE NOCASE,
      zip TEXT,
      country TEXT,
      json TEXT NOT NULL,
      fetched_at INTEGER NOT NULL
    );
    CREATE INDEX saved_locations_name ON saved_locations(name);

    CREATE TABLE clients (
      id INTEGER PRIMARY KEY,
      name TEXT COLLATE NOCASE,
      json TEXT NOT NULL,
      fetched_at INTEGER NOT NULL
    );
    CREATE INDEX clients_name ON clients(name);

    CREATE TABLE projects (
      id INTEGER PRIMARY KEY,
      client_id INTEGER,
      name TEXT COLLATE NOCASE,
      json TEXT NOT NULL,
      fetched_at INTEGER NOT NULL
    );
    CREATE INDEX projects_client ON projects(client_id);

    CREATE TABLE providers (
      id INTEGER PRIMARY KEY,
      name TEXT COLLATE NOCASE,
      json TEXT NOT NULL,
      fetched_at INTEGER NOT NULL
    );

    CREATE TABLE talent_pool_attributes (
      pool_id INTEGER NOT NULL,
      provider_id INTEGER NOT NULL,
      id TEXT NOT NULL,
      name TEXT,
      value TEXT,
      json TEXT NOT NULL,
      fetched_at INTEGER NOT NULL,
      PRIMARY KEY (pool_id, provider_id, id)
    ) WITHOUT ROWID;

    -- Metadata only: the bytes stay on the service, or in the staging folder while an upload waits.
    CREATE TABLE attachments (
      id INTEGER PRIMARY KEY,
      work_order_id INTEGER NOT NULL REFERENCES work_orders(id) ON DELETE CASCADE,
      folder_id INTEGER,
      name TEXT,
      mime TEXT,
      size INTEGER CHECK (size IS NULL OR size >= 0),
      sha256 TEXT,
      status TEXT,
      json TEXT NOT NULL,
      fetched_at INTEGER NOT NULL
    );
    CREATE INDEX attachments_work_order ON attachments(work_order_id, folder_id);
    CREATE INDEX attachments_sha256 ON attachments(folder_id, sha256);

    CREATE TABLE expenses (
      id INTEGER PRIMARY KEY,
      work_order_id INTEGER NOT NULL REFERENCES work_orders(id) ON DELETE CASCADE,
      status TEXT,
      amount REAL,
      json TEXT NOT NULL,
      fetched_at INTEGER NOT NULL
    );
    CREATE INDEX expenses_work_order ON expenses(work_order_id);

    CREATE TABLE requests (
      id INTEGER PRIMARY KEY,
      work_order_id INTEGER NOT NULL REFERENCES work_orders(id) ON DELETE CASCADE,
      provider_id INTEGER,
      counter INTEGER,
      active INTEGER,
      json TEXT NOT NULL,
      fetched_at INTEGER NOT NULL
    );
    CREATE INDEX requests_work_order ON requests(work_order_id);
  `,
};
