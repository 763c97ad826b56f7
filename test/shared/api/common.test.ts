import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ListMetadataSchema,
  TimestampInputSchema,
  TimestampSchema,
  flexibleList,
  knownString,
  listEnvelope,
  listItems,
} from '../../../src-shared/api/common';

describe('timestamps', () => {
  it('reads a timestamp with utc and local parts', () => {
    const timestamp = TimestampSchema.parse({
      utc: '2025-03-01 14:00:00',
      local: { date: '2025-03-01', time: '09:00:00' },
    });
    expect(timestamp.local?.time).toBe('09:00:00');
  });

  it('sends only a utc moment in the service format', () => {
    expect(TimestampInputSchema.safeParse({ utc: '2025-03-01 14:00:00' }).success).toBe(true);
    expect(TimestampInputSchema.safeParse({ utc: '2025-03-01T14:00:00Z' }).success).toBe(false);
    expect(TimestampInputSchema.safeParse({ utc: '2025-03-01 14:00:00', local: {} }).success).toBe(false);
  });
});

describe('listEnvelope', () => {
  const ItemSchema = z.looseObject({ id: z.number() });
  const EnvelopeSchema = listEnvelope(ItemSchema);

  it('reads metadata, results and actions, keeping unknown keys', () => {
    const envelope = EnvelopeSchema.parse({
      metadata: {
        total: 2,
        page: 1,
        pages: 1,
        per_page: 5000,
        columns: 'id,label',
        view: 'model',
        available_columns: [
          { group: 'Main', items: [{ id: 'id', label: 'ID', group: 'Main', order: 1, selected: true, can_sort: true, sort_dir: 'asc' }] },
        ],
        timings: [{ name: 'query', time: 12 }],
        surprise: true,
      },
      results: [{ id: 1, extra: 'kept' }, { id: 2 }],
      actions: ['add'],
      correlation_id: 'abc',
    });
    expect(envelope.results[0]).toEqual({ id: 1, extra: 'kept' });
    expect(envelope.metadata).toMatchObject({ surprise: true });
    expect(envelope).toMatchObject({ correlation_id: 'abc' });
  });

  it('requires the paging numbers of the metadata', () => {
    expect(ListMetadataSchema.safeParse({ total: 1, page: 1, pages: 1 }).success).toBe(false);
    expect(EnvelopeSchema.safeParse({ results: [] }).success).toBe(false);
  });

  it('reads a flexible list either as a bare array or with results', () => {
    const FlexibleSchema = flexibleList(ItemSchema);
    expect(listItems(FlexibleSchema.parse([{ id: 1 }]))).toEqual([{ id: 1 }]);
    expect(listItems(FlexibleSchema.parse({ results: [{ id: 2 }] }))).toEqual([{ id: 2 }]);
  });
});

describe('knownString', () => {
  it('takes known and unknown strings but nothing else', () => {
    const StatusSchema = knownString(['new', 'arrived'] as const);
    expect(StatusSchema.parse('new')).toBe('new');
    expect(StatusSchema.parse('En Route')).toBe('En Route');
    expect(StatusSchema.safeParse(3).success).toBe(false);
  });
});
