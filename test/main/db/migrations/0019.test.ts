import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { random } from '../../db/work-order-fixtures';
import { migrateTo } from './support';

/** What the counts must be: recounted from the orders themselves. */
const recount = (db: Database.Database) =>
  db.prepare('SELECT coalesce(status_id, -1) AS status_key, COUNT(*) AS orders, SUM(open_problems > 0) AS problems FROM work_orders GROUP BY 1 ORDER BY 1').all();
const kept = (db: Database.Database) => db.prepare('SELECT status_key, orders, problems FROM work_order_counts WHERE orders > 0 ORDER BY status_key').all();

describe('migration 0019: the lists’ counts kept as orders change', () => {
  it('counts the orders already cached, then follows inserts, upserts, status and problem changes and deletes', () => {
    const db = new Database(':memory:');
    migrateTo(db, 18);
    const insert = db.prepare('INSERT INTO work_orders (id, title, status_id, open_problems, updated_at, cached_at) VALUES (?, ?, ?, ?, 0, 0)');
    insert.run(1, 'One', 2, 0);
    insert.run(2, 'Two', 2, 1);
    insert.run(3, 'Three', null, 0);
    expect(migrateTo(db, 19)).toBe(19);
    expect(kept(db)).toEqual(recount(db));

    const next = random(19);
    const upsert = db.prepare(
      'INSERT INTO work_orders (id, title, status_id, open_problems, updated_at, cached_at) VALUES (?, ?, ?, ?, 0, 0) ON CONFLICT(id) DO UPDATE SET status_id = excluded.status_id, open_problems = excluded.open_problems, title = excluded.title',
    );
    for (let step = 0; step < 2_000; step += 1) {
      const id = 1 + Math.floor(next() * 60);
      const roll = next();
      const status = next() < 0.05 ? null : 1 + Math.floor(next() * 9);
      const problems = next() < 0.3 ? Math.floor(next() * 3) : 0;
      if (roll < 0.5) upsert.run(id, `Order ${id}`, status, problems);
      else if (roll < 0.7) db.prepare('UPDATE work_orders SET status_id = ? WHERE id = ?').run(status, id);
      else if (roll < 0.8) db.prepare('UPDATE work_orders SET open_problems = ? WHERE id = ?').run(problems, id);
      else if (roll < 0.9) db.prepare('UPDATE work_orders SET pending = 1 - pending WHERE id = ?').run(id);
      else db.prepare('DELETE FROM work_orders WHERE id = ?').run(id);
    }
    expect(kept(db)).toEqual(recount(db));
    db.prepare('DELETE FROM work_orders').run();
    expect(kept(db)).toEqual([]);
  });
});
