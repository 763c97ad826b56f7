import { describe, expect, it } from 'vitest';
import { channels } from '../../../src-shared/ipc/channels';

describe('inbox channels', () => {
  const list = channels['inbox:list'].input;
  const mark = channels['inbox:mark-read'].input;

  it('lists with filters and paging, and refuses what it does not know', () => {
    expect(list.safeParse({}).success).toBe(true);
    expect(list.safeParse({ kind: 'message', clientId: 7, workOrderId: 10011, unreadOnly: true, before: { at: 1_700_000_000_000, id: 12 }, limit: 50 }).success).toBe(true);
    expect(list.safeParse({ offset: 100 }).success).toBe(false);
    expect(list.safeParse({ before: { at: 1, id: 2, page: 3 } }).success).toBe(false);
    expect(list.safeParse({ before: { at: 1 } }).success).toBe(false);
    expect(list.safeParse({ kind: 'email' }).success).toBe(false);
    expect(list.safeParse({ limit: 5000 }).success).toBe(false);
    expect(list.safeParse({ workOrderId: -1 }).success).toBe(false);
    expect(list.safeParse({ sort: 'oldest' }).success).toBe(false);
  });

  it('marks items by id or by a filter, never both or neither', () => {
    expect(mark.safeParse({ ids: [1, 2] }).success).toBe(true);
    expect(mark.safeParse({ ids: [1], read: false }).success).toBe(true);
    expect(mark.safeParse({ matching: { kind: 'check-in' } }).success).toBe(true);
    expect(mark.safeParse({ matching: {} }).success).toBe(true);
    expect(mark.safeParse({}).success).toBe(false);
    expect(mark.safeParse({ ids: [1], matching: {} }).success).toBe(false);
    expect(mark.safeParse({ ids: [] }).success).toBe(false);
    expect(mark.safeParse({ ids: ['1'] }).success).toBe(false);
  });
});
