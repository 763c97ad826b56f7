import { z } from 'zod';
import { CachedWorkOrderIdSchema, WorkOrderListRequestSchema } from './work-order-list';

// The map's read channel: where the orders the list shows are, from the cache alone (offline too).
// Columns, not rows: ten thousand points answer in a few hundred kilobytes and parse at once.

/** The list's own filters and search (not its paging or sort): the map shows what the list would. */
export const MapOrdersRequestSchema = WorkOrderListRequestSchema.omit({ page: true, per_page: true, sort: true, order: true });
export type MapOrdersRequest = z.infer<typeof MapOrdersRequestSchema>;

export const MapOrdersSchema = z
  .object({
    /** One entry per order with a known site, the same index in each column. */
    ids: z.array(CachedWorkOrderIdSchema),
    latitudes: z.array(z.number()),
    longitudes: z.array(z.number()),
    statusIds: z.array(z.number().int()),
    /** Orders the filters match whose site has no known place: said beside the map, not drawn at 0°, 0°. */
    unplaced: z.number().int().nonnegative(),
  })
  .refine((answer) => [answer.latitudes, answer.longitudes, answer.statusIds].every((column) => column.length === answer.ids.length), { message: 'The columns must be as long as ids' });
export type MapOrders = z.infer<typeof MapOrdersSchema>;

/** Providers whose home base the cache knows (a schedule checked, a search or a look-up answered). */
export const MapProvidersSchema = z.array(z.object({ id: z.number().int(), name: z.string(), latitude: z.number(), longitude: z.number() }));
export type MapProviders = z.infer<typeof MapProvidersSchema>;

/** One tile of the online source, fetched by main: its type and bytes (base64). */
export const MapTileSchema = z.object({ mime: z.string().max(100), data: z.string() });
export type MapTile = z.infer<typeof MapTileSchema>;

export const mapChannels = {
  /** Refused with MAP_TILES_OFF while Settings has no tile source: then nothing is fetched. */
  'map:tile': { input: z.strictObject({ z: z.number().int().min(0).max(19), x: z.number().int().nonnegative(), y: z.number().int().nonnegative() }), output: MapTileSchema },
  'map:orders': { input: MapOrdersRequestSchema, output: MapOrdersSchema },
  'map:providers': { input: z.strictObject({}), output: MapProvidersSchema },
} as const;
