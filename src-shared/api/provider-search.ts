import { z } from 'zod';
import { listEnvelope } from './common';
import { PageNumberSchema, integerField } from './form-fields';
import { PendingProvidersQuerySchema } from './provider';
import { UserSchema } from './user';

/*
 * Provider search around a site *(ours: the spec lists only the pending-requests form of
 * `workorders/{id}/providers`, and the SDK names `LocationProviders {location_id, results: User[]}`
 * for a saved location; decisions in src-main/local-marketplace/README.md, "Geography")*.
 */

/** Miles around the site a search reaches unless asked; at most PROVIDER_SEARCH_MAX_RADIUS. */
export const PROVIDER_SEARCH_DEFAULT_RADIUS = 50;
export const PROVIDER_SEARCH_MAX_RADIUS = 500;
export const PROVIDER_SEARCH_DEFAULT_PER_PAGE = 25;
export const PROVIDER_SEARCH_MAX_PER_PAGE = 100;

const NUMBER_TEXT = /^\d+(?:\.\d+)?$/;

/** Miles, a positive number that may arrive as decimal text. */
const RadiusSchema = z.preprocess(
  (value) => (typeof value === 'string' && NUMBER_TEXT.test(value.trim()) ? Number(value.trim()) : value),
  z.number().positive().max(PROVIDER_SEARCH_MAX_RADIUS),
);

const ID_LIST_TEXT = /^\s*\d{1,9}\s*(,\s*\d{1,9}\s*)*$/;

/**
 * Type of work ids, one (`4`) or several (`4,61`, or the key repeated): a provider who does any of
 * them matches. Split before the schema, not by a transform, so the OpenAPI document can show it.
 */
const TypeOfWorkFilterSchema = z.preprocess((value) => {
  const text = Array.isArray(value) ? value.join(',') : value;
  return typeof text === 'string' && ID_LIST_TEXT.test(text) ? [...new Set(text.split(',').map(Number))] : text;
}, z.array(z.number().int().positive()).min(1));

/** What the search takes besides paging, for a work order and a saved location alike. */
export const ProviderSearchShape = {
  /** Miles from the site to the provider's home base, great-circle. */
  radius: RadiusSchema.default(PROVIDER_SEARCH_DEFAULT_RADIUS),
  f_type_of_work: TypeOfWorkFilterSchema.optional(),
  page: PageNumberSchema.default(1),
  per_page: integerField(z.number().int().min(1).max(PROVIDER_SEARCH_MAX_PER_PAGE)).default(PROVIDER_SEARCH_DEFAULT_PER_PAGE),
};

/** GET locations/{location_id}/providers. */
export const LocationProviderSearchQuerySchema = z.object(ProviderSearchShape);
export type LocationProviderSearchQuery = z.output<typeof LocationProviderSearchQuerySchema>;

/**
 * GET workorders/{id}/providers: with `list=find_providers_pending_assignment` the spec's list of
 * requesters (the search's keys, checked all the same, are not used); without it, the search.
 */
export const WorkOrderProvidersQuerySchema = PendingProvidersQuerySchema.extend(ProviderSearchShape);
export type WorkOrderProvidersQuery = z.output<typeof WorkOrderProvidersQuerySchema>;

/** A provider found: the `User` of GET users/{user}, with `coords.distance` in miles from the site. */
export const NearbyProviderSchema = UserSchema;
export type NearbyProvider = z.infer<typeof NearbyProviderSchema>;

/** The search's page; `metadata` adds the `radius` searched and the site's point (`center`). */
export const NearbyProvidersSchema = listEnvelope(NearbyProviderSchema);
export type NearbyProviders = z.infer<typeof NearbyProvidersSchema>;

/** The SDK's `LocationProviders`, paged like the order's search. */
export const LocationProvidersSchema = NearbyProvidersSchema.extend({ location_id: z.number().int() });
export type LocationProviders = z.infer<typeof LocationProvidersSchema>;
