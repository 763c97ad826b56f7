import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { searchExpression } from '../../../../src-main/db/search-query';
import { migrateTo } from './support';

describe('migration 0028: the text index keeps prefixes of one to four characters', () => {
  const db = new Database(':memory:');
  migrateTo(db, 27);
  const order = (id: number, title: string, description: string) => {
    db.prepare("INSERT INTO work_orders (id, title, city, state, zip, client_name, status_id, updated_at, cached_at) VALUES (?, ?, 'Denver', 'CO', '80202', 'Acme', 2, 0, 0)").run(id, title);
    const json = { id, title, description: { html: description }, location: { address1: '12 Main St' }, integration: { id: `EXT-${id}` }, tags: { results: [{ id: 1, label: 'Rush' }] } };
    db.prepare('INSERT INTO work_order_documents (id, json) VALUES (?, ?)').run(id, JSON.stringify(json));
  };
  order(1, 'Kiosk repair', '<p>Replace the <strong>printer</strong> &amp; test</p>');
  order(2, 'Router swap', '<div>Bring a ladder</div>');
  // A damaged document, and an order whose document is gone: neither may stop the migration.
  order(3, 'Zebra crossing', '');
  db.prepare("UPDATE work_order_documents SET json = '{not json' WHERE id = 3").run();
  db.prepare("INSERT INTO work_orders (id, title, city, status_id, updated_at, cached_at) VALUES (4, 'Yard lighting', 'Boise', 2, 0, 0)").run();
  const matching = (text: string) => db.prepare('SELECT rowid FROM work_orders_search WHERE work_orders_search MATCH ? ORDER BY rowid').pluck().all(searchExpression(text)) as number[];

  it('indexes every cached order again, each field as the app writes it, the description without its markup', () => {
    expect(migrateTo(db, 28)).toBe(28);
    expect(matching('printer')).toEqual([1]);
    expect(matching('ladder')).toEqual([2]);
    for (const field of ['Main', 'EXT', 'Rush']) expect(matching(field), field).toEqual([1, 2]);
    for (const field of ['Denver', '80202', 'Acme']) expect(matching(field), field).toEqual([1, 2, 3]);
    for (const markup of ['strong', 'div', 'amp']) expect(matching(markup), markup).toEqual([]);
  });

  it('indexes an order whose document is damaged or gone by its own columns, and starts', () => {
    expect(matching('zebra')).toEqual([3]);
    expect(matching('yard boise')).toEqual([4]);
  });

  it('answers short prefixes from the indexes it keeps for them', () => {
    expect(db.prepare("SELECT sql FROM sqlite_schema WHERE name = 'work_orders_search'").pluck().get()).toContain("prefix = '1 2 3 4'");
    expect(matching('k')).toEqual([1]);
    expect(matching('kios')).toEqual([1]);
    expect(matching('r')).toEqual([1, 2]);
    expect(matching('kiosk r')).toEqual([1]);
    // The index is contentless: an order is taken out by its rowid, as the app does.
    db.prepare('DELETE FROM work_orders_search WHERE rowid = ?').run(2);
    expect(matching('r')).toEqual([1]);
  });
});
