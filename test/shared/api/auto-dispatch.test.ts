import { describe, expect, it } from 'vitest';
import { AutoDispatchBodySchema, WorkerAnswerSchema } from '../../../src-shared/api/auto-dispatch';

const body = { work_order_ids: [101, 102], selection_rule_id: 4, delay: 0, w2_skippub: false, w2_failswitch: false, should_route: true };

describe('AutoDispatchBodySchema', () => {
  it('accepts the spec body', () => {
    expect(AutoDispatchBodySchema.parse(body)).toEqual(body);
  });

  it('needs work order ids and rejects unknown keys', () => {
    expect(AutoDispatchBodySchema.safeParse({ ...body, work_order_ids: [] }).success).toBe(false);
    expect(AutoDispatchBodySchema.safeParse({ ...body, work_order_ids: ['101'] }).success).toBe(false);
    expect(AutoDispatchBodySchema.safeParse({ ...body, priority: 1 }).success).toBe(false);
  });
});

describe('WorkerAnswerSchema', () => {
  it('reads the __worker of the spec', () => {
    const answer = WorkerAnswerSchema.parse({
      __worker: {
        id: 77,
        type: 'AUTODISP',
        user: { thumbnail: '', id: 12, first_name: 'Pat', last_name: 'Lee' },
        created: { utc: '2025-04-01 15:00:00' },
        status: 'in_progress',
        request: 'POST /workorders/auto_dispatch',
        payload: { query: [], body, additional_params: [] },
        response: {},
        correlation_id: 'c',
        actions: ['delete'],
      },
    });
    expect(answer.__worker.status).toBe('in_progress');
  });
});
