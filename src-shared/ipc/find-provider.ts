import { z } from 'zod';
import { PROVIDER_SEARCH_DEFAULT_RADIUS, PROVIDER_SEARCH_MAX_RADIUS } from '../api/provider-search';

// Finding a provider for an order (issue 26): nearby on the marketplace (kept, so the last search
// of an order answers offline), worked with before, in the company's pools, and those who asked
// for it, side by side; and one provider looked up by id.

const IdSchema = z.number().int().positive();

/** Where a candidate was found; one provider may be several. */
export const CandidateSourceSchema = z.enum(['nearby', 'requested', 'worked-with', 'pool', 'looked-up']);
export type CandidateSource = z.infer<typeof CandidateSourceSchema>;

export const ProviderCandidateSchema = z.object({
  id: IdSchema,
  name: z.string(),
  /** Miles from the site to the home base; null where either has no known place. */
  distance: z.number().nonnegative().nullable(),
  /** Stars, the company's own rating first, else the marketplace's; null when nobody rated. */
  rating: z.number().nullable(),
  /** Orders of this company the provider finished, as the cache counts them. */
  doneForYou: z.number().int().nonnegative(),
  /** Booked at the order's time by their marketplace schedule: true, false, or null when not known. */
  bookedThen: z.boolean().nullable(),
  /** Whether the marketplace lets the company route to them; null when not said. */
  routable: z.boolean().nullable(),
  sources: z.array(CandidateSourceSchema),
});
export type ProviderCandidate = z.infer<typeof ProviderCandidateSchema>;

export const FindProvidersRequestSchema = z.strictObject({
  workOrderId: IdSchema,
  radius: z.number().positive().max(PROVIDER_SEARCH_MAX_RADIUS).default(PROVIDER_SEARCH_DEFAULT_RADIUS),
});
export type FindProvidersRequest = z.input<typeof FindProvidersRequestSchema>;

export const FoundProvidersSchema = z.object({
  /** Nearest first; those with no distance after, by name. */
  candidates: z.array(ProviderCandidateSchema),
  /** When the nearby search was answered by the marketplace; null when it never was for this order. */
  searchedAt: z.number().int().nullable(),
  /** The radius of that search, in miles. */
  radius: z.number().nullable(),
  /** The marketplace could not be asked now (offline, or it refused): the nearby ones are as last found. */
  offline: z.boolean(),
  /** Why the nearby search found nothing to show, in words (no site, no place for it), when it says. */
  notice: z.string().nullable(),
});
export type FoundProviders = z.infer<typeof FoundProvidersSchema>;

export const findProviderChannels = {
  'providers:find': { input: FindProvidersRequestSchema, output: FoundProvidersSchema },
  /** `users/{user}` now (online only): one provider by id, as a candidate for the order. */
  'providers:lookup': { input: z.strictObject({ workOrderId: IdSchema, providerId: IdSchema }), output: ProviderCandidateSchema },
} as const;
