import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateTo } from './support';

const matches = (db: Database.Database, expression: string) => db.prepare('SELECT rowid FROM work_orders_search WHERE work_orders_search MATCH ? ORDER BY rowid').pluck().all(expression);

describe('migration 0009: tags on cached orders', () => {
  function cacheAt8(): Database.Database {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrateTo(db, 8);
    const documents: Record<number, unknown> = {
      51: { id: 51, title: 'Rack install', tags: { results: [{ id: 901, label: 'Priority' }, { id: 904, label: 'Client escalation' }] } },
      52: { id: 52, title: 'Printer swap', tags: { results: [{ id: 901, label: 'Priority' }, { label: 'no id' }] } },
      // No tags key, and an empty envelope.
      53: { id: 53, title: 'Cable run' },
      54: { id: 54, title: 'Badge reader', tags: { results: [] } },
    };
    for (const [id, document] of Object.entries(documents)) {
      db.prepare('INSERT INTO work_orders (id, title, city, updated_at, cached_at) VALUES (?, ?, ?, 0, 0)').run(Number(id), (document as { title: string }).title, 'Chicago');
      db.prepare('INSERT INTO work_order_documents (id, json) VALUES (?, ?)').run(Number(id), JSON.stringify(document));
      db.prepare('INSERT INTO work_orders_search (rowid, title, location) VALUES (?, ?, ?)').run(Number(id), (document as { title: string }).title, 'Chicago');
    }
    return db;
  }

  it('fills the applied tags from the stored documents, indexed by tag', () => {
    const db = cacheAt8();
    expect(migrateTo(db, 9)).toBe(9);
    expect(db.prepare('SELECT work_order_id, tag_id FROM work_order_tags ORDER BY work_order_id, tag_id').all()).toEqual([
      { work_order_id: 51, tag_id: 901 },
      { work_order_id: 51, tag_id: 904 },
      { work_order_id: 52, tag_id: 901 },
    ]);
    const plan = db.prepare('EXPLAIN QUERY PLAN SELECT work_order_id FROM work_order_tags WHERE tag_id = 901').all() as { detail: string }[];
    expect(plan.map((step) => step.detail).join(' ')).toMatch(/work_order_tags_tag/);
  });

  it('indexes tag labels for search, and keeps every order searchable by what it matched before', () => {
    const db = cacheAt8();
    migrateTo(db, 9);
    expect(matches(db, 'escalation')).toEqual([51]);
    expect(matches(db, 'tags:priority')).toEqual([51, 52]);
    expect(matches(db, 'printer')).toEqual([52]);
    expect(matches(db, 'chicago')).toEqual([51, 52, 53, 54]);
    expect(db.prepare('SELECT COUNT(*) FROM work_orders_search').pluck().get()).toBe(4);
  });

  it('removes an order’s tags with the order', () => {
    const db = cacheAt8();
    migrateTo(db, 9);
    db.prepare('DELETE FROM work_orders WHERE id = 51').run();
    expect(db.prepare('SELECT work_order_id FROM work_order_tags').pluck().all()).toEqual([52]);
  });
});
