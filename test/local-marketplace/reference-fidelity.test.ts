import { describe, expect, it } from 'vitest';
import { ListTimingSchema } from '../../src-shared/api/common';
import { WORK_ORDER_LISTS } from '../../src-shared/api/work-order-list';
import { testMarketplace } from './support';

// Where the local marketplace once differed from the real service's SDK models (issue 15): each
// test reads answers through the public surface and checks them against the models' types and enums.

describe('list timings (ListEnvelopeTimings.time: Integer)', () => {
  it('are whole milliseconds in every list and page', async () => {
    const { rest } = await testMarketplace();
    for (const { id } of WORK_ORDER_LISTS) {
      for (const query of [`list=${id}`, `list=${id}&per_page=100&sort=title&f_search=a`]) {
        const answer = await rest('GET', `workorders?${query}`);
        expect(answer.status).toBe(200);
        expect(answer.body.metadata.timings.length).toBeGreaterThan(0);
        for (const timing of answer.body.metadata.timings) expect(Number.isInteger(timing.time), `${query}: ${JSON.stringify(timing)}`).toBe(true);
      }
    }
  });

  it('are read as integers by the shared schema', () => {
    expect(ListTimingSchema.safeParse({ name: 'query', time: 3 }).success).toBe(true);
    expect(ListTimingSchema.safeParse({ name: 'query', time: 0.094 }).success).toBe(false);
  });
});
