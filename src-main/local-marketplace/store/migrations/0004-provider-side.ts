import type { Migration } from './index';

/**
 * The provider side (decisions §6): requests and counter-offers, swaps, messages, time logs and
 * shipments. Providers write them through the simulation; the buyer reads them, decides swaps and
 * writes messages. Requests keep their terms as JSON in `data`; the columns are what lists and
 * expiry read.
 */
export const migration0004: Migration = {
  version: 4,
  name: 'provider-side',
  up: `
    CREATE TABLE provider_requests (
      id INTEGER PRIMARY KEY,
      work_order_id INTEGER NOT NULL REFERENCES work_orders(id) ON DELETE CASCADE,
      provider_id INTEGER NOT NULL REFERENCES users(id),
      counter INTEGER NOT NULL DEFAULT 0 CHECK (counter IN (0, 1)),
      state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'accepted', 'inactive')),
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      closed_at INTEGER,
      data TEXT NOT NULL
    );
    CREATE INDEX provider_requests_order ON provider_requests(work_order_id, state);

    CREATE TABLE swap_requests (
      id TEXT PRIMARY KEY,
      work_order_id INTEGER NOT NULL REFERENCES work_orders(id) ON DELETE CASCADE,
      from_provider_id INTEGER NOT NULL REFERENCES users(id),
      to_provider_id INTEGER NOT NULL REFERENCES users(id),
      state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'accepted', 'declined')),
      notes TEXT NOT NULL DEFAULT '',
      created_at INTEGER NOT NULL,
      decided_at INTEGER,
      decided_by INTEGER
    );
    CREATE INDEX swap_requests_order ON swap_requests(work_order_id);

    CREATE TABLE work_order_messages (
      id INTEGER PRIMARY KEY,
      work_order_id INTEGER NOT NULL REFERENCES work_orders(id) ON DELETE CASCADE,
      parent_id INTEGER REFERENCES work_order_messages(id) ON DELETE CASCADE,
      author_id INTEGER NOT NULL REFERENCES users(id),
      recipient_id INTEGER REFERENCES users(id),
      body TEXT NOT NULL,
      read INTEGER NOT NULL DEFAULT 0 CHECK (read IN (0, 1)),
      created_at INTEGER NOT NULL
    );
    CREATE INDEX work_order_messages_order ON work_order_messages(work_order_id, id);

    CREATE TABLE time_logs (
      id INTEGER PRIMARY KEY,
      work_order_id INTEGER NOT NULL REFERENCES work_orders(id) ON DELETE CASCADE,
      provider_id INTEGER NOT NULL REFERENCES users(id),
      in_at INTEGER NOT NULL,
      out_at INTEGER,
      verified INTEGER NOT NULL DEFAULT 0 CHECK (verified IN (0, 1)),
      CHECK (out_at IS NULL OR out_at >= in_at)
    );
    CREATE INDEX time_logs_order ON time_logs(work_order_id, in_at);
    -- A provider is on site once at a time: at most one log per order is still open.
    CREATE UNIQUE INDEX time_logs_open ON time_logs(work_order_id) WHERE out_at IS NULL;

    CREATE TABLE shipments (
      id INTEGER PRIMARY KEY,
      work_order_id INTEGER NOT NULL REFERENCES work_orders(id) ON DELETE CASCADE,
      author_id INTEGER NOT NULL REFERENCES users(id),
      name TEXT NOT NULL,
      carrier TEXT NOT NULL,
      tracking_number TEXT NOT NULL,
      direction TEXT NOT NULL CHECK (direction IN ('to site', 'from site')),
      status TEXT NOT NULL CHECK (status IN ('new', 'en route', 'arrived')),
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    );
    CREATE INDEX shipments_order ON shipments(work_order_id, id);
  `,
};
