import { describe, expect, it } from 'vitest';
import {
  MilestonesSchema,
  STATUS_SLUGS,
  SUB_STATUSES,
  WORK_ORDER_STATUSES,
  WorkOrderStatusSchema,
  statusById,
  statusByName,
  statusBySlug,
  statusCode,
  statusDisplay,
  subStatusLabel,
} from '../../../src-shared/api/status';

describe('status table', () => {
  it('has the eight statuses of decisions §1 in order', () => {
    expect(WORK_ORDER_STATUSES).toHaveLength(8);
    expect(WORK_ORDER_STATUSES.map((status) => [status.id, status.name, status.slug])).toEqual([
      [1, 'Draft', 'created'],
      [2, 'Published', 'published'],
      [9, 'Routed', 'routed'],
      [3, 'Assigned', 'assigned'],
      [4, 'Work Done', 'workdone'],
      [5, 'Approved', 'approved'],
      [6, 'Paid', 'paid'],
      [7, 'Cancelled', 'canceled'],
    ]);
  });

  it('looks statuses up by id, slug and name', () => {
    expect(statusById(9)?.slug).toBe('routed');
    expect(statusById(8)).toBeUndefined();
    expect(statusBySlug('canceled')?.name).toBe('Cancelled');
    expect(statusBySlug('cancelled')).toBeUndefined();
    expect(statusByName('Work Done')?.id).toBe(4);
  });

  it('labels the sub-statuses it lists, and no others', () => {
    expect(SUB_STATUSES.map((subStatus) => subStatusLabel(subStatus))).toEqual([
      'Confirmed',
      'On my way',
      'Checked in',
      'Checked out',
      'At risk',
      'Delayed',
      'On hold',
    ]);
  });
});

describe('statusDisplay and statusCode', () => {
  it('shows the name alone without a sub-status', () => {
    expect(statusDisplay('Assigned', '')).toBe('Assigned');
    expect(statusDisplay('Draft')).toBe('Draft');
    expect(statusDisplay('Work Done', null)).toBe('Work Done');
  });

  it('adds the sub-status label', () => {
    expect(statusDisplay('Assigned', 'checked_in')).toBe('Assigned: Checked in');
    expect(statusDisplay('Assigned', 'on_my_way')).toBe('Assigned: On my way');
    expect(statusDisplay('Assigned', 'at_risk')).toBe('Assigned: At risk');
  });

  it('spells out a sub-status it does not know', () => {
    expect(subStatusLabel('ready_to_go')).toBe('Ready to go');
    expect(statusDisplay('Assigned', 'ready_to_go')).toBe('Assigned: Ready to go');
  });

  it('codes with the sub-status slug when set, else the status slug', () => {
    expect(statusCode('assigned', 'delayed')).toBe('delayed');
    expect(statusCode('published', '')).toBe('published');
  });
});

describe('status and milestones answers', () => {
  it('reads a full status object and keeps unknown keys', () => {
    const status = WorkOrderStatusSchema.parse({
      id: 3,
      name: 'Assigned',
      display: 'Assigned: Checked in',
      is_routed: false,
      code: 'checked_in',
      delay: 0,
      ncns: false,
      sub_status: 'checked_in',
      confirmed: true,
      correlation_id: 'c-1',
      extra: { nested: true },
    });
    expect(status).toMatchObject({ sub_status: 'checked_in', extra: { nested: true } });
  });

  it('reads the short status of a create answer', () => {
    expect(WorkOrderStatusSchema.safeParse({ id: 1, name: 'Draft' }).success).toBe(true);
  });

  it('reads milestones with empty future moments', () => {
    const milestones = MilestonesSchema.parse({
      time_to_dispatch: 120,
      time_to_work_done: 0,
      time_alive: 360.5,
      created: { utc: '2025-03-01 10:00:00', local: { date: '2025-03-01', time: '05:00:00' } },
      published: { utc: '2025-03-01 10:01:00' },
      routed: null,
      assigned: {},
      workdone: null,
      approved: null,
      paid: null,
      canceled: null,
    });
    expect(milestones.published?.utc).toBe('2025-03-01 10:01:00');
  });

  it('has a milestone for every status slug (decisions §2: each first entry stamps one)', () => {
    expect(Object.keys(MilestonesSchema.shape)).toEqual(expect.arrayContaining([...STATUS_SLUGS]));
  });
});
