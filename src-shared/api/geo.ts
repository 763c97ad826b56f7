import { z } from 'zod';

/**
 * A point on the map (the SDK's `Coords`): a user's home base (`coords`), a work order location's
 * `coordinates`, a saved location's `geo`. `exact` is false for a place known by its postal code or
 * city only; `distance` is in miles from the point asked about, where there is one *(ours: the unit)*.
 */
export const CoordsSchema = z.looseObject({
  latitude: z.number().nullish(),
  longitude: z.number().nullish(),
  distance: z.number().nullish(),
  exact: z.boolean().nullish(),
  search: z.string().nullish(),
  success: z.boolean().nullish(),
});
export type Coords = z.infer<typeof CoordsSchema>;

/** The SDK's `TimeZone`: `name` is the IANA name; a location's may carry the name alone. */
export const TimeZoneSchema = z.looseObject({
  id: z.number().int().nullish(),
  name: z.string().nullish(),
  offset: z.number().nullish(),
});
export type TimeZone = z.infer<typeof TimeZoneSchema>;
