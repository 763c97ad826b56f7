import { z } from 'zod';

// Placing an address offline (issue 26): the job form's site is given the zone it will have on the
// marketplace (by its point, where a zone splits a state) before the marketplace has seen it.

const Part = z.string().max(200).optional();

export const GeoLocateRequestSchema = z.strictObject({ address1: Part, city: Part, state: Part, zip: Part, country: Part });
export type GeoLocateRequest = z.infer<typeof GeoLocateRequestSchema>;

export const GeoPlaceSchema = z.object({
  /** Exact for a street the data knows, else a postal code's or city's centre; null when none is known. */
  point: z.object({ latitude: z.number(), longitude: z.number(), exact: z.boolean() }).nullable(),
  /** The site's IANA zone by the shared rule (src-shared/domain/site-time-zone.ts): at its point, else its state or country's. */
  timeZone: z.string(),
});
export type GeoPlace = z.infer<typeof GeoPlaceSchema>;

export const geoChannels = {
  'geo:locate': { input: GeoLocateRequestSchema, output: GeoPlaceSchema },
} as const;
