import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { WorkOrder } from '../../../../src-shared/api/work-order';
import { timeOnSite } from '../../../../src-shared/domain/time-on-site';
import { openCache } from '../../../../src-main/db/database';
import { WorkOrderRepository } from '../../../../src-main/db/work-order-repository';
import { migrateTo } from './support';

const window = (mode: string | null, start: string, end?: string) => ({ service_window: { mode, start: { utc: start }, ...(end ? { end: { utc: end } } : {}) } });

/** Every branch of the time-on-site rule, and each place a zone may be named. */
const DOCUMENTS: WorkOrder[] = [
  { id: 1, schedule: window('exact', '2026-03-02 09:00:00'), pay: { type: 'hourly', base: { amount: 60, units: 3 } } },
  { id: 2, schedule: window('exact', '2026-03-02 09:00:00', '2026-03-02 18:00:00'), pay: { type: 'fixed', base: { amount: 200 } } },
  { id: 3, schedule: window('exact', '2026-03-02 09:00:00'), pay: { type: 'blended', base: { amount: 60, units: 1.337 } } },
  { id: 4, schedule: { ...window('between', '2026-03-02 09:00:00', '2026-03-02 13:00:00'), time_zone: { name: 'America/Chicago' } } },
  { id: 5, schedule: window('hours', '2026-03-02 08:00:00', '2026-03-02 17:00:00'), location: { city: 'Phoenix', state: 'AZ', time_zone: { name: 'America/Phoenix' } } },
  { id: 6, schedule: window('between', '2026-03-02 09:00:00', '2026-03-02 08:00:00'), pay: { type: 'hourly', base: { amount: 60, units: 0 } } },
  { id: 7, schedule: window(null, '2026-03-02 09:00:00', '2026-03-20 09:00:00') },
  { id: 8, schedule: window('exact', '2026-03-02 09:00:00'), pay: { type: 'hourly', base: { amount: 60, units: '4' as unknown as number } } },
  { id: 9, title: 'no schedule', location: { state: 'TX', country: 'US' } },
];

const COLUMNS = 'SELECT id, schedule_mode, visit_end, site_zone FROM work_orders ORDER BY id';

describe('migration 0013: the dispatch board’s columns and indexes', () => {
  it('fills mode, time on site and named zone from the cached documents, as the repository writes them', () => {
    const old = new Database(':memory:');
    old.pragma('foreign_keys = ON');
    migrateTo(old, 12);
    for (const document of DOCUMENTS) {
      old.prepare('INSERT INTO work_orders (id, updated_at, cached_at) VALUES (?, 0, 0)').run(document.id);
      old.prepare('INSERT INTO work_order_documents (id, json) VALUES (?, ?)').run(document.id, JSON.stringify(document));
    }
    expect(migrateTo(old, 13)).toBe(13);

    const fresh = openCache(':memory:');
    new WorkOrderRepository(fresh).upsertMany(DOCUMENTS);
    const migrated = old.prepare(COLUMNS).all();
    expect(migrated).toEqual(fresh.prepare(COLUMNS).all());
    // And both are the shared rule's answer, rounded to the millisecond.
    expect(migrated.map((row) => (row as { visit_end: number | null }).visit_end)).toEqual(DOCUMENTS.map((document) => {
      const span = timeOnSite(document);
      return span ? Math.round(span.end) : null;
    }));
    expect(migrated).toContainEqual({ id: 4, schedule_mode: 'between', visit_end: Date.UTC(2026, 2, 2, 13), site_zone: 'America/Chicago' });
    expect(migrated).toContainEqual({ id: 5, schedule_mode: 'hours', visit_end: Date.UTC(2026, 2, 2, 17), site_zone: 'America/Phoenix' });
  });

  it('lets a period’s blocks, its long visits and the providers’ counts each read an index', () => {
    const db = openCache(':memory:');
    const plan = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((step) => step.detail).join(' | ');
    expect(plan('SELECT id FROM work_orders w WHERE w.status_id IN (3, 4) AND w.visit_end > 1 AND w.visit_end - w.schedule_start > 604800000 AND w.schedule_start < 0')).toMatch(
      /USING INDEX work_orders_long_visits/,
    );
    expect(plan('SELECT provider_id, COUNT(CASE WHEN status_id IN (4, 5, 6) THEN 1 END) FROM work_orders WHERE provider_id IS NOT NULL GROUP BY provider_id')).toMatch(
      /USING COVERING INDEX work_orders_provider_status/,
    );
  });
});
