import { describe, expect, it } from 'vitest';
import { openCache } from '../../../src-main/db/database';
import { URGENCY_GROUPS_SQL } from '../../../src-main/db/attention-pages';
import { ATTENTION_UNION_COUNT_SQL } from '../../../src-main/db/work-order-attention';
import { WorkOrderRepository } from '../../../src-main/db/work-order-repository';
import { statusBySlug } from '../../../src-shared/api/status';
import { recordStatements } from './statement-recorder';
import { generatedWorkOrders, random } from './work-order-fixtures';

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 5, 1, 12);
const SUB_STATUSES = [null, '', 'confirmed', 'on_my_way', 'checked_in', 'checked_out', 'delayed', 'at_risk'];

describe('the needs-attention count', () => {
  it('counts what the union of the rules holds, as a sum of disjoint groups, at any moment', () => {
    const db = openCache(':memory:');
    const next = random(27);
    const order = db.prepare('INSERT INTO work_orders (id, title, status_id, sub_status, schedule_start, schedule_end, open_problems, updated_at, cached_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, 0)');
    const request = db.prepare("INSERT INTO requests (work_order_id, active, json, fetched_at) VALUES (?, ?, '{}', 0)");
    for (let id = 1; id <= 3_000; id += 1) {
      const status = next() < 0.05 ? null : 1 + Math.floor(next() * 9);
      const start = next() < 0.1 ? null : NOW + Math.floor((next() - 0.5) * 96) * HOUR;
      const end = start === null || next() < 0.5 ? null : start + 4 * HOUR;
      order.run(id, `Order ${id}`, status, SUB_STATUSES[Math.floor(next() * SUB_STATUSES.length)] ?? null, start, end, next() < 0.1 ? 1 + Math.floor(next() * 2) : 0);
      if (next() < 0.1) request.run(id, next() < 0.2 ? null : next() < 0.7 ? 1 : 0);
    }
    const union = db.prepare(ATTENTION_UNION_COUNT_SQL).pluck();
    for (const now of [NOW - 48 * HOUR, NOW, NOW + 3 * HOUR, NOW + 30 * HOUR]) {
      const expected = union.get({ now }) as number;
      expect(expected).toBeGreaterThan(100);
      // A repository of its own each time: the triage queue's groups counted at that moment (attention-pages.ts).
      expect(new WorkOrderRepository(db).attentionCount(now), new Date(now).toISOString()).toBe(expected);
    }
  });

  it('counts the same during a bulk load, whose kept counts wait, and after it', () => {
    const db = openCache(':memory:');
    const repository = new WorkOrderRepository(db);
    const union = db.prepare(ATTENTION_UNION_COUNT_SQL).pluck();
    const now = Date.UTC(2025, 6, 1);
    expect(repository.beginBulkLoad()).toBe(true);
    repository.upsertMany(generatedWorkOrders(2_000));
    const during = repository.attentionCount(now);
    expect(during).toBeGreaterThan(10);
    expect(during).toBe(union.get({ now }));
    repository.endBulkLoad();
    expect(repository.attentionCount(now + 60_000)).toBe(union.get({ now: now + 60_000 }));
  });

  it('is right just before, at and after every moment a rule turns, and is moved along the clock, not counted again', () => {
    const db = openCache(':memory:');
    const statements = recordStatements(db);
    const counted = () => statements.runsOf(URGENCY_GROUPS_SQL);
    const repository = new WorkOrderRepository(db);
    const fresh = () => new WorkOrderRepository(db);
    const union = db.prepare(ATTENTION_UNION_COUNT_SQL).pluck();
    const MINUTE = 60_000;
    const order = db.prepare('INSERT INTO work_orders (id, title, status_id, sub_status, schedule_start, schedule_end, updated_at, cached_at) VALUES (?, ?, ?, ?, ?, ?, 0, 0)');
    const assigned = statusBySlug('assigned')?.id;
    // Assigned orders whose rules turn on the clock: a start passing (10 min), one coming within 2 h
    // (5 min) and within 24 h (30 min), a window's end passing (40 min, 70 min); one on site never late.
    order.run(1, 'Soon, with a window', assigned, null, NOW + 10 * MINUTE, NOW + 70 * MINUTE);
    order.run(2, 'Within reach', assigned, null, NOW + 2 * HOUR + 5 * MINUTE, null);
    order.run(3, 'Tomorrow', assigned, null, NOW + 24 * HOUR + 30 * MINUTE, null);
    order.run(4, 'On site', assigned, 'checked_in', NOW - HOUR, null);
    order.run(5, 'No window', assigned, null, NOW + 40 * MINUTE, null);
    const turns = [5 * MINUTE, 10 * MINUTE + 1, 30 * MINUTE, 40 * MINUTE + 1, 70 * MINUTE + 1].map((offset) => NOW + offset);
    for (const now of [NOW, ...turns.flatMap((turn) => [turn - 1, turn, turn + 1])]) {
      const expected = union.get({ now }) as number;
      expect(repository.attentionCount(now), new Date(now).toISOString()).toBe(expected);
      // The triage queue read from the kept groups, against a repository that keeps nothing yet.
      expect(repository.list({ attention: true, sort: 'urgency', now }).groups, new Date(now).toISOString()).toEqual(fresh().list({ attention: true, sort: 'urgency', now }).groups);
    }
    // Past every turn, asked every 5 s for 3 minutes: the triage queue's groups, kept, are moved along
    // the clock (kept-triage.ts), and the count is their sum: nothing is counted again.
    const from = NOW + 71 * MINUTE;
    const before = counted();
    for (let now = from; now < from + 3 * MINUTE; now += 5_000) expect(repository.attentionCount(now)).toBe(union.get({ now }));
    expect(counted() - before).toBe(0);
    // A change to what the rules read is followed at once.
    db.prepare("UPDATE work_orders SET sub_status = 'delayed' WHERE id = 4").run();
    const now = from + 3 * MINUTE;
    expect(repository.attentionCount(now)).toBe(union.get({ now }));
  });
});
