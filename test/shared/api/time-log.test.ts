import { describe, expect, it } from 'vitest';
import { TimeLogListSchema } from '../../../src-shared/api/time-log';

const metadata = { total: 1, page: 1, pages: 1, per_page: 1 };

describe('TimeLogListSchema', () => {
  it('reads time logs', () => {
    const list = TimeLogListSchema.parse({
      metadata,
      results: [{ id: 1, in: { utc: '2025-04-01 15:00:00' }, out: { utc: '2025-04-01 17:30:00' }, hours: 2.5, verified: false }],
    });
    expect(list.results[0]?.hours).toBe(2.5);
  });
});
