import { z } from 'zod';
import { ActionsSchema, NamedReferenceSchema, flexibleList, partialUpdate } from './common';
import { PageNumberSchema, integerField } from './form-fields';
import { CoordsSchema, TimeZoneSchema } from './geo';
import { CountryCodeSchema } from './reference-data';

/** `location_type` ids of decisions §6. */
export const LOCATION_TYPES = [
  { id: 1, name: 'Commercial' },
  { id: 2, name: 'Residential' },
  { id: 3, name: 'Government' },
  { id: 4, name: 'Educational' },
  { id: 5, name: 'Other' },
] as const;
export type LocationTypeId = (typeof LOCATION_TYPES)[number]['id'];

export const LocationTypeSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
});
export type LocationType = z.infer<typeof LocationTypeSchema>;

/** Neither the spec nor our decisions fix the answer's shape, so both list forms are read. */
export const LocationTypesAnswerSchema = flexibleList(LocationTypeSchema);
export type LocationTypesAnswer = z.infer<typeof LocationTypesAnswerSchema>;

/** A location type id of LOCATION_TYPES; a form body's decimal text counts (decisions §5). */
export const LocationTypeIdSchema = integerField(
  z
    .number()
    .int()
    .refine((id) => LOCATION_TYPES.some((type) => type.id === id), 'Unknown location type'),
);

/** Address fields as answered, shared by saved locations, clients and work order locations. */
export const AddressShape = {
  address1: z.string().nullish(),
  address2: z.string().nullish(),
  city: z.string().nullish(),
  state: z.string().nullish(),
  zip: z.string().nullish(),
  country: z.string().nullish(),
};

const AddressInputShape = {
  address1: z.string().trim().min(1),
  address2: z.string().optional(),
  city: z.string().trim().min(1),
  state: z.string().trim().min(1),
  zip: z.string().trim().min(1),
  country: CountryCodeSchema,
};

export const SavedLocationSchema = z.looseObject({
  id: z.number().int(),
  name: z.string().nullish(),
  // The spec creates it with a notes string; the real service answers a list of notes.
  notes: z.union([z.string(), z.array(z.unknown())]).nullish(),
  ...AddressShape,
  location_type: z.number().int().nullish(),
  type: NamedReferenceSchema.nullish(),
  /** Where it is (the SDK's `StoredLocation.geo`); null where no point is known. */
  geo: CoordsSchema.nullish(),
  time_zone: TimeZoneSchema.nullish(),
  active: z.boolean().nullish(),
  actions: ActionsSchema.nullish(),
});
export type SavedLocation = z.infer<typeof SavedLocationSchema>;

/** Answer of GET locations; searched with `f_search` (name, address, city, zip). */
export const SavedLocationListSchema = flexibleList(SavedLocationSchema);
export type SavedLocationList = z.infer<typeof SavedLocationListSchema>;

export const SavedLocationListQuerySchema = z.object({
  f_search: z.string().optional(),
  /**
   * Paged like work order lists, at most 100 a page (decisions §3); a client reading them all pages
   * through. The bound is not imported from work-order-list: that module depends on this one.
   */
  page: PageNumberSchema.optional(),
  per_page: integerField(z.number().int().min(1).max(100)).optional(),
});
export type SavedLocationListQuery = z.infer<typeof SavedLocationListQuerySchema>;

const SavedLocationInputShape = {
  name: z.string().trim().min(1),
  notes: z.string().optional(),
  ...AddressInputShape,
  location_type: LocationTypeIdSchema.optional(),
};

/** Body of POST locations. */
export const SavedLocationCreateBodySchema = z.strictObject(SavedLocationInputShape);
export type SavedLocationCreateBody = z.infer<typeof SavedLocationCreateBodySchema>;

/** Body of PUT locations/{id}: only the keys sent change. */
export const SavedLocationUpdateBodySchema = partialUpdate(SavedLocationInputShape);
export type SavedLocationUpdateBody = z.infer<typeof SavedLocationUpdateBodySchema>;

/** A work order's `location` as answered. The real service also calls a saved one mode `location`. */
export const WorkOrderLocationSchema = z.looseObject({
  mode: z.string().nullish(),
  id: z.number().int().nullish(),
  ...AddressShape,
  saved_location: SavedLocationSchema.partial().nullish(),
  /** Where the site is (the SDK's `Location.coordinates`); null where no point is known. */
  coordinates: CoordsSchema.nullish(),
  time_zone: TimeZoneSchema.nullish(),
  type: NamedReferenceSchema.nullish(),
  correlation_id: z.string().nullish(),
  actions: ActionsSchema.nullish(),
});
export type WorkOrderLocation = z.infer<typeof WorkOrderLocationSchema>;

/** A work order's `location` as sent: an address of its own, or a saved location. */
export const WorkOrderLocationInputSchema = z.discriminatedUnion('mode', [
  z.strictObject({ mode: z.literal('custom'), ...AddressInputShape }),
  z.strictObject({ mode: z.literal('saved'), id: z.number().int().positive() }),
]);
export type WorkOrderLocationInput = z.infer<typeof WorkOrderLocationInputSchema>;
