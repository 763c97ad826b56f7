import type { Migration } from './index';

/**
 * The life of each outbox entry, for an order's history (issue 28): one row per step, with when.
 *
 * Derived from what 0006 keeps, a history would miss most of it: a waiting entry has one
 * `updated_at` that every step overwrites, and `outbox_history` keeps only the end (applied or
 * discarded) without the time it was queued, its sends and attempts, a refusal later fixed and
 * retried, the names it was queued with (`context`), or whether a discard was the Undo inside the
 * window or the coordinator dropping a refusal. So each step is written in the same transaction
 * as the change it records: the log never says more than the outbox did, and a crash keeps both
 * or neither.
 *
 * `step` is what happened: queued, sent (an attempt leaving; `detail.attempt`), applied, refused
 * (`detail.reason`), failed (a transient failure to be retried), retried, edited, undone (dropped
 * inside its undo window), discarded. `summary` is the change in the coordinator's words as it was
 * then ("Assign #10011 to Ana Ruiz"): the entry itself is gone once applied. `work_order_id` is the
 * order's id as the entry had it (negative for one created offline; `outbox_ids` maps it).
 * Bounded like `outbox_history`: the oldest rows go past `OUTBOX_EVENTS_KEPT` (outbox-log.ts).
 */
export const migration0024: Migration = {
  version: 24,
  name: 'outbox-events',
  up: `
    CREATE TABLE outbox_events (
      id INTEGER PRIMARY KEY,
      entry_id TEXT NOT NULL,
      kind TEXT NOT NULL,
      work_order_id INTEGER,
      step TEXT NOT NULL CHECK (step IN ('queued', 'sent', 'applied', 'refused', 'failed', 'retried', 'edited', 'undone', 'discarded')),
      at INTEGER NOT NULL,
      summary TEXT NOT NULL,
      detail TEXT
    );
    CREATE INDEX outbox_events_work_order ON outbox_events(work_order_id, id) WHERE work_order_id IS NOT NULL;
  `,
};
