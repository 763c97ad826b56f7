import { z } from 'zod';
import { AttentionReasonSchema } from '../domain/attention';

// The dispatch board's read channel: who works when over a period, and what still needs a
// provider. Answered from the cache alone, so the board works offline. Slim rows, not whole
// orders: a week of 5,000 orders over 300 providers must open in well under 300 ms.

const IdSchema = z.number().int();
/** Epoch milliseconds. */
const InstantSchema = z.number().int();

/** The period shown and the list's own filters (the tray is filtered like the list). */
export const DispatchBoardRequestSchema = z
  .strictObject({
    from: InstantSchema,
    to: InstantSchema,
    search: z.string().max(200).optional(),
    client: z.number().int().positive().optional(),
    typeOfWork: z.number().int().positive().optional(),
  })
  .refine((request) => request.to > request.from && request.to - request.from <= 31 * 24 * 3_600_000, {
    message: 'The period must end after it starts and span at most 31 days',
    path: ['to'],
  });
export type DispatchBoardRequest = z.infer<typeof DispatchBoardRequestSchema>;

/** Why a provider has a row: assigned in the period, a member of one of the company's pools, or worked with before. */
export const BoardProviderSourceSchema = z.enum(['assigned', 'pool', 'worked-with']);
export type BoardProviderSource = z.infer<typeof BoardProviderSourceSchema>;

export const BoardProviderSchema = z.object({
  id: IdSchema,
  name: z.string(),
  /** The strongest reason it is on the board (assigned over pool over worked-with). */
  source: BoardProviderSourceSchema,
  /** Average rating when the cache knows it (pool members' profiles), else null. */
  rating: z.number().nullable(),
  /** Orders of this company it has done (Work done, Approved, Paid) in the cache. */
  ordersDone: z.number().int().nonnegative(),
  /** Time booked on the marketplace in the period that is not one of this company's orders (the blocks), by start. */
  busy: z.array(z.object({ start: InstantSchema, end: InstantSchema })),
  /** When that schedule was last checked (`dispatch:check-schedules`); null: never, so nothing is known of it. */
  scheduleCheckedAt: InstantSchema.nullable(),
  /** The home base's latitude and longitude as that check (or a search) answered it; null when not known. */
  home: z.tuple([z.number(), z.number()]).nullable(),
});
export type BoardProvider = z.infer<typeof BoardProviderSchema>;

/** What the board draws for one order: its window, where, and the marks it carries in the list. */
export const BoardOrderSchema = z.object({
  id: IdSchema,
  title: z.string(),
  statusId: z.number().int(),
  /** "Assigned", "Published", with its sub-status when there is one ("Assigned: Confirmed"). */
  statusName: z.string(),
  /** `exact`, `between` or `hours`: each is drawn as what it is. */
  mode: z.enum(['exact', 'between', 'hours']),
  /** The service window's start, and its end (for `exact`, the end of the time on site: src-shared/domain/time-on-site.ts). */
  start: InstantSchema,
  end: InstantSchema,
  /** The site's IANA zone, for site-local times; null when the order has no location. */
  timeZone: z.string().nullable(),
  /** "Phoenix, AZ". */
  place: z.string().nullable(),
  client: z.string().nullable(),
  /** Why it needs attention (late, at risk, unconfirmed…), as the list marks it. */
  attention: z.array(AttentionReasonSchema),
  /** A change of it waits in the outbox / was refused. */
  pending: z.boolean(),
  refused: z.boolean(),
});
export type BoardOrder = z.infer<typeof BoardOrderSchema>;

export const BoardBlockSchema = BoardOrderSchema.extend({ providerId: IdSchema });
export type BoardBlock = z.infer<typeof BoardBlockSchema>;

/** An order that still needs a provider: published or routed, with who asked and who it is routed to. */
export const TrayOrderSchema = BoardOrderSchema.extend({
  /** The site's latitude and longitude, for the distance from each provider's home base; null when not known. */
  site: z.tuple([z.number(), z.number()]).nullable(),
  /** Open requests and counter-offers (counter-offers counted apart). */
  requests: z.number().int().nonnegative(),
  counterOffers: z.number().int().nonnegative(),
  /** Provider ids it is routed to. */
  routedTo: z.array(IdSchema),
  /** Provider ids who requested it (requests and counter-offers), shown first when dropping. */
  requestedBy: z.array(IdSchema),
});
export type TrayOrder = z.infer<typeof TrayOrderSchema>;

export const DispatchBoardSchema = z.object({
  from: InstantSchema,
  to: InstantSchema,
  /** Assigned first (by name), then pool members, then those worked with before. */
  providers: z.array(BoardProviderSchema),
  /** Assigned orders (Assigned, Work done) whose window meets the period, by start. */
  blocks: z.array(BoardBlockSchema),
  /** Published and routed orders, filtered like the list, by start; every one, not only the period's. */
  tray: z.array(TrayOrderSchema),
});
export type DispatchBoard = z.infer<typeof DispatchBoardSchema>;

/** Providers whose marketplace schedule the board wants current: the rows in view. */
export const ScheduleCheckRequestSchema = z.strictObject({ providerIds: z.array(z.number().int().positive()).max(300) });
export type ScheduleCheckRequest = z.infer<typeof ScheduleCheckRequestSchema>;

/** Checked: fetched and stored now; failed: due but not fetched (offline, signed out), tried again on a later check. */
export const ScheduleCheckSchema = z.object({ checked: z.number().int().nonnegative(), failed: z.number().int().nonnegative() });
export type ScheduleCheck = z.infer<typeof ScheduleCheckSchema>;

export const dispatchChannels = {
  'dispatch:board': { input: DispatchBoardRequestSchema, output: DispatchBoardSchema },
  /** Fetches the schedules (`users/{user}`) not checked in the last 10 minutes; answers when stored. */
  'dispatch:check-schedules': { input: ScheduleCheckRequestSchema, output: ScheduleCheckSchema },
} as const;
