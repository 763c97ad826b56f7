import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateTo } from './support';

describe('migration 0007: workspace columns and saved views', () => {
  it('fills the provider and the end of the window from the stored documents, and keeps view names unique whatever their case', () => {
    const db = new Database(':memory:');
    migrateTo(db, 6);
    db.prepare("INSERT INTO work_orders (id, title, updated_at, cached_at) VALUES (42, 'Install kiosk', 0, 0), (43, 'Draft', 0, 0)").run();
    const document = { id: 42, assignee: { user: { id: 3005 } }, schedule: { service_window: { mode: 'between', start: { utc: '2030-01-15 15:00:00' }, end: { utc: '2030-01-15 17:00:00' } } } };
    db.prepare('INSERT INTO work_order_documents (id, json) VALUES (42, ?), (43, ?)').run(JSON.stringify(document), JSON.stringify({ id: 43 }));
    expect(migrateTo(db, 7)).toBe(7);
    expect(db.prepare('SELECT id, provider_id, schedule_end FROM work_orders ORDER BY id').all()).toEqual([
      { id: 42, provider_id: 3005, schedule_end: Date.parse('2030-01-15T17:00:00Z') },
      { id: 43, provider_id: null, schedule_end: null },
    ]);
    db.prepare("INSERT INTO saved_views (name, query, created_at) VALUES ('Chicago', '{}', 0)").run();
    expect(() => db.prepare("INSERT INTO saved_views (name, query, created_at) VALUES ('chicago', '{}', 0)").run()).toThrow(/UNIQUE/);
  });
});
