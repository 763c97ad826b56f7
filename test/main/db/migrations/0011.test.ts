import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateTo } from './support';

describe('migration 0011: the deliverables review queue', () => {
  function cacheAt10(): Database.Database {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrateTo(db, 10);
    const documents: Record<number, unknown> = {
      61: {
        id: 61,
        title: 'Rack install',
        attachments: {
          results: [
            { id: 71, name: 'Documents', type: 'document', min_files: 0 },
            { id: 72, name: 'Deliverables', type: 'slot', min_files: 3 },
          ],
        },
      },
      // A list item: no folders embedded.
      62: { id: 62, title: 'Printer swap' },
      // A folder without an id is not one the queue can name.
      63: { id: 63, title: 'Cable run', attachments: { results: [{ name: 'Broken' }] } },
    };
    for (const [id, document] of Object.entries(documents)) {
      db.prepare('INSERT INTO work_orders (id, title, updated_at, cached_at) VALUES (?, ?, 0, 0)').run(Number(id), (document as { title: string }).title);
      db.prepare('INSERT INTO work_order_documents (id, json) VALUES (?, ?)').run(Number(id), JSON.stringify(document));
    }
    return db;
  }

  it('fills the folders of cached orders from their stored documents', () => {
    const db = cacheAt10();
    expect(migrateTo(db, 11)).toBe(11);
    expect(db.prepare('SELECT id, work_order_id, name, type, min_files FROM attachment_folders ORDER BY id').all()).toEqual([
      { id: 71, work_order_id: 61, name: 'Documents', type: 'document', min_files: 0 },
      { id: 72, work_order_id: 61, name: 'Deliverables', type: 'slot', min_files: 3 },
    ]);
  });

  it('removes an order’s folders with the order, and reads waiting files from an index', () => {
    const db = cacheAt10();
    migrateTo(db, 11);
    db.prepare('DELETE FROM work_orders WHERE id = 61').run();
    expect(db.prepare('SELECT COUNT(*) FROM attachment_folders').pluck().get()).toBe(0);
    const plan = db.prepare("EXPLAIN QUERY PLAN SELECT id FROM attachments WHERE status = 'pending' AND id > 0 AND work_order_id = 61").all() as { detail: string }[];
    expect(plan.map((step) => step.detail).join(' ')).toMatch(/attachments_awaiting_review/);
  });
});
