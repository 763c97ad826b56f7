import { describe, expect, it } from 'vitest';
import {
  SiteRevisitInputSchema,
  WorkOrderCreateBodySchema,
  WorkOrderUpdateBodySchema,
} from '../../../src-shared/api/work-order-requests';

/** The create sample of the spec. */
const specSample = {
  title: 'Replace POS terminal',
  description: { html: '<p>Swap the terminal at register 2.</p>' },
  type_of_work: { id: 62 },
  location: { mode: 'custom', address1: '1 Main St', city: 'Minneapolis', state: 'MN', zip: '55401', country: 'US' },
  pay: { type: 'fixed', base: { amount: 150, units: 1 } },
  schedule: { service_window: { mode: 'exact', start: { utc: '2025-04-01 15:00:00' } } },
};

function issuePaths(body: unknown): string[] {
  const result = WorkOrderCreateBodySchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}

describe('WorkOrderCreateBodySchema', () => {
  it('accepts the spec sample', () => {
    expect(WorkOrderCreateBodySchema.parse(specSample)).toEqual(specSample);
  });

  it('needs only a title', () => {
    expect(WorkOrderCreateBodySchema.safeParse({ title: 'Draft only' }).success).toBe(true);
    expect(issuePaths({})).toEqual(['title']);
    expect(issuePaths({ title: '  ' })).toEqual(['title']);
  });

  it('rejects unknown keys, also nested ones', () => {
    expect(WorkOrderCreateBodySchema.safeParse({ ...specSample, priority: 'high' }).success).toBe(false);
    expect(issuePaths({ ...specSample, pay: { ...specSample.pay, bonus: 5 } })).toEqual(['pay']);
  });

  it('rejects a country outside the spec list', () => {
    expect(issuePaths({ ...specSample, location: { ...specSample.location, country: 'JP' } })).toEqual([
      'location.country',
    ]);
  });

  it('needs the address for a custom location and the id for a saved one', () => {
    expect(issuePaths({ title: 't', location: { mode: 'custom', address1: '1 Main St', country: 'US' } })).toEqual([
      'location.city',
      'location.state',
      'location.zip',
    ]);
    expect(issuePaths({ title: 't', location: { mode: 'saved' } })).toEqual(['location.id']);
    expect(issuePaths({ title: 't', location: { mode: 'saved', id: 4 } })).toEqual([]);
    expect(issuePaths({ title: 't', location: { mode: 'remote' } })).toEqual(['location.mode']);
  });

  it('rejects service types without a type of work', () => {
    const result = WorkOrderCreateBodySchema.safeParse({ title: 't', service_types: [{ id: 61, name: 'Installation' }] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['service_types'],
      message: expect.stringContaining('without a type of work'),
    });
    expect(issuePaths({ title: 't', service_types_new: [{ id: 61 }] })).toEqual(['service_types_new']);
  });

  it('accepts a type of work alone, or with its own service types', () => {
    expect(issuePaths({ title: 't', types_of_work: [{ id: 62, isPrimary: true }] })).toEqual([]);
    expect(
      issuePaths({ title: 't', types_of_work: [{ id: 62, isPrimary: true }], service_types_new: [{ id: 61 }, { id: 65 }] }),
    ).toEqual([]);
  });

  it('rejects service types of another type of work, and unknown types of work', () => {
    expect(issuePaths({ title: 't', type_of_work: { id: 62 }, service_types: [{ id: 15 }] })).toEqual([
      'service_types.0.id',
    ]);
    expect(issuePaths({ title: 't', type_of_work: { id: 2 } })).toEqual(['type_of_work.id']);
  });

  it('allows one primary type of work at most', () => {
    expect(
      issuePaths({ title: 't', types_of_work: [{ id: 62, isPrimary: true }, { id: 8, isPrimary: true }] }),
    ).toEqual(['types_of_work']);
  });

  it('requires integration.name to be REST', () => {
    expect(issuePaths({ title: 't', integration: { id: 'ext-1', name: 'REST', href: 'https://x.example/{id}' } })).toEqual([]);
    expect(issuePaths({ title: 't', integration: { id: 'ext-1', name: 'SOAP' } })).toEqual(['integration.name']);
    expect(issuePaths({ title: 't', integration: { name: 'REST' } })).toEqual(['integration.id']);
  });

  it('checks the pay and the schedule', () => {
    expect(issuePaths({ title: 't', pay: { type: 'barter', base: { amount: 1 } } })).toEqual(['pay.type']);
    expect(issuePaths({ title: 't', pay: { type: 'fixed' } })).toEqual(['pay.base']);
    expect(
      issuePaths({
        title: 't',
        schedule: {
          service_window: { mode: 'between', start: { utc: '2025-04-02 10:00:00' }, end: { utc: '2025-04-01 10:00:00' } },
        },
      }),
    ).toEqual(['schedule.service_window.end']);
    expect(issuePaths({ title: 't', schedule: { service_window: { mode: 'exact' } } })).toEqual([
      'schedule.service_window.start',
    ]);
  });
});

describe('site revisit', () => {
  it('requires incomplete_reason when the job is incomplete', () => {
    const result = SiteRevisitInputSchema.safeParse({ job_status: 'incomplete', revisit_count: 1 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['incomplete_reason']);
    expect(
      SiteRevisitInputSchema.safeParse({
        job_status: 'incomplete',
        revisit_count: 1,
        incomplete_reason: { reason_id: 5, reason_name: 'Revisit requested' },
      }).success,
    ).toBe(true);
  });

  it('makes incomplete_reason optional when the job is complete', () => {
    expect(SiteRevisitInputSchema.safeParse({ job_status: 'complete' }).success).toBe(true);
    expect(SiteRevisitInputSchema.safeParse({ job_status: 'done' }).success).toBe(false);
  });

  it('is checked inside a create body', () => {
    expect(issuePaths({ title: 't', site_revisit: { job_status: 'incomplete' } })).toEqual([
      'site_revisit.incomplete_reason',
    ]);
  });
});

describe('WorkOrderUpdateBodySchema', () => {
  it('takes any subset of the create fields', () => {
    expect(WorkOrderUpdateBodySchema.safeParse({ description: { html: 'new' } }).success).toBe(true);
    expect(WorkOrderUpdateBodySchema.safeParse({ title: 'Renamed' }).success).toBe(true);
  });

  it('lets service types change alone, as the order already has its type of work', () => {
    expect(WorkOrderUpdateBodySchema.safeParse({ service_types_new: [{ id: 61 }] }).success).toBe(true);
  });

  it('rejects an empty update, unknown keys and a bad country', () => {
    expect(WorkOrderUpdateBodySchema.safeParse({}).success).toBe(false);
    expect(WorkOrderUpdateBodySchema.safeParse({ status: 'published' }).success).toBe(false);
    expect(
      WorkOrderUpdateBodySchema.safeParse({ location: { ...specSample.location, country: 'XX' } }).success,
    ).toBe(false);
  });
});
