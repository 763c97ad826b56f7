import type { SavedLocation } from '../../../src-shared/api/location';
import type { PayType } from '../../../src-shared/api/pay';
import type { WorkOrder } from '../../../src-shared/api/work-order';
import { serviceTypesFor } from '../../../src-shared/api/reference-data';
import { timeZoneFor } from '../../../src-shared/domain/site-time-zone';
import { htmlToText, textToHtml } from '../../lib/rich-text';
import { siteToUtc, utcToSite } from '../../lib/site-time';

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
}

/** A saved location as the form holds it once chosen. */
export function savedLocationChoice(location: SavedLocation): SavedLocationChoice {
  return {
    id: location.id,
    name: location.name ?? `Location ${location.id}`,
    address: addressLine(location),
    state: location.state ?? '',
    country: location.country ?? '',
  };
}

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
  };
}

/** The zone the schedule is entered in: the site's, from its state or country, as the marketplace will work it out. */
export function zoneOfValues(values: Pick<JobValues, 'locationMode' | 'savedLocation' | 'address'>): string | undefined {
  if (values.locationMode === 'saved' && values.savedLocation) return timeZoneFor(values.savedLocation);
  if (values.locationMode === 'custom' && (values.address.state.trim() || values.address.country)) return timeZoneFor(values.address);
  return undefined;
}

/** A site the marketplace has placed: its location as the form holds it, and the zone it named. */
export interface KnownSite {
  values: JobValues;
  zone: string | undefined;
}

const locationKey = (values: JobValues) => JSON.stringify([values.locationMode, values.savedLocation?.id, values.address.state, values.address.country]);

/**
 * The zone a form's times are read in: the marketplace's own for a site it has placed (an order
 * being edited or copied) while the location stays that site, else worked out from the location.
 */
export function siteZoneOf(values: JobValues, site?: KnownSite): string | undefined {
  if (site?.zone && locationKey(values) === locationKey(site.values)) return site.zone;
  return zoneOfValues(values);
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
  return values;
}

/** Text typed into a number field: a number, or NaN for the schema to name (an empty amount is not zero). */
const amount = (raw: string): number => (raw.trim() === '' ? Number.NaN : Number(raw));
const optionalAmount = (raw: string): number | undefined => (raw.trim() === '' ? undefined : Number(raw));
const given = (raw: string) => raw.trim() !== '';
const idOf = (raw: string) => (given(raw) ? { id: Number(raw) } : undefined);

function payOf(values: JobValues): Record<string, unknown> | undefined {
  if (values.payType === 'none') return undefined;
  const units = values.payType === 'fixed' ? undefined : optionalAmount(values.payUnits);
  const base = { amount: amount(values.payAmount), ...(units === undefined ? {} : { units }) };
  if (values.payType !== 'blended') return { type: values.payType, base };
  const additionalUnits = optionalAmount(values.additionalUnits);
  const additional = given(values.additionalAmount) || additionalUnits !== undefined ? { amount: amount(values.additionalAmount), ...(additionalUnits === undefined ? {} : { units: additionalUnits }) } : undefined;
  return { type: 'blended', base, ...(additional ? { additional } : {}) };
}

function locationOf(values: JobValues): Record<string, unknown> | undefined {
  if (values.locationMode === 'saved') return values.savedLocation ? { mode: 'saved', id: values.savedLocation.id } : { mode: 'saved' };
  if (values.locationMode !== 'custom') return undefined;
  const { address2, ...required } = values.address;
  return { mode: 'custom', ...required, ...(given(address2) ? { address2 } : {}) };
}

function scheduleOf(values: JobValues, zone: string): Record<string, unknown> | undefined {
  if (values.scheduleMode === 'none') return undefined;
  const start = { utc: siteToUtc(values.start, zone) };
  if (values.scheduleMode === 'exact') return { service_window: { mode: 'exact', start } };
  return { service_window: { mode: values.scheduleMode, start, end: { utc: siteToUtc(values.end, zone) } } };
}

function listOf<Row>(rows: readonly Row[], keep: (row: Row) => boolean, shape: (row: Row) => Record<string, string>): Record<string, unknown> | undefined {
  const kept = rows.filter(keep);
  return kept.length > 0 ? { results: kept.map(shape) } : undefined;
}

const withoutEmpty = (record: Record<string, string>) => Object.fromEntries(Object.entries(record).filter(([, value]) => value.trim() !== ''));

/**
 * The body the form would send to create the order: only what was given. Invalid values stay in it
 * as typed (NaN, an empty time) so the shared schema names them on their fields.
 */
export function bodyFromValues(values: JobValues, zone: string): Record<string, unknown> {
  const allowedServiceTypes = new Set(values.typeOfWorkIds.flatMap((id) => serviceTypesFor(id).map((type) => type.id)));
  const serviceTypes = values.serviceTypeIds.filter((id) => allowedServiceTypes.has(id));
  const entries: [string, unknown][] = [
    ['title', values.title],
    ['description', given(values.description) ? { html: textToHtml(values.description) } : undefined],
    ['confidential', given(values.confidential) ? { html: textToHtml(values.confidential) } : undefined],
    ['types_of_work', values.typeOfWorkIds.length > 0 ? values.typeOfWorkIds.map((id, index) => ({ id, isPrimary: index === 0 })) : undefined],
    ['service_types_new', serviceTypes.length > 0 ? serviceTypes.map((id) => ({ id })) : undefined],
    ['location', locationOf(values)],
    ['schedule', scheduleOf(values, zone)],
    ['pay', payOf(values)],
    ['client', idOf(values.clientId)],
    ['project', idOf(values.projectId)],
    ['manager', idOf(values.managerId)],
    ['tasks', listOf(values.tasks, (task) => given(task.text), (task) => ({ description: task.text.trim() }))],
    ['contacts', listOf(values.contacts, (contact) => [contact.name, contact.role, contact.phone, contact.email].some(given), (contact) => withoutEmpty({ name: contact.name, role: contact.role, phone: contact.phone, email: contact.email }))],
    ['custom_fields', listOf(values.customFields, (field) => given(field.name) || given(field.value), (field) => ({ name: field.name.trim(), value: field.value }))],
    ['require_gps', values.requireGps ? true : undefined],
    ['incident_id', given(values.incidentId) ? values.incidentId.trim() : undefined],
  ];
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined));
}

/** What an update sends for a key the coordinator emptied; keys missing here cannot be taken off an order. */
const CLEARED: Record<string, unknown> = {
  description: { html: '' },
  confidential: { html: '' },
  service_types_new: [],
  tasks: { results: [] },
  contacts: { results: [] },
  custom_fields: { results: [] },
  require_gps: false,
  incident_id: '',
};

export interface BodyChanges {
  changes: Record<string, unknown>;
  /** Keys emptied that the marketplace cannot take off an order (a location, a schedule, pay, ...). */
  unremovable: string[];
}

/** Only the top-level keys whose value differs from the order as it was (decisions §2: PUT is partial). */
export function changedKeys(body: Record<string, unknown>, original: Record<string, unknown>): BodyChanges {
  const changes: Record<string, unknown> = {};
  const unremovable: string[] = [];
  for (const key of new Set([...Object.keys(original), ...Object.keys(body)])) {
    if (JSON.stringify(body[key]) === JSON.stringify(original[key])) continue;
    if (key in body) changes[key] = body[key];
    else if (key in CLEARED) changes[key] = CLEARED[key];
    else unremovable.push(key);
  }
  return { changes, unremovable };
}
