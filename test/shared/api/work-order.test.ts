import { describe, expect, it } from 'vitest';
import { WORK_ORDER_TOP_LEVEL_KEYS, WorkOrderCreatedSchema, WorkOrderSchema } from '../../../src-shared/api/work-order';

/** Every key the spec's work order table and "other top-level keys" list. */
const SPEC_KEYS = [
  'id', 'work_order_id', 'title', 'require_gps', 'incident_id', 'site_revisit', 'type_of_work', 'types_of_work',
  'service_types', 'service_types_new', 'client', 'project', 'manager', 'team', 'custom_fields', 'contacts',
  'description', 'confidential', 'tasks', 'location', 'schedule', 'pay', 'shipments', 'status', 'messages', 'tags',
  'problems', 'attachments', 'time_logs', 'eta', 'integration', 'auto_dispatch', 'networks', 'signatures',
  'publish_stats', 'requests', 'allow_counter_offers', 'is_user_declined', 'routes', 'qualifications', 'ratings',
  'bundle', 'auto_dispatch_stats', 'conflicts', 'holds', 'company', 'w2', 'import_id', 'printable', 'assignee',
  'swaps', 'policy_and_procedures', 'standard_instructions', 'progress', 'role', 'workflow_completion', 'actions',
  'correlation_id', 'href', 'closing_notes', 'tasks_enabled', 'workflow_publish_or_route', 'workflow_cancel',
];

const timestamp = { utc: '2025-04-01 15:00:00', local: { date: '2025-04-01', time: '10:00:00' } };
const metadata = { total: 0, page: 1, pages: 0, per_page: 25 };

/** A full answer of GET workorders/{id}, as the local marketplace gives it. */
const fullWorkOrder = {
  id: 101,
  work_order_id: 101,
  title: 'Replace POS terminal',
  require_gps: false,
  incident_id: 'INC-7',
  site_revisit: { job_status: 'incomplete', revisit_count: 1, incomplete_reason: { reason_id: 5, reason_name: 'Revisit requested' } },
  type_of_work: { id: 62, name: 'Point of Sale (POS)' },
  types_of_work: [{ id: 62, isPrimary: true }],
  service_types: [{ id: 61, name: 'Installation' }],
  service_types_new: [{ id: 61, name: 'Installation' }],
  client: { id: 3, client_id: 3, name: 'Acme', projects: { results: [{ id: 9, name: 'Rollout', status: 'active' }] } },
  project: { id: 9, name: 'Rollout' },
  manager: { id: 12, first_name: 'Pat', last_name: 'Lee' },
  team: { id: 2 },
  custom_fields: { results: [] },
  contacts: { results: [] },
  description: { html: '<p>Swap it</p>' },
  confidential: { html: 'Door code 1234' },
  tasks: { results: [] },
  location: { mode: 'custom', address1: '1 Main St', city: 'Minneapolis', state: 'MN', zip: '55401', country: 'US' },
  schedule: { service_window: { mode: 'exact', start: timestamp } },
  pay: { type: 'fixed', base: { amount: 150, units: 1 } },
  shipments: { metadata, results: [] },
  status: { id: 1, name: 'Draft', display: 'Draft', is_routed: false, code: 'created', delay: 0, ncns: false, sub_status: '', confirmed: false },
  messages: { results: [] },
  tags: { metadata, results: [] },
  problems: { results: [], types: [] },
  attachments: {
    metadata: { total: 2, page: 1, pages: 1, per_page: 2 },
    results: [
      { id: 1, name: 'Documents', type: 'document', min_files: 0, results: [] },
      { id: 2, name: 'Deliverables', type: 'slot', min_files: 1, results: [] },
    ],
  },
  time_logs: { metadata, results: [] },
  eta: {},
  integration: { id: 'ext-1', name: 'REST', href: 'https://erp.example/orders/{id}' },
  auto_dispatch: false,
  networks: [],
  signatures: {},
  publish_stats: {},
  requests: {},
  allow_counter_offers: true,
  is_user_declined: false,
  routes: {},
  qualifications: {},
  ratings: {},
  bundle: {},
  auto_dispatch_stats: {},
  conflicts: [],
  holds: {},
  company: { id: 1 },
  w2: false,
  import_id: 0,
  printable: true,
  assignee: {},
  swaps: {},
  policy_and_procedures: { html: '' },
  standard_instructions: '',
  progress: {},
  role: {},
  workflow_completion: {},
  actions: ['edit', 'publish'],
  correlation_id: 'c-9',
  href: 'https://app.example/workorders/101',
  closing_notes: '',
  tasks_enabled: true,
  workflow_publish_or_route: {},
  workflow_cancel: {},
};

describe('WORK_ORDER_TOP_LEVEL_KEYS', () => {
  it('lists exactly the keys the spec names', () => {
    expect([...WORK_ORDER_TOP_LEVEL_KEYS].sort()).toEqual([...SPEC_KEYS].sort());
    expect(WORK_ORDER_TOP_LEVEL_KEYS).toHaveLength(63);
  });

  it('matches every key of the full sample', () => {
    expect(Object.keys(fullWorkOrder).sort()).toEqual([...WORK_ORDER_TOP_LEVEL_KEYS].sort());
  });
});

describe('WorkOrderSchema', () => {
  it('reads a full work order', () => {
    const workOrder = WorkOrderSchema.parse(fullWorkOrder);
    expect(workOrder.status?.name).toBe('Draft');
    expect(workOrder.client?.projects?.results[0]?.status).toBe('active');
    expect(workOrder.attachments?.results?.[1]?.type).toBe('slot');
  });

  it('keeps keys it does not know, at the top and nested', () => {
    const workOrder = WorkOrderSchema.parse({
      ...fullWorkOrder,
      milestones: { created: timestamp },
      pay: { ...fullWorkOrder.pay, pricing_insights: { region: 'north' } },
    });
    expect(workOrder).toMatchObject({ milestones: { created: timestamp } });
    expect(workOrder.pay).toMatchObject({ pricing_insights: { region: 'north' } });
  });

  it('reads a sparse list entry with nulls', () => {
    expect(
      WorkOrderSchema.safeParse({ id: 5, title: 'x', incident_id: null, location: null, service_types: null }).success,
    ).toBe(true);
  });

  it('requires the manager id the spec gives, and keeps the manager keys it does not know', () => {
    expect(WorkOrderSchema.safeParse({ id: 5, manager: { first_name: 'Pat' } }).success).toBe(false);
    expect(WorkOrderSchema.parse({ id: 5, manager: { id: 12, phone: '555', title: 'Lead' } }).manager).toEqual({ id: 12, phone: '555', title: 'Lead' });
  });

  it('reads a numeric integration id, as the real service may send one', () => {
    expect(WorkOrderSchema.parse({ id: 5, integration: { id: 77, name: 'REST' } }).integration?.id).toBe(77);
  });

  it('still checks the types of the fields it knows', () => {
    expect(WorkOrderSchema.safeParse({ id: '5' }).success).toBe(false);
    expect(WorkOrderSchema.safeParse({ id: 5, title: 9 }).success).toBe(false);
    expect(WorkOrderSchema.safeParse({ id: 5, status: { id: 'x', name: 'Draft' } }).success).toBe(false);
  });
});

describe('WorkOrderCreatedSchema', () => {
  it('reads the create answer and keeps the rest of the order', () => {
    const created = WorkOrderCreatedSchema.parse({ id: 101, status: { id: 1, name: 'Draft', display: 'Draft' }, title: 't' });
    expect(created).toMatchObject({ id: 101, status: { id: 1, name: 'Draft', display: 'Draft' }, title: 't' });
  });
});
