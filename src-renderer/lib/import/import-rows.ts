import { COUNTRY_CODES, TYPES_OF_WORK } from '../../../src-shared/api/reference-data';
import { WorkOrderCreateBodySchema, type WorkOrderCreateBody } from '../../../src-shared/api/work-order-requests';
import { fieldOfPath, JOB_FIELDS, type JobField } from '../job/job-fields';
import { emptyValues, rowKey, siteZoneOf, type JobValues, type SavedLocationChoice } from '../job/job-values';
import { bodyFromValues } from '../job/job-body';
import { issueMessage } from '../form-issues';
import { siteToUtc } from '../site-time';
import { IMPORT_FIELDS, normaliseHeading, type ColumnMatch, type ImportField } from './import-fields';
import { looksLikeFormula } from './import-formulas';
import { checkDispatchable, NO, readDispatch, readServiceTypes, YES, type ImportDispatch } from './import-dispatch';
import { NameIndex } from './import-names';
import { siteDateTime } from './import-values';

/**
 * A row of an imported file becomes the job form's values, then the body the form would send; the
 * shared create schema judges it, and its issues are said as the form says them. What the schema
 * cannot know (a type of work, client or saved location named by a name nobody has) is said here.
 */

export interface Named {
  id: number;
  name: string;
}

/** What names in a file are looked up in: the cache's lists. */
export interface ImportSources {
  typesOfWork?: readonly Named[];
  clients?: readonly Named[];
  projects?: readonly Named[];
  managers?: readonly Named[];
  savedLocations?: readonly SavedLocationChoice[];
  selectionRules?: readonly Named[];
}

export interface RowProblem {
  /** The field as the coordinator knows it ("Start", "Pay amount"). */
  field: string;
  message: string;
}

export interface ImportRow {
  /** The row's number in the file as a spreadsheet shows it (the headings are row 1). */
  row: number;
  title: string;
  typeOfWork: string;
  where: string;
  start: string;
  pay: string;
  /** The body to queue, when the schema takes it. */
  body?: WorkOrderCreateBody;
  /** With Auto-dispatch yes: the auto-dispatch to queue once the draft is made. */
  dispatch?: ImportDispatch;
  problems: RowProblem[];
  /** The fields whose cell looks like a spreadsheet formula (import-formulas.ts): taken as text, and shown. */
  formulas: string[];
}

const REGION_NAMES = (() => {
  const names = new Map<string, string>();
  const display = new Intl.DisplayNames(['en'], { type: 'region' });
  for (const code of COUNTRY_CODES) {
    names.set(normaliseHeading(code), code);
    const name = display.of(code);
    if (name) names.set(normaliseHeading(name), code);
  }
  for (const [alias, code] of [['usa', 'US'], ['unitedstatesofamerica', 'US'], ['uk', 'GB'], ['greatbritain', 'GB'], ['england', 'GB']] as const) names.set(alias, code);
  return names;
})();

const PAY_TYPES: Readonly<Record<string, JobValues['payType']>> = { fixed: 'fixed', flat: 'fixed', hourly: 'hourly', perhour: 'hourly', hour: 'hourly', blended: 'blended', device: 'device', perdevice: 'device' };

/** "$1,250.00" → "1250.00"; anything else stays as typed, for the schema to name. */
const money = (text: string) => (/^[\s$€£]*-?[\d,]*\.?\d+\s*$/.test(text) ? text.replace(/[\s$€£,]/g, '') : text);

/** Reads rows against one mapping and one set of lookups. */
export class RowReader {
  readonly #columns: readonly ColumnMatch[];
  readonly #types: NameIndex<Named>;
  readonly #clients: NameIndex<Named>;
  readonly #projects: NameIndex<Named>;
  readonly #managers: NameIndex<Named>;
  readonly #locations: NameIndex<SavedLocationChoice>;
  readonly #rules: NameIndex<Named>;

  constructor(columns: readonly ColumnMatch[], sources: ImportSources = {}) {
    this.#columns = columns.filter((column) => column.target !== 'ignore');
    this.#types = new NameIndex(sources.typesOfWork ?? TYPES_OF_WORK);
    this.#clients = new NameIndex(sources.clients ?? []);
    this.#projects = new NameIndex(sources.projects ?? []);
    this.#managers = new NameIndex(sources.managers ?? []);
    this.#locations = new NameIndex(sources.savedLocations ?? []);
    this.#rules = new NameIndex(sources.selectionRules ?? []);
  }

  /** The row's cells by field, trimmed; a field two columns fill takes the first that is not empty. */
  cells(cells: readonly string[]): Partial<Record<ImportField, string>> {
    return this.#taken(cells).byField;
  }

  /** The cells by field, and the fields whose cell (as written, before trimming) looks like a formula. */
  #taken(cells: readonly string[]): { byField: Partial<Record<ImportField, string>>; formulas: string[] } {
    const byField: Partial<Record<ImportField, string>> = {};
    const formulas: string[] = [];
    for (const column of this.#columns) {
      const written = String(cells[column.index] ?? '');
      const value = written.trim();
      const field = column.target as ImportField;
      if (value === '' || byField[field] !== undefined) continue;
      byField[field] = value;
      if (looksLikeFormula(written)) formulas.push(IMPORT_FIELDS[field].label);
    }
    return { byField, formulas };
  }

  read(cells: readonly string[], row: number): ImportRow {
    const { byField: cell, formulas } = this.#taken(cells);
    const problems: RowProblem[] = [];
    const own = new Set<string>();
    const problem = (field: ImportField, message: string) => {
      problems.push({ field: IMPORT_FIELDS[field].label, message });
      own.add(field);
    };
    const values = emptyValues();
    values.title = cell.title ?? '';
    values.description = cell.description ?? '';
    values.confidential = cell.confidential ?? '';
    values.incidentId = cell.incidentId ?? '';

    if (cell.typeOfWork) {
      const names = cell.typeOfWork.split(/\s*[;|]\s*/).filter(Boolean);
      for (const name of names) {
        const type = this.#types.find(name);
        if (type) values.typeOfWorkIds.push(type.id);
        else problem('typeOfWork', `No type of work is called “${name}”`);
      }
    }
    this.#person(cell.client, this.#clients, 'client', (id) => (values.clientId = id), problem);
    this.#person(cell.project, this.#projects, 'project', (id) => (values.projectId = id), problem);
    this.#person(cell.manager, this.#managers, 'manager', (id) => (values.managerId = id), problem);

    if (cell.location) {
      const saved = this.#locations.find(cell.location);
      if (saved) {
        values.locationMode = 'saved';
        values.savedLocation = saved;
      } else problem('location', `No saved location is called “${cell.location}”`);
    } else if (cell.address1 || cell.city || cell.state || cell.zip || cell.country) {
      values.locationMode = 'custom';
      values.address = { address1: cell.address1 ?? '', address2: cell.address2 ?? '', city: cell.city ?? '', state: (cell.state ?? '').toUpperCase(), zip: cell.zip ?? '', country: 'US' };
      if (cell.country) {
        const country = REGION_NAMES.get(normaliseHeading(cell.country));
        if (country) values.address.country = country;
        else problem('country', `“${cell.country}” is not a country the marketplace serves`);
      }
    }

    for (const field of ['start', 'end'] as const) {
      if (!cell[field]) continue;
      const local = siteDateTime(cell[field]);
      if (local === undefined) problem(field, `“${cell[field]}” is not a date and time (write 2026-12-01 09:00)`);
      else values[field] = local;
    }
    if (cell.start || values.start) values.scheduleMode = cell.end ? 'between' : 'exact';
    else if (cell.end) problem('start', 'An end needs a start');

    if (cell.payAmount !== undefined || cell.payType !== undefined) {
      const named = cell.payType === undefined ? undefined : PAY_TYPES[normaliseHeading(cell.payType)];
      if (cell.payType !== undefined && named === undefined) problem('payType', `“${cell.payType}” is not a pay type (fixed, hourly, blended or device)`);
      values.payType = named ?? (cell.payUnits ? 'hourly' : 'fixed');
      values.payAmount = money(cell.payAmount ?? '');
      values.payUnits = money(cell.payUnits ?? '');
    }

    if (cell.requireGps !== undefined) {
      const answer = cell.requireGps.toLowerCase();
      if (YES.has(answer)) values.requireGps = true;
      else if (!NO.has(answer)) problem('requireGps', `“${cell.requireGps}” is not yes or no`);
    }
    if (cell.tasks) values.tasks = cell.tasks.split(/\s*[;\n]\s*/).filter(Boolean).map((text) => ({ key: rowKey(), text }));
    if (cell.contactName || cell.contactPhone || cell.contactEmail) values.contacts = [{ key: rowKey(), name: cell.contactName ?? '', role: '', phone: cell.contactPhone ?? '', email: cell.contactEmail ?? '' }];

    readServiceTypes(cell, values, problem);
    const dispatch = readDispatch(cell, values, this.#rules, problem);

    const body = this.#body(values);
    if (dispatch && !own.has('autoDispatch')) checkDispatchable(body, problem);
    const checked = WorkOrderCreateBodySchema.safeParse(body);
    if (!checked.success) {
      const said = new Set<JobField | 'general'>();
      for (const issue of checked.error.issues) {
        const field = fieldOfPath(issue.path) ?? 'general';
        // A cell already named above, or a second issue of the same field, adds nothing.
        if (said.has(field) || own.has(ownFieldOf(field))) continue;
        said.add(field);
        problems.push({ field: field === 'general' ? 'Job' : labelOf(field), message: field === 'country' ? 'Choose a country' : issueMessage(issue) });
      }
    }
    return {
      row,
      title: values.title,
      typeOfWork: cell.typeOfWork ?? '',
      where: cell.location ?? [cell.city, cell.state].filter(Boolean).join(', '),
      start: cell.start ?? '',
      pay: cell.payAmount ?? '',
      ...(checked.success && problems.length === 0 ? { body: checked.data, ...(dispatch ? { dispatch } : {}) } : {}),
      problems,
      formulas,
    };
  }

  /** Times already converted, by zone and wall time: a file repeats its times, and the conversion is the costly part of a row. */
  readonly #utc = new Map<string, string>();

  /** The form's body; its schedule converted as the form converts it (scheduleOf), through the cache above. */
  #body(values: JobValues): Record<string, unknown> {
    const zone = siteZoneOf(values) ?? 'UTC';
    const body = bodyFromValues({ ...values, scheduleMode: 'none' }, zone);
    if (values.scheduleMode === 'none') return body;
    const utc = (local: string) => {
      const key = `${zone} ${local}`;
      let known = this.#utc.get(key);
      if (known === undefined) this.#utc.set(key, (known = siteToUtc(local, zone)));
      return known;
    };
    const start = { utc: utc(values.start) };
    body.schedule = { service_window: values.scheduleMode === 'exact' ? { mode: 'exact', start } : { mode: values.scheduleMode, start, end: { utc: utc(values.end) } } };
    return body;
  }

  #person(text: string | undefined, index: NameIndex<Named>, field: 'client' | 'project' | 'manager', set: (id: string) => void, problem: (field: ImportField, message: string) => void): void {
    if (!text) return;
    const found = index.find(text);
    if (found) set(String(found.id));
    else problem(field, `No ${field} is called “${text}”`);
  }
}

/** The import's field a form field's issue belongs to: the form's types of work are the import's type of work. */
const OWN_FIELDS: Partial<Record<JobField, ImportField>> = { typesOfWork: 'typeOfWork', serviceTypes: 'serviceType' };
const ownFieldOf = (field: JobField | 'general'): string => (field === 'general' ? field : (OWN_FIELDS[field] ?? field));

/** The job form's field as an import names it (the form's "Amount" is the import's "Pay amount"). */
function labelOf(field: JobField): string {
  const imported = ownFieldOf(field);
  return imported in IMPORT_FIELDS ? IMPORT_FIELDS[imported as ImportField].label : JOB_FIELDS[field];
}
