import { describe, expect, it } from 'vitest';
import { URGENCY_GROUPS_SQL } from '../../../src-main/db/attention-pages';
import { openCache } from '../../../src-main/db/database';
import { ATTENTION_UNION_COUNT_SQL } from '../../../src-main/db/work-order-attention';
import { WorkOrderRepository } from '../../../src-main/db/work-order-repository';
import { statusBySlug } from '../../../src-shared/api/status';
import { recordStatements } from './statement-recorder';
import { random } from './work-order-fixtures';

// The triage queue's groups are counted once and then followed change by change (kept-triage.ts,
// migration 0029): after any mix of changes to what the rules read, they must equal a fresh count.

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 5, 1, 12);
const SUB_STATUSES = [null, '', 'confirmed', 'on_my_way', 'checked_in', 'checked_out', 'delayed', 'at_risk'];
const ASSIGNED = statusBySlug('assigned')?.id as number;
const PUBLISHED = statusBySlug('published')?.id as number;
const ORDERS = 2_000;

function cache() {
  const db = openCache(':memory:');
  const next = random(29);
  const status = () => (next() < 0.05 ? null : next() < 0.4 ? ASSIGNED : next() < 0.5 ? PUBLISHED : 1 + Math.floor(next() * 9));
  const start = () => (next() < 0.1 ? null : NOW + Math.floor((next() - 0.5) * 96) * HOUR + 7 * 60_000);
  const subStatus = () => SUB_STATUSES[Math.floor(next() * SUB_STATUSES.length)] ?? null;
  const insertOrder = db.prepare('INSERT INTO work_orders (id, title, status_id, sub_status, schedule_start, schedule_end, open_problems, updated_at, cached_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, 0)');
  const insertRequest = db.prepare("INSERT INTO requests (work_order_id, active, json, fetched_at) VALUES (?, ?, '{}', 0)");
  const active = () => (next() < 0.2 ? null : next() < 0.7 ? 1 : 0);
  const order = (id: number) => {
    const begins = start();
    insertOrder.run(id, `Order ${id}`, status(), subStatus(), begins, begins === null || next() < 0.5 ? null : begins + 4 * HOUR, next() < 0.1 ? 1 : 0);
  };
  for (let id = 1; id <= ORDERS; id += 1) {
    order(id);
    if (next() < 0.15) insertRequest.run(id, active());
  }
  const some = () => 1 + Math.floor(next() * ORDERS);
  /** One change of each kind a sync or the coordinator makes to what the rules read. */
  const changes: Record<string, () => void> = {
    status: () => db.prepare('UPDATE work_orders SET status_id = ? WHERE id = ?').run(status(), some()),
    schedule: () => db.prepare('UPDATE work_orders SET schedule_start = ?, schedule_end = NULL WHERE id = ?').run(start(), some()),
    'sub-status': () => db.prepare('UPDATE work_orders SET sub_status = ? WHERE id = ?').run(subStatus(), some()),
    problems: () => db.prepare('UPDATE work_orders SET open_problems = 1 - min(open_problems, 1) WHERE id = ?').run(some()),
    'new order': () => order(ORDERS + 1 + Math.floor(next() * 1_000_000)),
    'request added': () => insertRequest.run(some(), active()),
    'request closed': () => db.prepare('UPDATE requests SET active = 1 - coalesce(active, 1) WHERE id = (SELECT min(id) FROM requests WHERE id >= ?)').run(Math.floor(next() * 400)),
    // A parts fetch writes an order's requests again: deleted, then inserted as they were.
    'requests written again': () => {
      const id = db.prepare('SELECT work_order_id FROM requests ORDER BY random() LIMIT 1').pluck().get() as number;
      const rows = db.prepare('SELECT active FROM requests WHERE work_order_id = ?').pluck().all(id) as (number | null)[];
      db.prepare('DELETE FROM requests WHERE work_order_id = ?').run(id);
      for (const value of rows) insertRequest.run(id, value);
    },
  };
  return { db, next, changes };
}

describe('the kept triage groups', () => {
  it('move along the clock past every turn, equal to a fresh count at each step, without counting again', () => {
    const { db } = cache();
    const statements = recordStatements(db);
    const repository = new WorkOrderRepository(db);
    const groups = (of: WorkOrderRepository, now: number) => of.list({ attention: true, sort: 'urgency', now }).groups;
    try {
      groups(repository, NOW - 30 * HOUR);
      const counted = statements.runsOf(URGENCY_GROUPS_SQL);
      // Seven minutes and a few seconds a step, over 60 hours: the orders start at 7 min past each hour,
      // within reach 2 h and 24 h before, and end 4 h after, so steps pass turns of every kind.
      let steps = 0;
      for (let now = NOW - 30 * HOUR + 1; now < NOW + 30 * HOUR; now += 7 * 60_000 + 4_321) {
        expect(groups(repository, now), new Date(now).toISOString()).toEqual(groups(new WorkOrderRepository(db), now));
        steps += 1;
      }
      expect(statements.runsOf(URGENCY_GROUPS_SQL) - counted).toBe(steps);
    } finally {
      statements.stop();
    }
  });

  it('follow every kind of change to what the rules read, and equal a fresh count after each, without counting again', () => {
    const { db, next, changes } = cache();
    const statements = recordStatements(db);
    const repository = new WorkOrderRepository(db);
    const union = db.prepare(ATTENTION_UNION_COUNT_SQL).pluck();
    const groups = (of: WorkOrderRepository, now: number) => of.list({ attention: true, sort: 'urgency', now }).groups;
    try {
      expect(groups(repository, NOW)?.length).toBeGreaterThan(2);
      const counted = statements.runsOf(URGENCY_GROUPS_SQL);
      const kinds = Object.keys(changes);
      // A few seconds apart, within the minute the groups are kept (the orders' times are 7 min past the hour: no turn meanwhile).
      for (let step = 1; step <= 120; step += 1) {
        const kind = kinds[step % kinds.length] as string;
        for (let many = 1 + Math.floor(next() * 3); many > 0; many -= 1) changes[kind]?.();
        const now = NOW + step * 400;
        expect(groups(repository, now), `after ${kind} (step ${step})`).toEqual(groups(new WorkOrderRepository(db), now));
        expect(repository.attentionCount(now), `after ${kind} (step ${step})`).toBe(union.get({ now }));
      }
      // Each fresh repository counted once; the kept one never again.
      expect(statements.runsOf(URGENCY_GROUPS_SQL) - counted).toBe(120);
    } finally {
      statements.stop();
    }
  });

  it('count again when a change cannot be followed: an order removed, too many changes, a long gap', () => {
    const { db, changes } = cache();
    const statements = recordStatements(db);
    const repository = new WorkOrderRepository(db);
    const counted = () => statements.runsOf(URGENCY_GROUPS_SQL);
    const groups = (of: WorkOrderRepository, now: number) => of.list({ attention: true, sort: 'urgency', now }).groups;
    try {
      groups(repository, NOW);
      const check = (now: number, what: string, counts: number) => {
        const before = counted();
        expect(groups(repository, now), what).toEqual(groups(new WorkOrderRepository(db), now));
        expect(counted() - before, what).toBe(counts + 1);
      };
      db.prepare('DELETE FROM work_orders WHERE id = (SELECT min(w.id) FROM work_orders w WHERE w.status_id = ? AND NOT EXISTS (SELECT 1 FROM requests r WHERE r.work_order_id = w.id))').run(ASSIGNED);
      check(NOW + 1_000, 'an order removed', 1);
      // An assigned order whose start passed a second ago: counted at NOW + 2 s it turned late since.
      db.prepare('UPDATE work_orders SET status_id = ?, sub_status = NULL, schedule_start = ?, schedule_end = NULL WHERE id = 5').run(ASSIGNED, NOW + 2_500);
      check(NOW + 2_000, 'kept after a change', 0);
      check(NOW + 3_000, 'moved past a turn of the changed order', 0);
      for (let many = 0; many < 300; many += 1) changes.problems?.();
      check(NOW + 4_000, 'too many changes', 1);
      check(NOW + 4_000 + 16 * 60_000, 'a long gap', 1);
    } finally {
      statements.stop();
    }
  });
});
