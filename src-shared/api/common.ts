import { z } from 'zod';

/** Path of the REST API below an environment's host; the version is part of it. */
export const REST_API_BASE_PATH = '/api/rest/v2';

/** Reference lists (types of work, tags, company expenses, preferred providers) come whole. */
export const REFERENCE_LIST_PER_PAGE = 5000;

/** `YYYY-MM-DD HH:MM:SS`, the only form the service uses for a UTC moment. */
export const UtcDateTimeSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'Expected a UTC time as YYYY-MM-DD HH:MM:SS');

export const LocalDateTimeSchema = z.looseObject({
  date: z.string().nullish(),
  time: z.string().nullish(),
});
export type LocalDateTime = z.infer<typeof LocalDateTimeSchema>;

/**
 * Every moment the service answers with. Both parts are optional because a
 * milestone that has not happened yet comes back empty rather than absent.
 */
export const TimestampSchema = z.looseObject({
  utc: z.string().nullish(),
  local: LocalDateTimeSchema.nullish(),
});
export type Timestamp = z.infer<typeof TimestampSchema>;

/** A moment we send: the service derives the local part from the service location. */
export const TimestampInputSchema = z.strictObject({ utc: UtcDateTimeSchema });
export type TimestampInput = z.infer<typeof TimestampInputSchema>;

export const IdReferenceSchema = z.looseObject({ id: z.number().int() });
export type IdReference = z.infer<typeof IdReferenceSchema>;

export const IdInputSchema = z.strictObject({ id: z.number().int().positive() });
export type IdInput = z.infer<typeof IdInputSchema>;

export const NamedReferenceSchema = z.looseObject({
  id: z.number().int(),
  name: z.string().nullish(),
});
export type NamedReference = z.infer<typeof NamedReferenceSchema>;

export const RichTextSchema = z.looseObject({
  html: z.string().nullish(),
  markdown: z.string().nullish(),
});
export type RichText = z.infer<typeof RichTextSchema>;

export const RichTextInputSchema = z.strictObject({ html: z.string() });
export type RichTextInput = z.infer<typeof RichTextInputSchema>;

/** Operations the service says the caller may perform, for example `edit` or `add`. */
export const ActionsSchema = z.array(z.string());

/** A person as embedded in other records (authors, reviewers, worker owners). */
export const UserSummarySchema = z.looseObject({
  id: z.number().int(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  email: z.string().nullish(),
  thumbnail: z.string().nullish(),
});
export type UserSummary = z.infer<typeof UserSummarySchema>;

export const SORT_ORDERS = ['asc', 'desc'] as const;
export const SortOrderSchema = z.enum(SORT_ORDERS);
export type SortOrder = z.infer<typeof SortOrderSchema>;

/**
 * A string the contract names known values for, read from the service. The real
 * service spells some values differently (for example `En Route`), so an unknown
 * value must not make a whole record unreadable; known values still autocomplete.
 */
export function knownString<const Values extends readonly string[]>(
  values: Values,
): z.ZodType<Values[number] | (string & {})> {
  return z.string().meta({ description: `Known values: ${values.join(', ')}` });
}

export const AvailableColumnItemSchema = z.looseObject({
  id: z.string(),
  label: z.string().nullish(),
  group: z.string().nullish(),
  order: z.number().int().nullish(),
  icon: z.string().nullish(),
  selected: z.boolean().nullish(),
  can_sort: z.boolean().nullish(),
  sort_dir: z.string().nullish(),
});
export type AvailableColumnItem = z.infer<typeof AvailableColumnItemSchema>;

export const AvailableColumnGroupSchema = z.looseObject({
  group: z.string(),
  items: z.array(AvailableColumnItemSchema),
});
export type AvailableColumnGroup = z.infer<typeof AvailableColumnGroupSchema>;

export const ListTimingSchema = z.looseObject({
  name: z.string(),
  /** Whole milliseconds (decisions §6; the reference models' `ListEnvelopeTimings.time: Integer`). */
  time: z.number().int(),
});
export type ListTiming = z.infer<typeof ListTimingSchema>;

/** Where a page sits in its list; the IPC's cached pages carry the same numbers. */
export const ListPagingShape = {
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  per_page: z.number().int(),
};

export const ListMetadataSchema = z.looseObject({
  ...ListPagingShape,
  columns: z.string().nullish(),
  view: z.string().nullish(),
  sort: z.string().nullish(),
  order: knownString(SORT_ORDERS).nullish(),
  list: z.string().nullish(),
  available_columns: z.array(AvailableColumnGroupSchema).nullish(),
  available_filters: z.unknown().optional(),
  timings: z.array(ListTimingSchema).nullish(),
});
export type ListMetadata = z.infer<typeof ListMetadataSchema>;

/** The envelope every list answer of the REST API is wrapped in. */
export function listEnvelope<Item extends z.ZodType>(item: Item) {
  return z.looseObject({
    metadata: ListMetadataSchema,
    results: z.array(item),
    actions: ActionsSchema.nullish(),
    params: z.array(z.unknown()).nullish(),
  });
}

/**
 * A list whose answer shape neither the spec nor our decisions pin down: accept a
 * bare array as well as an object with `results`, and read it with `listItems`.
 */
export function flexibleList<Item extends z.ZodType>(item: Item) {
  return z.union([z.array(item), z.looseObject({ results: z.array(item) })]);
}

export function listItems<Item>(answer: readonly Item[] | { readonly results: readonly Item[] }): readonly Item[] {
  return 'results' in answer ? answer.results : answer;
}

/** A PUT body: any subset of the writable fields, but never none. */
export function partialUpdate<Shape extends z.ZodRawShape>(shape: Shape) {
  return z
    .strictObject(shape)
    .partial()
    .refine((body) => Object.keys(body).length > 0, 'An update must change at least one field');
}
