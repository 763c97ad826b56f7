import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateTo } from './support';

describe('migration 0030: each change to what the columns kept in memory read names its order', () => {
  const db = new Database(':memory:');
  migrateTo(db, 29);
  db.prepare("INSERT INTO work_orders (id, title, status_id, city, state, schedule_start, updated_at, cached_at) VALUES (1, 'Kiosk', 3, 'Denver', 'CO', 1000, 0, 0)").run();
  expect(migrateTo(db, 30)).toBe(30);
  const changes = () => db.prepare('SELECT id FROM filter_changes ORDER BY seq').pluck().all();

  it('starts with a row naming every order, then one per order changed, added, removed or renamed; not a title', () => {
    expect(changes()).toEqual([null]);
    db.prepare("UPDATE work_orders SET title = 'Kiosk repair' WHERE id = 1").run();
    db.prepare('UPDATE work_orders SET status_id = 3, city = city WHERE id = 1').run();
    expect(changes()).toEqual([null]);
    db.prepare('UPDATE work_orders SET status_id = 4 WHERE id = 1').run();
    db.prepare("UPDATE work_orders SET city = 'Boulder' WHERE id = 1").run();
    db.prepare("UPDATE work_orders SET state = 'NE' WHERE id = 1").run();
    db.prepare('UPDATE work_orders SET schedule_start = NULL WHERE id = 1').run();
    db.prepare('UPDATE work_orders SET client_id = 5, manager_id = 6 WHERE id = 1').run();
    db.prepare("INSERT INTO work_orders (id, title, updated_at, cached_at) VALUES (-2, 'Draft', 0, 0)").run();
    db.prepare('UPDATE work_orders SET id = 2 WHERE id = -2').run();
    db.prepare('DELETE FROM work_orders WHERE id = 2').run();
    expect(changes()).toEqual([null, 1, 1, 1, 1, 1, -2, -2, 2, 2]);
  });

  it('keeps only the last 4,096 rows', () => {
    for (let change = 0; change < 5_000; change += 1) db.prepare('UPDATE work_orders SET status_id = ? WHERE id = 1').run(2 + (change % 2));
    expect(db.prepare('SELECT COUNT(*) FROM filter_changes').pluck().get()).toBe(4_096);
    expect(db.prepare('SELECT max(seq) - min(seq) FROM filter_changes').pluck().get()).toBe(4_095);
  });
});
