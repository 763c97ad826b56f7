import type { WorkOrder } from '../../src-shared/api/work-order';
import { epochOfUtc, formatMoment, siteZoneOf } from '../../src-shared/domain/moments';
import { docKey } from './documents';
import type { EnqueueContext } from './operation';

/**
 * The names of what an entry is about, read from the cache when it is queued, so the outbox speaks
 * the coordinator's language: "Assign #10007 to Grace Kim", "the new order “Rack install”", not
 * "provider 3012" or "#-21". Kept in the entry's context: a name known then stays known.
 */
export interface EntryNames {
  /** The order's title. */
  order?: string;
  /** The order's site's time zone, for times said in the site's time. */
  siteZone?: string;
  provider?: string;
  location?: string;
}

interface Named {
  providerId?: number;
}

/** Looks up the names an entry of `input` on `workOrderId` needs. */
export function lookUpNames(input: unknown, workOrderId: number | null, locationId: number | undefined, context: Pick<EnqueueContext, 'read' | 'providerName'>): EntryNames {
  const names: EntryNames = {};
  const order = workOrderId === null ? null : (context.read(docKey('workorder', workOrderId)) as WorkOrder | null);
  if (order?.title) names.order = order.title;
  if (order) names.siteZone = siteZoneOf(order);
  const providerId = (input as Named | null)?.providerId;
  const provider = typeof providerId === 'number' ? context.providerName(providerId) : undefined;
  if (provider) names.provider = provider;
  const location = locationId === undefined ? null : (context.read(docKey('location', locationId)) as { name?: string | null } | null);
  if (location?.name) names.location = location.name;
  return names;
}

export const namesOf = (context: Record<string, unknown>): EntryNames => (context.names ?? {}) as EntryNames;

/** "#10007", or "the new order “Rack install”" while it has no number of its own. */
export function orderLabel(id: number, context: Record<string, unknown>): string {
  if (id > 0) return `#${id}`;
  const title = namesOf(context).order;
  return title ? `the new order “${title}”` : 'a new order';
}

export const providerLabel = (id: number, context: Record<string, unknown>): string => namesOf(context).provider ?? `provider ${id}`;

export const locationLabel = (id: number, context: Record<string, unknown>): string => {
  const name = namesOf(context).location;
  return name ? `“${name}”` : id > 0 ? `location ${id}` : 'a new location';
};

/** A marketplace UTC time ("2030-02-01 14:00:00") in the site's time, its zone named: "Fri, Feb 1, 2030 08:00 CST". */
export function siteTime(utc: string, context: Record<string, unknown>): string {
  const epoch = epochOfUtc(utc);
  return epoch === undefined ? `${utc} UTC` : formatMoment(epoch, namesOf(context).siteZone ?? 'UTC');
}
