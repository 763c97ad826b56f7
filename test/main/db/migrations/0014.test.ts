import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateTo } from './support';

describe('migration 0014: providers’ marketplace schedules', () => {
  it('keeps one schedule per provider, its bookings going with it, and finds a period’s bookings from an index', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrateTo(db, 13);
    expect(migrateTo(db, 14)).toBe(14);
    db.prepare('INSERT INTO provider_schedules (provider_id, checked_at, json) VALUES (7, 100, ?)').run('{"id":7}');
    db.prepare('INSERT INTO provider_bookings (provider_id, start, end) VALUES (7, 1000, 2000), (7, 3000, 4000)').run();
    expect(() => db.prepare('INSERT INTO provider_bookings (provider_id, start, end) VALUES (8, 1000, 2000)').run()).toThrow(/FOREIGN KEY/);
    const plan = db.prepare('EXPLAIN QUERY PLAN SELECT provider_id, start, end FROM provider_bookings WHERE end > 1500 AND start < 3500').all() as { detail: string }[];
    expect(plan.map((step) => step.detail).join(' ')).toMatch(/provider_bookings_end/);
    db.prepare('DELETE FROM provider_schedules WHERE provider_id = 7').run();
    expect(db.prepare('SELECT COUNT(*) FROM provider_bookings').pluck().get()).toBe(0);
  });
});
