import type { SavedLocation } from '../../../src-shared/api/location';
import type { PayType } from '../../../src-shared/api/pay';
import type { WorkOrder } from '../../../src-shared/api/work-order';
import { pointOf, type GeoPoint } from '../../../src-shared/domain/geo-point';
import { timeZoneFor } from '../../../src-shared/domain/site-time-zone';
import { htmlToText } from '../rich-text';
import { utcToSite } from '../site-time';

/**
 * The job form's values as typed (text for numbers and times, so a half-typed value is kept as the
 * coordinator left it), and the two ways between them and the marketplace's shapes: an order (or a
 * body already sent) becomes values, values become a create body. The shared schema judges the body.
 */

export type LocationMode = 'none' | 'saved' | 'custom';
export type ScheduleMode = 'none' | 'exact' | 'between' | 'hours';

export interface SavedLocationChoice {
  id: number;
  name: string;
  /** One line: "1 Main St, Chicago, IL 60601". */
  address: string;
  state: string;
  country: string;
  /** Where the marketplace placed it (`geo`), so its zone is the site's even where a zone splits the state. */
  geo?: GeoPoint;
}

export interface AddressValues {
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

export interface TaskRow {
  key: string;
  text: string;
}
export interface ContactRow {
  key: string;
  name: string;
  role: string;
  phone: string;
  email: string;
}
export interface CustomFieldRow {
  key: string;
  name: string;
  value: string;
}

/**
 * How auto-dispatch picks, when the job is published with it: a selection rule ('' for none: the
 * best rated who does the type of work), and whether it routes to the best match instead of
 * assigning. The marketplace keeps neither on the order: they go with the auto-dispatch call.
 */
export interface DispatchValues {
  ruleId: string;
  route: boolean;
}

export interface JobValues {
  title: string;
  description: string;
  confidential: string;
  /** The first is the primary type of work. */
  typeOfWorkIds: number[];
  serviceTypeIds: number[];
  locationMode: LocationMode;
  savedLocation: SavedLocationChoice | null;
  address: AddressValues;
  scheduleMode: ScheduleMode;
  /** `YYYY-MM-DDTHH:MM` at the site, as a datetime-local input holds it. */
  start: string;
  end: string;
  payType: PayType | 'none';
  payAmount: string;
  payUnits: string;
  additionalAmount: string;
  additionalUnits: string;
  clientId: string;
  projectId: string;
  managerId: string;
  tasks: TaskRow[];
  contacts: ContactRow[];
  customFields: CustomFieldRow[];
  requireGps: boolean;
  incidentId: string;
  /** The order's `auto_dispatch`: the marketplace dispatches only orders that say so. */
  autoDispatch: boolean;
  dispatch: DispatchValues;
}

/** A saved location as the form holds it once chosen. */
export function savedLocationChoice(location: SavedLocation): SavedLocationChoice {
  return {
    id: location.id,
    name: location.name ?? `Location ${location.id}`,
    address: addressLine(location),
    state: location.state ?? '',
    country: location.country ?? '',
    ...geoOf(location.geo),
  };
}

const geoOf = (value: unknown): { geo?: GeoPoint } => {
  const geo = pointOf(value);
  return geo ? { geo } : {};
};

/** "1 Main St, Chicago, IL 60601". */
export function addressLine(address: { address1?: string | null; city?: string | null; state?: string | null; zip?: string | null }): string {
  return [address.address1, address.city, [address.state, address.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

let rowCounter = 0;
/** Keys for list rows the coordinator adds and removes; never sent. */
export const rowKey = (): string => `row-${++rowCounter}`;

export function emptyValues(): JobValues {
  return {
    title: '',
    description: '',
    confidential: '',
    typeOfWorkIds: [],
    serviceTypeIds: [],
    locationMode: 'none',
    savedLocation: null,
    address: { address1: '', address2: '', city: '', state: '', zip: '', country: 'US' },
    scheduleMode: 'none',
    start: '',
    end: '',
    payType: 'none',
    payAmount: '',
    payUnits: '',
    additionalAmount: '',
    additionalUnits: '',
    clientId: '',
    projectId: '',
    managerId: '',
    tasks: [],
    contacts: [],
    customFields: [],
    requireGps: false,
    incidentId: '',
    autoDispatch: false,
    dispatch: { ruleId: '', route: false },
  };
}

/**
 * The zone the schedule is entered in: the site's, by the rule the marketplace works it out with
 * (src-shared/domain/site-time-zone.ts): at a saved location's point, or at the point main placed a
 * typed address at (`placed`, from `geo:locate`, while the address is the one placed), else from the
 * state or country.
 */
export function zoneOfValues(values: Pick<JobValues, 'locationMode' | 'savedLocation' | 'address'>, placed?: PlacedAddress): string | undefined {
  if (values.locationMode === 'saved' && values.savedLocation) return timeZoneFor(values.savedLocation, values.savedLocation.geo);
  if (values.locationMode !== 'custom') return undefined;
  if (placed && placed.key === addressKeyOf(values.address)) return placed.zone;
  if (values.address.state.trim() || values.address.country) return timeZoneFor(values.address);
  return undefined;
}

/** A typed address as main placed it: which address (`addressKeyOf`), and the zone at its point. */
export interface PlacedAddress {
  key: string;
  zone: string;
}

/** What places a typed address: a change of any of these may move its point, so its zone. */
export const addressKeyOf = (address: AddressValues): string => JSON.stringify([address.address1.trim(), address.city.trim(), address.state.trim(), address.zip.trim(), address.country]);

/** A site the marketplace has placed: its location as the form holds it, and the zone it named. */
export interface KnownSite {
  values: JobValues;
  zone: string | undefined;
}

/** The site as far as the state-or-country rule sees it. */
const regionKey = (values: JobValues) => JSON.stringify([values.locationMode, values.savedLocation?.id, values.address.state.trim(), values.address.country]);

/**
 * The zone a form's times are read in: the marketplace's own for a site it has placed (an order
 * being edited or copied) while the location stays in that site's state, until main has placed a
 * changed address (`placed`: then the zone at its point, which may differ inside one state); else
 * worked out from the location.
 */
export function siteZoneOf(values: JobValues, site?: KnownSite, placed?: PlacedAddress): string | undefined {
  const placedZone = placed && values.locationMode === 'custom' && placed.key === addressKeyOf(values.address) ? placed.zone : undefined;
  if (site?.zone && regionKey(values) === regionKey(site.values)) {
    const unchanged = values.locationMode !== 'custom' || addressKeyOf(values.address) === addressKeyOf(site.values.address);
    if (unchanged || placedZone === undefined) return site.zone;
  }
  return zoneOfValues(values, placed);
}

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const idText = (value: unknown): string => {
  const id = (value as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'number' ? String(id) : '';
};

/** The entries of contacts, tasks or custom fields: a list, or `{results: [...]}` as the marketplace nests lists. */
function looseList(value: unknown): Record<string, unknown>[] {
  const list = Array.isArray(value) ? value : (value as { results?: unknown } | null | undefined)?.results;
  if (!Array.isArray(list)) return [];
  return list.map((item) => (typeof item === 'string' ? { description: item } : item && typeof item === 'object' ? (item as Record<string, unknown>) : {}));
}

const firstText = (record: Record<string, unknown>, keys: readonly string[]) => keys.map((key) => text(record[key])).find((value) => value !== '') ?? '';

/**
 * Values from an order as the cache holds it, or from a body the outbox holds (same shapes for
 * every key the form edits). The schedule is read at the site: the order's own zone when it names
 * one, else worked out from its location.
 */
export function valuesFromOrder(order: Partial<WorkOrder> & Record<string, unknown>, zone?: string): JobValues {
  const values = emptyValues();
  values.title = text(order.title);
  values.description = htmlToText(order.description?.html);
  values.confidential = htmlToText(order.confidential?.html);
  const types = [...(order.types_of_work ?? [])].sort((a, b) => Number(Boolean(b.isPrimary)) - Number(Boolean(a.isPrimary)));
  values.typeOfWorkIds = types.length > 0 ? types.map((type) => type.id) : typeof order.type_of_work?.id === 'number' ? [order.type_of_work.id] : [];
  values.serviceTypeIds = (order.service_types_new ?? order.service_types ?? []).map((type) => type.id);

  const location = order.location;
  const savedId = location?.saved_location?.id ?? (location?.mode === 'saved' || location?.mode === 'location' ? location.id : undefined);
  if (location && typeof savedId === 'number') {
    const name = location.saved_location?.name ?? `Saved location ${savedId}`;
    values.locationMode = 'saved';
    values.savedLocation = {
      id: savedId,
      name,
      address: addressLine(location),
      state: text(location.state),
      country: text(location.country),
      ...geoOf(location.saved_location?.geo ?? location.coordinates),
    };
  } else if (location) {
    values.locationMode = 'custom';
    values.address = { address1: text(location.address1), address2: text(location.address2), city: text(location.city), state: text(location.state), zip: text(location.zip), country: text(location.country) || 'US' };
  }

  const siteZone = zone ?? zoneOfValues(values) ?? 'UTC';
  const window = order.schedule?.service_window;
  if (window && (window.mode === 'exact' || window.mode === 'between' || window.mode === 'hours')) {
    values.scheduleMode = window.mode;
    values.start = utcToSite(window.start?.utc, siteZone);
    values.end = window.mode === 'exact' ? '' : utcToSite(window.end?.utc, siteZone);
  }

  const pay = order.pay;
  if (pay?.type === 'fixed' || pay?.type === 'hourly' || pay?.type === 'blended' || pay?.type === 'device') {
    values.payType = pay.type as PayType;
    values.payAmount = text(pay.base?.amount);
    values.payUnits = text(pay.base?.units);
    values.additionalAmount = text(pay.additional?.amount);
    values.additionalUnits = text(pay.additional?.units);
  }

  values.clientId = idText(order.client);
  values.projectId = idText(order.project);
  values.managerId = idText(order.manager);
  values.tasks = looseList(order.tasks).map((task) => ({ key: rowKey(), text: firstText(task, ['description', 'label', 'title', 'name']) }));
  values.contacts = looseList(order.contacts).map((contact) => ({ key: rowKey(), name: firstText(contact, ['name', 'label']), role: text(contact.role), phone: text(contact.phone), email: text(contact.email) }));
  values.customFields = looseList(order.custom_fields).map((field) => ({ key: rowKey(), name: firstText(field, ['name', 'label', 'title']), value: text(field.value) }));
  values.requireGps = order.require_gps === true;
  values.incidentId = text(order.incident_id);
  values.autoDispatch = order.auto_dispatch === true;
  return values;
}

/** Text typed into a number field: a number, or NaN for the schema to name (an empty amount is not zero). */
