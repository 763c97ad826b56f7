import { serviceTypesFor } from '../../../src-shared/api/reference-data';
import { textToHtml } from '../rich-text';
import { siteToUtc } from '../site-time';
import type { JobValues } from './job-values';

/*
 * The job form's values as the marketplace's shapes: a create body (the shared schema judges it),
 * and for an edit the keys that changed against the order as it was.
 */

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
    ['auto_dispatch', values.autoDispatch ? true : undefined],
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
  auto_dispatch: false,
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
