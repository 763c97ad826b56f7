import { z } from 'zod';
import { PageNumberSchema, integerField } from '../../../src-shared/api/form-fields';
import {
  LOCATION_TYPES,
  SavedLocationListQuerySchema,
  type SavedLocation,
  type SavedLocationCreateBody,
  type SavedLocationUpdateBody,
} from '../../../src-shared/api/location';
import { WORK_ORDER_LIST_DEFAULT_PER_PAGE, WORK_ORDER_LIST_MAX_PER_PAGE } from '../../../src-shared/api/work-order-list';
import type { MarketplaceContext } from '../context';
import { MarketplaceError, notFound } from '../http/errors';
import type { MarketplaceDatabase } from '../store/database';
import { locate, siteTimeZone } from './site-geography';

/** What the `locations` table keeps in `data`; `name` and the `search` text are columns. */
export interface LocationData {
  notes: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  location_type: number;
}

interface LocationRow {
  id: number;
  company_id: number;
  name: string;
  data: string;
}

/** A saved location made without a type is Commercial, the service's first type. */
const DEFAULT_LOCATION_TYPE = 1;


/** GET locations: `f_search` and paging as GET workorders pages (decisions §3: at most 100 a page). */
export const LocationListQuery = SavedLocationListQuerySchema.extend({
  page: PageNumberSchema.default(1),
  per_page: integerField(z.number().int().min(1).max(WORK_ORDER_LIST_MAX_PER_PAGE)).default(WORK_ORDER_LIST_DEFAULT_PER_PAGE),
});
export type LocationListQuery = z.output<typeof LocationListQuery>;

/** The text `f_search` matches: name, address, city and zip (decisions §6). */
function searchText(name: string, data: LocationData): string {
  return [name, data.address1, data.address2, data.city, data.zip].join(' ').toLowerCase();
}

function presentLocation(row: LocationRow): SavedLocation {
  const data = JSON.parse(row.data) as LocationData;
  const type = LOCATION_TYPES.find((candidate) => candidate.id === data.location_type);
  return {
    id: row.id,
    name: row.name,
    ...data,
    type: type ? { id: type.id, name: type.name } : null,
    // Placed on every read, never stored: an edited address moves at once (domain/site-geography.ts).
    geo: locate(data) ?? null,
    time_zone: { name: siteTimeZone(data) },
    active: true,
    // The StoredLocation model's ActionsEnum has `edit` only; DELETE locations/{id} works all the same.
    actions: ['edit'],
  };
}

/** Stores a saved location; the seed gives its own id, the API lets SQLite choose. */
export function insertLocation(db: MarketplaceDatabase, companyId: number, name: string, data: LocationData, id?: number): number {
  const result = db
    .prepare('INSERT INTO locations (id, company_id, name, search, data) VALUES (?, ?, ?, ?, ?)')
    .run(id ?? null, companyId, name, searchText(name, data), JSON.stringify(data));
  return Number(result.lastInsertRowid);
}

function findRow(context: MarketplaceContext, locationId: number): LocationRow | undefined {
  return context.db.prepare('SELECT id, company_id, name, data FROM locations WHERE id = ?').get(locationId) as LocationRow | undefined;
}

/** The row of a location the company may change: 404 unknown, 403 another company's (decisions §5). */
function ownedRow(context: MarketplaceContext, companyId: number, locationId: number): LocationRow {
  const row = findRow(context, locationId);
  if (!row) throw notFound(`Saved location ${locationId}`);
  if (row.company_id !== companyId) throw new MarketplaceError('FORBIDDEN', `Saved location ${locationId} belongs to another company`);
  return row;
}

/** A saved location of the company, or undefined (also for another company's). */
export function savedLocation(context: MarketplaceContext, companyId: number, locationId: number): SavedLocation | undefined {
  const row = findRow(context, locationId);
  return row && row.company_id === companyId ? presentLocation(row) : undefined;
}

/** A saved location of the company: 404 unknown, 403 another company's (decisions §5). */
export function ownedLocation(context: MarketplaceContext, companyId: number, locationId: number): SavedLocation {
  return presentLocation(ownedRow(context, companyId, locationId));
}

export function createLocation(context: MarketplaceContext, companyId: number, body: SavedLocationCreateBody): SavedLocation {
  const { name, ...fields } = body;
  const data: LocationData = { notes: '', address2: '', location_type: DEFAULT_LOCATION_TYPE, ...fields };
  const id = insertLocation(context.db, companyId, name, data);
  return presentLocation(ownedRow(context, companyId, id));
}

/** PUT locations/{id}: only the keys sent change. */
export function updateLocation(context: MarketplaceContext, companyId: number, locationId: number, body: SavedLocationUpdateBody): SavedLocation {
  const row = ownedRow(context, companyId, locationId);
  const { name = row.name, ...fields } = body;
  const data: LocationData = { ...(JSON.parse(row.data) as LocationData), ...fields };
  context.db.prepare('UPDATE locations SET name = ?, search = ?, data = ? WHERE id = ?').run(name, searchText(name, data), JSON.stringify(data), locationId);
  return presentLocation(ownedRow(context, companyId, locationId));
}

/** DELETE locations/{id}: answers the location as it was, so a client can show what went. */
export function deleteLocation(context: MarketplaceContext, companyId: number, locationId: number): SavedLocation {
  const row = ownedRow(context, companyId, locationId);
  context.db.prepare('DELETE FROM locations WHERE id = ?').run(locationId);
  return presentLocation(row);
}

/** `%`, `_` and the escape itself match literally in a search. */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** GET locations: every word of `f_search` must appear in the name, address, city or zip. */
export function listLocations(context: MarketplaceContext, companyId: number, query: LocationListQuery) {
  const terms = (query.f_search ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 10);
  const where = ['company_id = ?', ...terms.map(() => `search LIKE ? ESCAPE '\\'`)].join(' AND ');
  const parameters = [companyId, ...terms.map(likePattern)];
  const { total } = context.db.prepare(`SELECT COUNT(*) AS total FROM locations WHERE ${where}`).get(...parameters) as { total: number };
  const rows = context.db
    .prepare(`SELECT id, company_id, name, data FROM locations WHERE ${where} ORDER BY name COLLATE NOCASE, id LIMIT ? OFFSET ?`)
    .all(...parameters, query.per_page, (query.page - 1) * query.per_page) as LocationRow[];
  return {
    metadata: {
      total,
      page: query.page,
      pages: Math.max(1, Math.ceil(total / query.per_page)),
      per_page: query.per_page,
      columns: 'id,name,address1,city,state,zip,country,location_type',
    },
    results: rows.map(presentLocation),
    actions: ['add'],
  };
}
