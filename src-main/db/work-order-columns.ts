import { WORK_ORDER_STATUSES } from '../../src-shared/api/status';
import { timeOnSite } from '../../src-shared/domain/time-on-site';
import type { WorkOrder } from '../../src-shared/api/work-order';
import { finite, text } from './column-values';

/** The columns of `work_orders` besides `pending`. */
export interface WorkOrderRow {
  id: number;
  title: string | null;
  status_id: number | null;
  status_name: string | null;
  status_rank: number | null;
  sub_status: string | null;
  schedule_start: number | null;
  schedule_end: number | null;
  /** The service window's mode as answered (`exact`, `between`, `hours`), for the dispatch board. */
  schedule_mode: string | null;
  /** The end of the time on site (src-shared/domain/time-on-site.ts), epoch ms; null without a schedule. */
  visit_end: number | null;
  /** The zone the marketplace names for the site, unchecked; null when it names none. */
  site_zone: string | null;
  provider_id: number | null;
  /** The site's coordinates as answered (`location.coordinates`), both or neither; null when not known. */
  latitude: number | null;
  longitude: number | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
  client_id: number | null;
  client_name: string | null;
  project_id: number | null;
  manager_id: number | null;
  type_of_work_id: number | null;
  /** The saved location the order uses (negative while the location waits in the outbox); null for an address of its own. */
  saved_location_id: number | null;
  pay_amount: number | null;
  open_problems: number;
  updated_at: number;
  cached_at: number;
}

/** The columns of `work_orders_search`, plain text. */
export interface WorkOrderSearchRow {
  id: number;
  title: string;
  description: string;
  location: string;
  client: string;
  ids: string;
  /** The labels of the applied tags. */
  tags: string;
}

/** The service's only UTC form, `YYYY-MM-DD HH:MM:SS`, as epoch ms; anything else is unknown. */
export function utcToEpochMs(utc: string | null | undefined): number | null {
  if (!utc || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(utc)) return null;
  const epochMs = Date.parse(`${utc.replace(' ', 'T')}Z`);
  return Number.isNaN(epochMs) ? null : epochMs;
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Text of the description's HTML, for the index only: markup must not match a search for `strong`. */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity: string, name: string) => {
      if (name.startsWith('#')) {
        const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}


/** The primary type of work, else the first; the older `type_of_work` when the list is absent. */
function typeOfWorkId(order: WorkOrder): number | null {
  const types = Array.isArray(order.types_of_work) ? order.types_of_work : [];
  const primary = types.find((type) => type?.isPrimary === true) ?? types[0];
  return finite(primary?.id) ?? finite(order.type_of_work?.id);
}

function openProblems(order: WorkOrder): number {
  const problems = Array.isArray(order.problems?.results) ? order.problems.results : [];
  return problems.filter((problem) => problem.resolved !== true && problem.resolution?.status !== 'resolved').length;
}

/**
 * When the service last changed the order, if the answer says so (it is not in the contract, so
 * read loosely); else when it was received, which is when the cache learnt of the change.
 */
function updatedAt(order: WorkOrder, receivedAt: number): number {
  const updated = (order as Record<string, unknown>).updated;
  if (typeof updated === 'number' && Number.isFinite(updated)) return updated;
  if (typeof updated === 'string') return utcToEpochMs(updated) ?? receivedAt;
  if (updated && typeof updated === 'object') return utcToEpochMs(text((updated as { utc?: unknown }).utc)) ?? receivedAt;
  return receivedAt;
}

/**
 * The saved location an order uses: the answer's `saved_location.id`, else the location's own id
 * when its mode says saved (the real service also says `location`). An order the outbox wrote
 * before the answer carries only `{mode: 'saved', id}`. Migration 0008 reads the documents the same way.
 */
export function savedLocationId(location: WorkOrder['location']): number | null {
  const saved = finite(location?.saved_location?.id);
  if (saved !== null) return saved;
  return location?.mode === 'saved' || location?.mode === 'location' ? finite(location.id) : null;
}

/** The assignee's user id; `assignee` has no shape in the contract, so it is read loosely. */
function providerId(order: WorkOrder): number | null {
  const assignee = order.assignee as { user?: { id?: unknown } } | null | undefined;
  return finite(assignee?.user?.id);
}

const statusRank = (statusId: number | null): number | null => {
  if (statusId === null) return null;
  const rank = WORK_ORDER_STATUSES.findIndex((status) => status.id === statusId);
  // A status the contract does not know sorts after the known ones.
  return rank === -1 ? WORK_ORDER_STATUSES.length : rank;
};

function visitEnd(order: WorkOrder): number | null {
  const span = timeOnSite(order);
  return span ? Math.round(span.end) : null;
}

/** The zone named on the schedule, else on the location, read as `namedZoneOf` (moments.ts) reads it. */
function namedZone(order: WorkOrder): string | null {
  const named = (value: unknown) => (value as { time_zone?: { name?: unknown } } | null | undefined)?.time_zone?.name;
  const name = named(order.schedule) ?? named(order.location);
  return typeof name === 'string' ? name : null;
}

/** The site's point, both numbers in range or neither, as migration 0015 reads a stored order. */
function siteCoordinates(location: WorkOrder['location']): { latitude: number | null; longitude: number | null } {
  const coordinates = (location as { coordinates?: { latitude?: unknown; longitude?: unknown } | null } | null | undefined)?.coordinates;
  const latitude = finite(coordinates?.latitude);
  const longitude = finite(coordinates?.longitude);
  if (latitude === null || longitude === null || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return { latitude: null, longitude: null };
  return { latitude, longitude };
}

/** The indexed columns of an order, each null when the tolerant answer leaves it out. */
export function workOrderRow(order: WorkOrder, receivedAt: number, cachedAt: number): WorkOrderRow {
  const statusId = finite(order.status?.id);
  const location = order.location;
  return {
    id: order.id,
    title: text(order.title),
    status_id: statusId,
    status_name: text(order.status?.name),
    status_rank: statusRank(statusId),
    sub_status: text(order.status?.sub_status),
    schedule_start: utcToEpochMs(order.schedule?.service_window?.start?.utc),
    schedule_end: utcToEpochMs(order.schedule?.service_window?.end?.utc),
    schedule_mode: typeof order.schedule?.service_window?.mode === 'string' ? order.schedule.service_window.mode : null,
    // Rounded: the paid hours may be a fraction, and instants are whole milliseconds.
    visit_end: visitEnd(order),
    site_zone: namedZone(order),
    provider_id: providerId(order),
    ...siteCoordinates(location),
    city: text(location?.city),
    state: text(location?.state),
    zip: text(location?.zip),
    country: text(location?.country),
    client_id: finite(order.client?.id),
    client_name: text(order.client?.name),
    project_id: finite(order.project?.id),
    manager_id: finite(order.manager?.id),
    type_of_work_id: typeOfWorkId(order),
    saved_location_id: savedLocationId(location),
    pay_amount: finite(order.pay?.base?.amount),
    open_problems: openProblems(order),
    updated_at: updatedAt(order, receivedAt),
    cached_at: cachedAt,
  };
}

/** The applied tags of an order, each id once; `tags` has no guaranteed shape, so it is read loosely. */
export function appliedTags(order: WorkOrder): { id: number; label: string }[] {
  const results = Array.isArray(order.tags?.results) ? order.tags.results : [];
  const seen = new Set<number>();
  return results.flatMap((tag) => {
    const id = finite(tag?.id);
    if (id === null || seen.has(id)) return [];
    seen.add(id);
    return [{ id, label: text(tag.label) ?? '' }];
  });
}

/** What search matches: title, description text, address, client name, the id and integration id, tag labels. */
export function workOrderSearchRow(order: WorkOrder): WorkOrderSearchRow {
  const location = order.location;
  const integrationId = order.integration?.id;
  return {
    id: order.id,
    title: text(order.title) ?? '',
    description: htmlToText(order.description?.html),
    location: [location?.address1, location?.address2, location?.city, location?.state, location?.zip].map(text).filter(Boolean).join(' '),
    client: text(order.client?.name) ?? '',
    ids: [String(order.id), integrationId === null || integrationId === undefined ? '' : String(integrationId)].join(' ').trim(),
    tags: appliedTags(order)
      .map((tag) => tag.label)
      .filter(Boolean)
      .join(' '),
  };
}
