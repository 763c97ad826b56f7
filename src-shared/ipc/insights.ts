import { z } from 'zod';

/** How durations are grouped: by type of work or by client. */
export const DurationGroupSchema = z.enum(['type', 'client']);
export type DurationGroup = z.infer<typeof DurationGroupSchema>;

const WEEK_MS = 7 * 24 * 3_600_000;
/** A year and a bit: enough for "the past year and next week", few enough bars to read. */
export const INSIGHTS_MAX_WEEKS = 60;

/**
 * What Insights covers: orders whose service date (schedule start) falls in [from, to), epoch ms,
 * cut into weeks from `from`; optionally one client and one type of work.
 */
export const InsightsRequestSchema = z
  .strictObject({
    from: z.number().int(),
    to: z.number().int(),
    client: z.number().int().positive().optional(),
    typeOfWork: z.number().int().positive().optional(),
    /** The one grouping of durations the screen shows (each costs a sort of the period's orders); both when absent. */
    durationsBy: DurationGroupSchema.optional(),
  })
  .refine((request) => request.to > request.from && request.to - request.from <= INSIGHTS_MAX_WEEKS * WEEK_MS, {
    message: `The period must end after it starts and last at most ${INSIGHTS_MAX_WEEKS} weeks`,
    path: ['to'],
  });
export type InsightsRequest = z.infer<typeof InsightsRequestSchema>;

const Count = z.number().int().nonnegative();
const Seconds = z.number().nonnegative();
const Money = z.number();

/** Orders of one week (its first moment) in one current status. */
const StatusWeekSchema = z.strictObject({ weekStart: z.number().int(), statusId: z.number().int().nullable(), count: Count });

/** Median and 90th percentile (nearest rank) of one group's durations. */
const DurationRowSchema = z.strictObject({
  id: z.number().int().nullable(),
  name: z.string().nullable(),
  count: Count,
  medianSeconds: Seconds,
  p90Seconds: Seconds,
});
export type DurationRow = z.infer<typeof DurationRowSchema>;

/** A grouping the request left out (`durationsBy`) is an empty list. */
const DurationsSchema = z.strictObject({ byTypeOfWork: z.array(DurationRowSchema), byClient: z.array(DurationRowSchema) });

const ProblemTypeRowSchema = z.strictObject({ typeId: z.number().int().nullable(), name: z.string().nullable(), open: Count, resolved: Count });

const PayClientRowSchema = z.strictObject({ clientId: z.number().int().nullable(), name: z.string().nullable(), orders: Count, amount: Money });
const PayWeekRowSchema = z.strictObject({ weekStart: z.number().int(), orders: Count, amount: Money });

export const InsightsSchema = z.strictObject({
  from: z.number().int(),
  to: z.number().int(),
  /** The first moment of each week of the period, in order. */
  weeks: z.array(z.number().int()),
  /** Orders in the period (with a service date in it). */
  orders: Count,
  /** Cached orders with no service date at all (bare drafts): no period holds them. */
  unscheduled: Count,
  /** The earliest service date of any cached order, whatever the period and filters: where the data starts. */
  firstScheduled: z.number().int().nullable(),
  statusByWeek: z.array(StatusWeekSchema),
  /** Orders in the period whose milestones are cached (they come with an order's full answer). */
  withMilestones: Count,
  /** Published (or created, when never published) to assigned. */
  timeToDispatch: DurationsSchema,
  /** Assigned to work done. */
  timeToWorkDone: DurationsSchema,
  /**
   * Set when the durations were estimated from every Nth order (by id) of the period: a period with
   * more orders with milestones than main sorts in time (hundreds of thousands).
   */
  durationsSampledEvery: z.number().int().min(2).optional(),
  problems: z.array(ProblemTypeRowSchema),
  /** Orders in the period with an open problem now (the cache's count, whose types may be unknown). */
  ordersWithOpenProblems: Count,
  delays: z.strictObject({
    /** Assigned, window passed, nobody checked in; or the marketplace says delayed (the "late" attention rule). */
    lateNow: Count,
    /** The "at risk" attention rule. */
    atRiskNow: Count,
    /** Work done after the service window's end. */
    workDoneLate: Count,
    /** Orders with work done and a window end: what `workDoneLate` is out of. */
    workDoneMeasured: Count,
  }),
  /** Labour committed by orders assigned, work done or approved. */
  pay: z.strictObject({ total: Money, orders: Count, byClient: z.array(PayClientRowSchema), byWeek: z.array(PayWeekRowSchema) }),
});
export type Insights = z.infer<typeof InsightsSchema>;

export const insightsChannels = {
  /** Computed from the cache only, so it answers offline. */
  'insights:get': { input: InsightsRequestSchema, output: InsightsSchema },
} as const;
