import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate } from '../../../src-main/local-marketplace/store/migrations/index';

// Migration 0007, the webhook service: registrations, svc-tokens and the durable delivery queue,
// and the rules the database itself keeps (id shape, method, delivery status, cascades).

const WEBHOOK_ID = 'a'.repeat(24);

function databaseAt(version: number): Database.Database {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, MIGRATIONS.filter((migration) => migration.version <= version));
  return db;
}

function withWebhook(db: Database.Database): void {
  db.exec(`
    INSERT INTO webhooks (id, company_id, url, method, created_at, updated_at) VALUES ('${WEBHOOK_ID}', 1, 'http://127.0.0.1:9/hooks', 'POST', 0, 0);
    INSERT INTO webhook_deliveries (id, webhook_id, event, work_order_id, body, status, next_attempt_at, created_at)
      VALUES (1, '${WEBHOOK_ID}', 'workorder.created', 100, '{}', 'pending', 0, 0);
    INSERT INTO webhook_attempts (delivery_id, attempt, url, status_code, duration_ms, error, at) VALUES (1, 1, 'http://127.0.0.1:9/hooks', 500, 3, NULL, 0);
  `);
}

const count = (db: Database.Database, table: string) => (db.prepare(`SELECT COUNT(*) AS count FROM ${table}`).get() as { count: number }).count;

describe('migration 0007: webhooks', () => {
  it('adds its four tables on top of 0006, keeping what was there', () => {
    const db = databaseAt(6);
    db.exec("INSERT INTO companies (id, name) VALUES (1, 'A')");
    migrate(db, MIGRATIONS.filter((migration) => migration.version <= 7));
    expect(db.pragma('user_version', { simple: true })).toBe(7);
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((row) => row.name);
    expect(tables).toEqual(expect.arrayContaining(['svc_tokens', 'webhooks', 'webhook_deliveries', 'webhook_attempts']));
    expect(db.prepare('SELECT id FROM companies').all()).toEqual([{ id: 1 }]);
  });

  it('gives a new webhook its defaults: active, every event, retries, no secret', () => {
    const db = databaseAt(7);
    withWebhook(db);
    expect(db.prepare('SELECT active, events, no_retries, secret FROM webhooks').get()).toEqual({ active: 1, events: '[]', no_retries: 0, secret: null });
    expect(db.prepare('SELECT attempts FROM webhook_deliveries').get()).toEqual({ attempts: 0 });
  });

  it('keeps webhook ids 24 characters, methods POST or PUT, and delivery statuses known', () => {
    const db = databaseAt(7);
    withWebhook(db);
    const insertWebhook = db.prepare("INSERT INTO webhooks (id, company_id, url, method, created_at, updated_at) VALUES (?, 1, 'http://x', ?, 0, 0)");
    expect(() => insertWebhook.run('short', 'POST')).toThrow(/CHECK/);
    expect(() => insertWebhook.run('b'.repeat(24), 'PATCH')).toThrow(/CHECK/);
    const insertDelivery = db.prepare("INSERT INTO webhook_deliveries (webhook_id, event, body, status, next_attempt_at, created_at) VALUES (?, 'workorder.created', '{}', ?, 0, 0)");
    for (const status of ['pending', 'delivered', 'failed']) insertDelivery.run(WEBHOOK_ID, status);
    expect(() => insertDelivery.run(WEBHOOK_ID, 'lost')).toThrow(/CHECK/);
    expect(() => insertDelivery.run('c'.repeat(24), 'pending')).toThrow(/FOREIGN KEY/);
    expect(() => db.prepare("INSERT INTO webhook_attempts (delivery_id, attempt, url, duration_ms, at) VALUES (999, 1, 'http://x', 0, 0)").run()).toThrow(/FOREIGN KEY/);
  });

  it('removes a delivery’s attempts with it, and a webhook’s deliveries and their attempts with the webhook', () => {
    const delivery = databaseAt(7);
    withWebhook(delivery);
    delivery.prepare('DELETE FROM webhook_deliveries WHERE id = 1').run();
    expect(count(delivery, 'webhook_attempts')).toBe(0);

    const webhook = databaseAt(7);
    withWebhook(webhook);
    webhook.prepare('DELETE FROM webhooks WHERE id = ?').run(WEBHOOK_ID);
    expect(count(webhook, 'webhook_deliveries')).toBe(0);
    expect(count(webhook, 'webhook_attempts')).toBe(0);
  });
});
