import type { Migration } from './index';

/**
 * The webhook service (decisions §7): registrations, the svc-tokens that manage them, and a
 * durable delivery queue. A delivery keeps the exact bytes it sends, so every attempt (and its
 * signature) is the same, and a restart loses nothing.
 */
export const migration0007: Migration = {
  version: 7,
  name: 'webhooks',
  up: `
    CREATE TABLE svc_tokens (
      token_hash TEXT PRIMARY KEY,
      company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE
    );

    CREATE TABLE webhooks (
      id TEXT PRIMARY KEY CHECK (length(id) = 24),
      company_id INTEGER NOT NULL,
      url TEXT NOT NULL,
      method TEXT NOT NULL CHECK (method IN ('POST', 'PUT')),
      active INTEGER NOT NULL DEFAULT 1,
      secret TEXT,
      events TEXT NOT NULL DEFAULT '[]',
      no_retries INTEGER NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    );
    CREATE INDEX webhooks_company ON webhooks(company_id);

    CREATE TABLE webhook_deliveries (
      id INTEGER PRIMARY KEY,
      webhook_id TEXT NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
      event TEXT NOT NULL,
      work_order_id INTEGER,
      body TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at INTEGER NOT NULL,
      created_at INTEGER NOT NULL
    );
    CREATE INDEX webhook_deliveries_pending ON webhook_deliveries(status, webhook_id, id);

    CREATE TABLE webhook_attempts (
      id INTEGER PRIMARY KEY,
      delivery_id INTEGER NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
      attempt INTEGER NOT NULL,
      url TEXT NOT NULL,
      status_code INTEGER,
      duration_ms INTEGER NOT NULL,
      error TEXT,
      at INTEGER NOT NULL
    );
    CREATE INDEX webhook_attempts_delivery ON webhook_attempts(delivery_id);
  `,
};
