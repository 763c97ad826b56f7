import { describe, expect, it } from 'vitest';
import { openCache } from '../../../src-main/db/database';
import { ATTENTION_COUNT_SQL, ATTENTION_UNION_COUNT_SQL } from '../../../src-main/db/work-order-attention';
import { WorkOrderRepository } from '../../../src-main/db/work-order-repository';
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
    const count = db.prepare(ATTENTION_COUNT_SQL).pluck();
    const union = db.prepare(ATTENTION_UNION_COUNT_SQL).pluck();
    for (const now of [NOW - 48 * HOUR, NOW, NOW + 3 * HOUR, NOW + 30 * HOUR]) {
      const expected = union.get({ now }) as number;
      expect(expected).toBeGreaterThan(100);
      expect(count.get({ now }), new Date(now).toISOString()).toBe(expected);
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
});
