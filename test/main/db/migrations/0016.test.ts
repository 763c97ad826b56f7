import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateTo } from './support';

describe('migration 0016: the last nearby search of each order', () => {
  it('keeps one search per order, a new one replacing it', () => {
    const db = new Database(':memory:');
    migrateTo(db, 15);
    expect(migrateTo(db, 16)).toBe(16);
    const save = db.prepare(`INSERT INTO provider_searches (work_order_id, radius, searched_at, json) VALUES (?, ?, ?, ?)
      ON CONFLICT(work_order_id) DO UPDATE SET radius = excluded.radius, searched_at = excluded.searched_at, json = excluded.json`);
    save.run(10008, 50, 1, '[]');
    save.run(10008, 100, 2, '[{"id":3001}]');
    expect(db.prepare('SELECT work_order_id, radius, searched_at, json FROM provider_searches').all()).toEqual([{ work_order_id: 10008, radius: 100, searched_at: 2, json: '[{"id":3001}]' }]);
  });
});
