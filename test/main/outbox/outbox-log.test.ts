import { describe, expect, it } from 'vitest';
import { openCache } from '../../../src-main/db/database';
import { OUTBOX_EVENTS_KEPT, OutboxLog } from '../../../src-main/outbox/outbox-log';
import type { StoredEntry } from '../../../src-main/outbox/outbox-store';

// The log of each outbox entry's steps (migration 0024), which an order's history reads.

const entry = (workOrderId: number): StoredEntry => ({
  seq: 1,
  id: `entry-${workOrderId}`,
  kind: 'workorders:publish',
  lane: `wo:${workOrderId}`,
  after: [],
  workOrderId,
  input: { id: workOrderId },
  context: {},
  state: 'queued',
  attempts: 0,
  uncertain: false,
  notBefore: null,
  nextAttemptAt: null,
  error: null,
  conflict: null,
  createdAt: 0,
  updatedAt: 0,
});

describe('the outbox log', () => {
  it('keeps a step’s summary and detail, reads an order’s steps newest first with those of the temporary id it had, and stays bounded', () => {
    const db = openCache(':memory:');
    const log = new OutboxLog(db);
    log.record(entry(-4), 'queued', 1, { offline: true });
    db.prepare('INSERT INTO outbox_ids (temp, real) VALUES (-4, 10050)').run();
    log.record(entry(10050), 'sent', 2, { attempt: 1 });
    log.record(entry(10051), 'queued', 3);
    expect(log.forOrder(10050).map(({ step, at, summary, detail, workOrderId }) => ({ step, at, summary, detail, workOrderId }))).toEqual([
      { step: 'sent', at: 2, summary: 'Publish #10050', detail: { attempt: 1 }, workOrderId: 10050 },
      { step: 'queued', at: 1, summary: 'Publish a new order', detail: { offline: true }, workOrderId: -4 },
    ]);

    const write = db.transaction(() => {
      for (let index = 0; index < OUTBOX_EVENTS_KEPT + 5; index += 1) log.record(entry(10052), 'queued', 10 + index);
    });
    write();
    expect(db.prepare('SELECT COUNT(*) FROM outbox_events').pluck().get()).toBe(OUTBOX_EVENTS_KEPT);
    // The oldest went first: the first order's steps, then the first of the flood.
    expect(log.forOrder(10050)).toEqual([]);
    expect(log.forOrder(10052).at(-1)?.at).toBe(10 + 5);
    db.close();
  });
});
