import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ATTACHMENT_FOLDERS } from '../../../src-shared/api/attachment';
import { MIGRATIONS, migrate } from '../../../src-main/local-marketplace/store/migrations/index';

function databaseAt(version: number): Database.Database {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, MIGRATIONS.filter((migration) => migration.version <= version));
  return db;
}

const insertOrder = (db: Database.Database, id: number) =>
  db.prepare("INSERT INTO work_orders (id, company_id, title, status_id, created_at, updated_at, data) VALUES (?, 1, 't', 1, 0, 0, '{}')").run(id);

const foldersOf = (db: Database.Database, workOrderId: number) =>
  db.prepare('SELECT name, type, min_files FROM attachment_folders WHERE work_order_id = ? ORDER BY id').all(workOrderId);

describe('migration 0005: attachments', () => {
  it('gives the orders that exist their two folders, keeping their rows', () => {
    const db = databaseAt(4);
    db.prepare("INSERT INTO companies (id, name) VALUES (1, 'A')").run();
    insertOrder(db, 10);
    insertOrder(db, 11);
    migrate(db, MIGRATIONS.filter((migration) => migration.version <= 5));
    expect(db.pragma('user_version', { simple: true })).toBe(5);
    expect(foldersOf(db, 10)).toEqual(DEFAULT_ATTACHMENT_FOLDERS);
    expect(foldersOf(db, 11)).toEqual(DEFAULT_ATTACHMENT_FOLDERS);
    expect(db.prepare('SELECT work_order_id FROM attachment_folders ORDER BY id').all()).toEqual([{ work_order_id: 10 }, { work_order_id: 10 }, { work_order_id: 11 }, { work_order_id: 11 }]);
  });

  it('gives every order inserted later its folders, and removes them with the order', () => {
    const db = databaseAt(5);
    db.prepare("INSERT INTO companies (id, name) VALUES (1, 'A')").run();
    insertOrder(db, 20);
    expect(foldersOf(db, 20)).toEqual(DEFAULT_ATTACHMENT_FOLDERS);
    db.prepare("INSERT INTO users (id, role, first_name, last_name) VALUES (5, 'provider', 'P', 'Q')").run();
    const folder = db.prepare("SELECT id FROM attachment_folders WHERE work_order_id = 20 AND type = 'slot'").get() as { id: number };
    db.prepare("INSERT INTO attachments (folder_id, stored_name, name, mime, size_bytes, hash, author_id, created_at) VALUES (?, 'u', 'a.txt', 'text/plain', 3, 'h', 5, 0)").run(folder.id);
    db.prepare('DELETE FROM work_orders WHERE id = 20').run();
    expect(db.prepare('SELECT COUNT(*) AS count FROM attachment_folders').get()).toEqual({ count: 0 });
    expect(db.prepare('SELECT COUNT(*) AS count FROM attachments').get()).toEqual({ count: 0 });
  });

  it('keeps attachments consistent: a known status and folder, a unique stored name, defaults for a new file', () => {
    const db = databaseAt(5);
    db.prepare("INSERT INTO companies (id, name) VALUES (1, 'A')").run();
    insertOrder(db, 30);
    db.prepare("INSERT INTO users (id, role, first_name, last_name) VALUES (5, 'manager', 'M', 'N')").run();
    const folder = (db.prepare('SELECT id FROM attachment_folders WHERE work_order_id = 30 ORDER BY id LIMIT 1').get() as { id: number }).id;
    const insert = db.prepare('INSERT INTO attachments (folder_id, stored_name, name, mime, size_bytes, hash, author_id, created_at) VALUES (?, ?, ?, ?, ?, ?, 5, 0)');
    insert.run(folder, 'one', 'a.txt', 'text/plain', 3, 'h');
    expect(db.prepare('SELECT notes, status, status_description, reviewed_at, reviewer_id, show_before_assignment FROM attachments').get()).toEqual({
      notes: '',
      status: 'pending',
      status_description: '',
      reviewed_at: null,
      reviewer_id: null,
      show_before_assignment: 0,
    });
    expect(() => insert.run(folder, 'one', 'b.txt', 'text/plain', 3, 'h')).toThrow(/UNIQUE/);
    expect(() => insert.run(999, 'two', 'b.txt', 'text/plain', 3, 'h')).toThrow(/FOREIGN KEY/);
    expect(() => insert.run(folder, 'three', 'b.txt', 'text/plain', -1, 'h')).toThrow(/CHECK/);
    expect(() => db.prepare("UPDATE attachments SET status = 'maybe'").run()).toThrow(/CHECK/);
    expect(() => db.prepare("INSERT INTO attachment_folders (work_order_id, name, type) VALUES (30, 'X', 'box')").run()).toThrow(/CHECK/);
  });
});
