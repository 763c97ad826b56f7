import { z } from 'zod';
import { ActionsSchema, IdReferenceSchema, TimestampSchema, listEnvelope } from './common';
import { TimeZoneSchema } from './geo';
import { PaySchema } from './pay';

export const ProviderRequestEtaSchema = z.looseObject({
  mode: z.string().nullish(),
  start: TimestampSchema.nullish(),
  end: TimestampSchema.nullish(),
  hour_estimate: z.union([z.string(), z.number()]).nullish(),
});
export type ProviderRequestEta = z.infer<typeof ProviderRequestEtaSchema>;

/** The pay a provider asks for: the order's pay shape, without what only the order has. */
export const ProviderRequestPaySchema = PaySchema.pick({
  type: true,
  term: true,
  base: true,
  additional: true,
  labor_sum: true,
  max_pay: true,
});
export type ProviderRequestPay = z.infer<typeof ProviderRequestPaySchema>;

/** A provider's request for (or counter-offer on) a published work order. */
export const ProviderRequestSchema = z.looseObject({
  id: z.number().int(),
  schedule: z.looseObject({ eta: ProviderRequestEtaSchema.nullish() }).nullish(),
  counter: z.boolean().nullish(),
  counter_notes: z.string().nullish(),
  notes: z.string().nullish(),
  work_order: IdReferenceSchema.nullish(),
  user: IdReferenceSchema.nullish(),
  hour_estimate: z.number().nullish(),
  expires: TimestampSchema.nullish(),
  pay: ProviderRequestPaySchema.nullish(),
  active: z.boolean().nullish(),
  expired: z.boolean().nullish(),
  created: TimestampSchema.nullish(),
  arrival: TimestampSchema.nullish(),
  type: z.number().int().nullish(),
  expenses: z
    .looseObject({
      results: z.array(z.unknown()).nullish(),
      total: z.number().nullish(),
      pending: z.number().nullish(),
    })
    .nullish(),
  actions: ActionsSchema.nullish(),
});
export type ProviderRequest = z.infer<typeof ProviderRequestSchema>;

/** Answer of GET workorders/{id}/requests and of the pending-assignment providers list. */
export const ProviderRequestListSchema = listEnvelope(ProviderRequestSchema);
export type ProviderRequestList = z.infer<typeof ProviderRequestListSchema>;

export const StarRatingSchema = z.looseObject({
  total_ratings: z.number().int().nullish(),
  stars: z.number().nullish(),
});
export type StarRating = z.infer<typeof StarRatingSchema>;

export const ProviderCompanySchema = z.looseObject({
  technicians: z.number().int().nullish(),
  id: z.number().int().nullish(),
  name: z.string().nullish(),
  role: z.looseObject({ marketplace_manager: z.boolean().nullish() }).nullish(),
  service_company_verified: z.boolean().nullish(),
  vendors: z.array(z.unknown()).nullish(),
});
export type ProviderCompany = z.infer<typeof ProviderCompanySchema>;


/** Answer of route and unroute; GET users/{user} answers it with more (`user.ts`, decisions §6). */
export const ProviderProfileSchema = z.looseObject({
  id: z.number().int(),
  rating: z
    .looseObject({
      marketplace: StarRatingSchema.nullish(),
      my_company: StarRatingSchema.nullish(),
    })
    .nullish(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  w2: z.boolean().nullish(),
  cell: z.string().nullish(),
  thumbnail: z.string().nullish(),
  city: z.string().nullish(),
  state: z.string().nullish(),
  country: z.string().nullish(),
  correlation_id: z.string().nullish(),
  company: ProviderCompanySchema.nullish(),
  last_active: TimestampSchema.nullish(),
  created_date: TimestampSchema.nullish(),
  about: z.string().nullish(),
  time_zone: TimeZoneSchema.nullish(),
  background_checks: z.array(z.unknown()).nullish(),
  drug_tests: z.array(z.unknown()).nullish(),
  credit_check: z.boolean().nullish(),
  driving_records_check: z.boolean().nullish(),
  protec: z.boolean().nullish(),
  worker_compensation: z.boolean().nullish(),
  routable: z.boolean().nullish(),
  marketplace: z.boolean().nullish(),
});
export type ProviderProfile = z.infer<typeof ProviderProfileSchema>;

/** The only list of GET workorders/{id}/providers the spec shows: who requested and awaits an answer. */
export const PENDING_ASSIGNMENT_LIST = 'find_providers_pending_assignment';

/** Query of GET workorders/{id}/providers. */
export const PendingProvidersQuerySchema = z.object({
  list: z.literal(PENDING_ASSIGNMENT_LIST).optional(),
  view: z.string().optional(),
  sticky: z.string().optional(),
  default_view: z.string().optional(),
});

/**
 * A provider pending assignment: the profile, with the request that puts them on the list. The
 * spec does not show this answer, so the request is optional here; the local marketplace sends it.
 */
export const PendingProviderSchema = ProviderProfileSchema.extend({ request: ProviderRequestSchema.optional() });
export type PendingProvider = z.infer<typeof PendingProviderSchema>;
export const PendingProvidersSchema = listEnvelope(PendingProviderSchema);
