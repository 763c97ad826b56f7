import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SavedLocationCreateBodySchema, SavedLocationListSchema, SavedLocationSchema, SavedLocationUpdateBodySchema } from '../../../src-shared/api/location';
import { LocationProviderSearchQuerySchema, LocationProvidersSchema } from '../../../src-shared/api/provider-search';
import type { MarketplaceContext } from '../context';
import { providersAroundLocation } from '../domain/provider-search';
import { LocationListQuery, createLocation, deleteLocation, listLocations, updateLocation } from '../domain/locations';
import { IdParam, route } from '../http/route';

const TAG = 'Saved locations';
const LocationParams = z.object({ location_id: IdParam });

/** Saved locations (spec, Saved locations; decisions §6). `locations/location-types` is with the reference data. */
export function registerLocationRoutes(app: FastifyInstance, context: MarketplaceContext): void {
  route(app, context.routes, {
    method: 'GET',
    url: '/locations',
    summary: 'List saved locations; f_search matches name, address, city and zip; paged (per_page at most 100)',
    tag: TAG,
    query: LocationListQuery,
    response: SavedLocationListSchema,
    handler: ({ auth, query }) => listLocations(context, auth.companyId, query),
  });

  route(app, context.routes, {
    method: 'GET',
    url: '/locations/:location_id/providers',
    summary: "The providers based within `radius` miles of a saved location, nearest first (the SDK's LocationProviders, paged; ours): each a User with coords.distance; f_type_of_work keeps those who do any of the ids",
    tag: TAG,
    params: LocationParams,
    query: LocationProviderSearchQuerySchema,
    response: LocationProvidersSchema,
    handler: ({ auth, params, query }) => providersAroundLocation(context, auth.companyId, params.location_id, query),
  });

  route(app, context.routes, {
    method: 'POST',
    url: '/locations',
    summary: 'Save a location',
    tag: TAG,
    body: SavedLocationCreateBodySchema,
    response: SavedLocationSchema,
    handler: ({ auth, body }) => createLocation(context, auth.companyId, body),
  });

  route(app, context.routes, {
    method: 'PUT',
    url: '/locations/:location_id',
    summary: 'Edit a saved location; only the fields sent change',
    tag: TAG,
    params: LocationParams,
    body: SavedLocationUpdateBodySchema,
    response: SavedLocationSchema,
    handler: ({ auth, params, body }) => updateLocation(context, auth.companyId, params.location_id, body),
  });

  route(app, context.routes, {
    method: 'DELETE',
    url: '/locations/:location_id',
    summary: 'Delete a saved location; answers it as it was',
    tag: TAG,
    params: LocationParams,
    response: SavedLocationSchema,
    handler: ({ auth, params }) => deleteLocation(context, auth.companyId, params.location_id),
  });
}
