import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { laborSum } from '../../../../src-shared/domain/pay-total';
import type { PayInput } from '../../../../src-shared/api/pay';
import type { WorkOrder } from '../../../../src-shared/api/work-order';
import { openCache } from '../../../../src-main/db/database';
import { WorkOrderRepository } from '../../../../src-main/db/work-order-repository';
import { migrateTo } from './support';

const utc = (iso: string) => ({ utc: iso, local: { date: iso.slice(0, 10), time: iso.slice(11) } });
const ms = (iso: string) => Date.parse(`${iso.replace(' ', 'T')}Z`);

function cacheAt9(documents: Record<number, unknown>): Database.Database {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrateTo(db, 9);
  for (const [id, document] of Object.entries(documents)) insert(db, Number(id), document);
  return db;
}

function insert(db: Database.Database, id: number, document: unknown): void {
  db.prepare('INSERT INTO work_orders (id, updated_at, cached_at) VALUES (?, 0, 0)').run(id);
  db.prepare('INSERT INTO work_order_documents (id, json) VALUES (?, ?)').run(id, JSON.stringify(document));
}

const insights = (db: Database.Database) => db.prepare('SELECT * FROM work_order_insights ORDER BY work_order_id').all();
const problems = (db: Database.Database) => db.prepare('SELECT work_order_id, problem_id, type_id, type_name, resolved FROM work_order_problems ORDER BY work_order_id, problem_id').all();

const FULL = {
  id: 61,
  pay: { type: 'hourly', base: { amount: 65, units: 3 } },
  milestones: {
    time_to_dispatch: 79200,
    created: utc('2026-03-02 08:00:00'),
    published: utc('2026-03-02 10:00:00'),
    routed: null,
    assigned: utc('2026-03-03 08:00:00'),
    workdone: utc('2026-03-05 12:30:00'),
    approved: { utc: null, local: null },
  },
  problems: {
    results: [
      { id: 7001, type: { id: 25, name: 'Provider late' }, resolution: { status: 'open' } },
      { id: 7002, type: { id: 44, name: 'Missing parts' }, resolution: { status: 'resolved' } },
      { id: 7003, type: { id: 44, name: 'Missing parts' }, resolved: true },
      { type: { id: 1, name: 'no id' } },
    ],
  },
};

describe('migration 0010: what Insights aggregates, out of the documents already cached', () => {
  it('backfills milestones, committed pay and problems from the documents already cached', () => {
    const db = cacheAt9({ 61: FULL, 62: { id: 62, title: 'A list item', pay: { type: 'fixed', base: { amount: 240 } } }, 63: { id: 63 } });
    expect(migrateTo(db, 10)).toBe(10);
    expect(insights(db)).toEqual([
      {
        work_order_id: 61,
        created_at: ms('2026-03-02 08:00:00'),
        published_at: ms('2026-03-02 10:00:00'),
        assigned_at: ms('2026-03-03 08:00:00'),
        workdone_at: ms('2026-03-05 12:30:00'),
        approved_at: null,
        canceled_at: null,
        pay_committed: 195,
      },
      { work_order_id: 62, created_at: null, published_at: null, assigned_at: null, workdone_at: null, approved_at: null, canceled_at: null, pay_committed: 240 },
      { work_order_id: 63, created_at: null, published_at: null, assigned_at: null, workdone_at: null, approved_at: null, canceled_at: null, pay_committed: null },
    ]);
    expect(problems(db)).toEqual([
      { work_order_id: 61, problem_id: 7001, type_id: 25, type_name: 'Provider late', resolved: 0 },
      { work_order_id: 61, problem_id: 7002, type_id: 44, type_name: 'Missing parts', resolved: 1 },
      { work_order_id: 61, problem_id: 7003, type_id: 44, type_name: 'Missing parts', resolved: 1 },
    ]);
  });

  it('fills what the repository writes with each order since', () => {
    const migrated = cacheAt9({ 61: FULL });
    migrateTo(migrated, Number.MAX_SAFE_INTEGER);
    const written = openCache(':memory:');
    new WorkOrderRepository(written).upsertMany([FULL as unknown as WorkOrder]);
    expect(insights(migrated)).toEqual(insights(written));
    expect(problems(migrated)).toEqual(problems(written));
  });

  it('commits the same pay as laborSum for every pay type', () => {
    const pays: PayInput[] = [
      { type: 'fixed', base: { amount: 240 } },
      { type: 'hourly', base: { amount: 55, units: 5 } },
      { type: 'hourly', base: { amount: 55 } },
      { type: 'device', base: { amount: 12.5, units: 7 } },
      { type: 'blended', base: { amount: 100, units: 2 }, additional: { amount: 33.33, units: 3 } },
      { type: 'blended', base: { amount: 100, units: 2 } },
    ];
    const db = cacheAt9(Object.fromEntries(pays.map((pay, index) => [index + 1, { id: index + 1, pay }])));
    migrateTo(db, 10);
    expect(db.prepare('SELECT pay_committed FROM work_order_insights ORDER BY work_order_id').pluck().all()).toEqual(pays.map(laborSum));
  });
});
