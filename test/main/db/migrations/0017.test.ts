import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ATTENTION_CONDITIONS } from '../../../../src-main/db/work-order-attention';
import { migrateTo } from './support';

describe('migration 0017: the active requests', () => {
  it('indexes only the requests still open, and the triage reason reads that index instead of every request', () => {
    const db = new Database(':memory:');
    migrateTo(db, 16);
    const plan = () =>
      (db.prepare(`EXPLAIN QUERY PLAN SELECT w.id FROM work_orders w WHERE ${ATTENTION_CONDITIONS.requests}`).all() as { detail: string }[]).map((step) => step.detail).join(' | ');
    expect(plan()).toMatch(/SCAN r(?! USING)/);
    db.prepare('INSERT INTO work_orders (id, title, status_id, updated_at, cached_at) VALUES (1, ?, 2, 0, 0), (2, ?, 2, 0, 0)').run('Open', 'Withdrawn');
    db.prepare("INSERT INTO requests (id, work_order_id, active, json, fetched_at) VALUES (10, 1, 1, '{}', 0), (11, 2, 0, '{}', 0), (12, 1, NULL, '{}', 0)").run();
    expect(migrateTo(db, 17)).toBe(17);
    expect(plan()).toMatch(/SCAN r USING (COVERING )?INDEX requests_active/);
    expect(db.prepare("SELECT work_order_id FROM requests INDEXED BY requests_active WHERE coalesce(active, 1) = 1 ORDER BY work_order_id").pluck().all()).toEqual([1, 1]);
    expect(db.prepare(`SELECT w.id FROM work_orders w WHERE ${ATTENTION_CONDITIONS.requests}`).pluck().all()).toEqual([1]);
  });
});
