import { describe, expect, it } from 'vitest';
import { ScheduleInputSchema, ScheduleSchema } from '../../../src-shared/api/schedule';

const start = { utc: '2025-04-01 15:00:00' };
const end = { utc: '2025-04-01 18:00:00' };

describe('ScheduleInputSchema', () => {
  it('takes an exact start, or a window with an end', () => {
    expect(ScheduleInputSchema.safeParse({ service_window: { mode: 'exact', start } }).success).toBe(true);
    expect(ScheduleInputSchema.safeParse({ service_window: { mode: 'between', start, end } }).success).toBe(true);
    expect(ScheduleInputSchema.safeParse({ service_window: { mode: 'hours', start, end } }).success).toBe(true);
  });

  it('rejects a window without an end, an end before the start, and an end on an exact time', () => {
    expect(ScheduleInputSchema.safeParse({ service_window: { mode: 'between', start } }).success).toBe(false);
    expect(ScheduleInputSchema.safeParse({ service_window: { mode: 'between', start: end, end: start } }).success).toBe(false);
    expect(ScheduleInputSchema.safeParse({ service_window: { mode: 'exact', start, end } }).success).toBe(false);
    expect(ScheduleInputSchema.safeParse({ service_window: { mode: 'asap', start } }).success).toBe(false);
  });
});

describe('ScheduleSchema', () => {
  it('reads a schedule with modes the contract does not name', () => {
    expect(
      ScheduleSchema.parse({ service_window: { mode: 'flexible', start: { ...start, local: { date: '2025-04-01', time: '10:00:00' } } }, today_tomorrow: 'Today' }),
    ).toMatchObject({ today_tomorrow: 'Today' });
  });
});
