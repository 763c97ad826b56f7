import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ATTENTION_CONDITIONS } from '../../../../src-main/db/work-order-attention';
import { TRIAGE_REASONS } from '../../../../src-shared/domain/attention';
import { migrateTo } from './support';

/** The columns the version's triggers watch (migration 0027). */
const WATCHED = { w: ['id', 'status_id', 'schedule_start', 'schedule_end', 'sub_status', 'open_problems'], r: ['work_order_id', 'active'] };

describe('migration 0027: the triage version moves with what the triage rules read', () => {
  it('moves for an order added, removed, or changed in status, schedule, sub-status or problems, and for requests; not for anything else', () => {
    const db = new Database(':memory:');
    migrateTo(db, 26);
    db.prepare('INSERT INTO work_orders (id, title, status_id, updated_at, cached_at) VALUES (1, ?, 3, 0, 0)').run('Before');
    expect(migrateTo(db, 27)).toBe(27);
    const version = () => db.prepare('SELECT version FROM triage_version').pluck().get() as number;
    const moves = (sql: string, ...values: unknown[]) => {
      const before = version();
      db.prepare(sql).run(...values);
      return version() - before;
    };
    expect(moves('INSERT INTO work_orders (id, title, status_id, updated_at, cached_at) VALUES (2, ?, 2, 0, 0)', 'Two')).toBe(1);
    expect(moves('UPDATE work_orders SET status_id = 9 WHERE id = 2')).toBe(1);
    expect(moves('UPDATE work_orders SET schedule_start = 5 WHERE id = 1')).toBe(1);
    expect(moves('UPDATE work_orders SET schedule_end = 9 WHERE id = 1')).toBe(1);
    expect(moves("UPDATE work_orders SET sub_status = 'delayed' WHERE id = 1")).toBe(1);
    expect(moves('UPDATE work_orders SET open_problems = 1 WHERE id = 1')).toBe(1);
    expect(moves("INSERT INTO requests (id, work_order_id, provider_id, counter, active, json, fetched_at) VALUES (1, 2, 7, 0, 1, '{}', 0)")).toBe(1);
    expect(moves('UPDATE requests SET active = 0 WHERE id = 1')).toBe(1);
    expect(moves('DELETE FROM requests WHERE id = 1')).toBe(1);
    // What the rules never read, or a write that changes nothing they read.
    expect(moves("UPDATE work_orders SET title = 'After', pending = 1, pay_amount = 10 WHERE id = 1")).toBe(0);
    expect(moves('UPDATE work_orders SET status_id = 3, schedule_start = 5, open_problems = 1 WHERE id = 1')).toBe(0);
    expect(moves('DELETE FROM work_orders WHERE id = 2')).toBe(1);
  });

  it('watches every column the triage rules read', () => {
    for (const reason of TRIAGE_REASONS) {
      const condition = ATTENTION_CONDITIONS[reason];
      for (const [alias, columns] of Object.entries(WATCHED)) {
        const read = [...condition.matchAll(new RegExp(`\\b${alias}\\.(\\w+)`, 'g'))].map((match) => match[1]);
        expect(read.filter((column) => !columns.includes(column ?? '')), `${reason} reads ${alias}.…`).toEqual([]);
      }
      // No other table than the orders and their requests.
      expect([...condition.matchAll(/\bFROM\s+(\w+)/g)].map((match) => match[1]).filter((table) => !['work_orders', 'requests'].includes(table ?? ''))).toEqual([]);
    }
  });
});
