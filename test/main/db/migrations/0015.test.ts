import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateTo } from './support';

describe('migration 0015: where each site is', () => {
  it('fills the coordinates of cached orders from their documents, both in range or neither', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrateTo(db, 14);
    const documents: Record<number, unknown> = {
      1: { id: 1, location: { city: 'El Paso', state: 'TX', coordinates: { latitude: 31.7619, longitude: -106.485, exact: false } } },
      2: { id: 2, location: { city: 'Nowhere' } },
      3: { id: 3, location: { coordinates: { latitude: 95, longitude: 10 } } },
      4: { id: 4, location: { coordinates: { latitude: '31.7', longitude: -106.4 } } },
      5: { id: 5 },
    };
    for (const [id, document] of Object.entries(documents)) {
      db.prepare('INSERT INTO work_orders (id, title, updated_at, cached_at) VALUES (?, ?, 0, 0)').run(Number(id), `Order ${id}`);
      db.prepare('INSERT INTO work_order_documents (id, json) VALUES (?, ?)').run(Number(id), JSON.stringify(document));
    }
    expect(migrateTo(db, 15)).toBe(15);
    expect(db.prepare('SELECT id, latitude, longitude FROM work_orders ORDER BY id').all()).toEqual([
      { id: 1, latitude: 31.7619, longitude: -106.485 },
      { id: 2, latitude: null, longitude: null },
      { id: 3, latitude: null, longitude: null },
      { id: 4, latitude: null, longitude: null },
      { id: 5, latitude: null, longitude: null },
    ]);
  });
});
