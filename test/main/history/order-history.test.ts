import { describe, expect, it } from 'vitest';
import type { WorkOrder } from '../../../src-shared/api/work-order';
import { orderHistory, withoutOrder } from '../../../src-main/history/order-history';
import type { LoggedStep } from '../../../src-main/outbox/outbox-log';

// The merge behind `workorders:history` (issue 28): the marketplace's dated steps from the cached
// order and the outbox's steps of the coordinator's changes, newest first, in plain words.

const ORDER = 10011;
const utc = (epoch: number) => new Date(epoch).toISOString().replace('T', ' ').slice(0, 19);
const T = Date.UTC(2026, 10, 27, 15, 0, 0);

const order = {
  id: ORDER,
  status: { id: 3, name: 'Assigned' },
  assignee: { user: { id: 3019, first_name: 'Naomi', last_name: 'Fischer' } },
  milestones: { created: { utc: utc(T - 86_400_000) }, published: { utc: utc(T - 3_600_000) }, assigned: { utc: utc(T + 2_000) }, workdone: { utc: null } },
  time_logs: { results: [{ id: 1, in: { utc: utc(T + 60_000) }, out: null }] },
  messages: { results: [{ msg_id: 5, message: 'On my way,\n  ten minutes out', created: { utc: utc(T + 30_000) }, from: { name: 'Naomi Fischer' }, replies: [{ msg_id: 6, message: 'Thanks', created: { utc: utc(T + 40_000) }, from: { name: 'Dana Cole' } }] }] },
} as unknown as WorkOrder;

const step = (id: number, kind: LoggedStep['step'], at: number, detail: LoggedStep['detail'] = {}, workOrderId = ORDER): LoggedStep => ({
  id,
  entryId: 'e1',
  kind: 'workorders:assign',
  workOrderId,
  step: kind,
  at,
  summary: `Assign #${workOrderId} to Naomi Fischer`,
  detail,
});

describe('an order’s history', () => {
  it('merges the marketplace’s steps with the outbox’s, newest first, each with who, what and where it is known from', () => {
    const steps = [step(3, 'applied', T + 1_000), step(2, 'sent', T + 1_000, { attempt: 1 }), step(1, 'queued', T - 60_000, { offline: true })];
    const requests = [{ id: 77, created: { utc: utc(T - 120_000) }, user: { id: 3019 } }];
    const { entries, older } = orderHistory(ORDER, { parts: { order, requests, attachments: [], expenses: [] }, steps, nameOf: (id) => (id === 3019 ? 'Naomi Fischer' : undefined) });
    expect(older).toBe(0);
    expect(entries.map((entry) => `${entry.who} ${entry.what}${entry.about ? ` [${entry.about}]` : ''} (${entry.source})`)).toEqual([
      'Naomi Fischer checked in (marketplace)',
      'Dana Cole wrote “Thanks” (marketplace)',
      'Naomi Fischer wrote “On my way, ten minutes out” (marketplace)',
      'Marketplace marked it Assigned (marketplace)',
      // One millisecond for both: the log's order decides, the later step above.
      'Marketplace applied it [Assign to Naomi Fischer] (this-machine)',
      'You sent it to the marketplace [Assign to Naomi Fischer] (this-machine)',
      'You queued “Assign to Naomi Fischer” while offline (this-machine)',
      'Naomi Fischer requested the order (marketplace)',
      'Marketplace marked it Published (marketplace)',
      'Marketplace recorded the order as a draft (marketplace)',
    ]);
    expect(entries.map((entry) => entry.at)).toEqual(entries.map((entry) => entry.at).toSorted((a, b) => b - a));
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(entries.length);
  });

  it('says a refusal with the marketplace’s words, a retry, a second attempt and an undo; an order the cache lost still shows its changes', () => {
    const steps = [
      step(6, 'undone', T + 5),
      step(5, 'sent', T + 4, { attempt: 2 }),
      step(4, 'retried', T + 3),
      step(3, 'refused', T + 2, { reason: 'The provider is not available.' }),
      step(2, 'failed', T + 1, { reason: 'The marketplace did not answer in time.' }),
      step(1, 'queued', T),
    ];
    const { entries } = orderHistory(ORDER, { parts: undefined, steps });
    expect(entries.map((entry) => `${entry.who} ${entry.what}`)).toEqual([
      'You undid it before it was sent',
      'You sent it again (attempt 2)',
      'You sent it again after the refusal',
      'Marketplace refused it: The provider is not available.',
      'You could not send it yet (The marketplace did not answer in time.); trying again',
      'You queued “Assign to Naomi Fischer”',
    ]);
  });

  it('keeps the newest steps and counts the rest; steps logged under the temporary id of an order created offline read as its own', () => {
    const steps = [step(2, 'applied', T + 1, {}, -3), step(1, 'queued', T, {}, -3)];
    const history = orderHistory(ORDER, { parts: { order, requests: [], attachments: [], expenses: [] }, steps }, 3);
    expect(history.entries).toHaveLength(3);
    // Six dated steps of the marketplace (three milestones, a check-in, two messages) and two of the outbox.
    expect(history.older).toBe(8 - 3);
    const created = orderHistory(ORDER, { parts: undefined, steps });
    expect(created.entries.map((entry) => entry.about ?? entry.what)).toEqual(['Assign to Naomi Fischer', 'queued “Assign to Naomi Fischer”']);
  });

  it('leaves out the order’s own number from a change, and keeps any other', () => {
    expect(withoutOrder('Assign #10011 to Ana Ruiz', [10011])).toBe('Assign to Ana Ruiz');
    expect(withoutOrder('Set the ETA of #10019 to Tue, Jan 15, 2030 08:00 MST', [10019])).toBe('Set the ETA to Tue, Jan 15, 2030 08:00 MST');
    expect(withoutOrder('Add expense “Parking” to #10004', [10004])).toBe('Add expense “Parking”');
    expect(withoutOrder('Publish #100111', [10011])).toBe('Publish #100111');
    expect(withoutOrder('Publish #10011', [10011])).toBe('Publish');
    expect(withoutOrder('#10011', [10011])).toBe('#10011');
  });
});
