import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateTo } from './support';

describe('migration 0008: the saved location column', () => {
  it('fills the saved location from the stored documents, whichever way the answer names it', () => {
    const db = new Database(':memory:');
    migrateTo(db, 7);
    const documents: Record<number, unknown> = {
      // As the marketplace answers it.
      41: { id: 41, location: { mode: 'saved', id: 701, city: 'Naperville', saved_location: { id: 701, name: 'Store' } } },
      // As the real service may: mode `location`, no embedded record.
      42: { id: 42, location: { mode: 'location', id: 702 } },
      // As the outbox wrote it before the answer: a temporary location.
      43: { id: 43, location: { mode: 'saved', id: -4 } },
      // An address of its own, and no location at all.
      44: { id: 44, location: { mode: 'custom', id: 9, address1: '1 Main St' } },
      45: { id: 45 },
    };
    for (const [id, document] of Object.entries(documents)) {
      db.prepare('INSERT INTO work_orders (id, updated_at, cached_at) VALUES (?, 0, 0)').run(Number(id));
      db.prepare('INSERT INTO work_order_documents (id, json) VALUES (?, ?)').run(Number(id), JSON.stringify(document));
    }
    expect(migrateTo(db, 8)).toBe(8);
    expect(db.prepare('SELECT id, saved_location_id FROM work_orders ORDER BY id').all()).toEqual([
      { id: 41, saved_location_id: 701 },
      { id: 42, saved_location_id: 702 },
      { id: 43, saved_location_id: -4 },
      { id: 44, saved_location_id: null },
      { id: 45, saved_location_id: null },
    ]);
    const plan = db.prepare('EXPLAIN QUERY PLAN SELECT id FROM work_orders WHERE saved_location_id = 701').all() as { detail: string }[];
    expect(plan.map((step) => step.detail).join(' ')).toMatch(/work_orders_saved_location/);
  });
});
