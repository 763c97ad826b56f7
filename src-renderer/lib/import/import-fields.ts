/**
 * The job form's fields a column of an imported file can fill, and how a column heading is matched
 * to one: by name, case, spaces and punctuation aside, with the words coordinators' sheets use.
 */

export const IMPORT_FIELDS = {
  title: { label: 'Title', names: ['title', 'job title', 'job', 'job name', 'name', 'work order', 'work order title', 'summary', 'subject'] },
  description: { label: 'Description', names: ['description', 'details', 'scope', 'scope of work', 'work description', 'instructions'] },
  confidential: { label: 'Confidential notes', names: ['confidential', 'confidential notes', 'internal notes', 'private notes'] },
  typeOfWork: { label: 'Type of work', names: ['type of work', 'types of work', 'work type', 'type', 'category', 'trade', 'skill'] },
  location: { label: 'Saved location', names: ['location', 'saved location', 'site', 'site name', 'store', 'location name'] },
  address1: { label: 'Address', names: ['address', 'address 1', 'address line 1', 'street', 'street address'] },
  address2: { label: 'Address line 2', names: ['address 2', 'address line 2', 'suite', 'unit', 'apt', 'apartment'] },
  city: { label: 'City', names: ['city', 'town'] },
  state: { label: 'State or province', names: ['state', 'province', 'state or province', 'state province', 'region'] },
  zip: { label: 'ZIP or postal code', names: ['zip', 'zip code', 'zipcode', 'postal code', 'postcode', 'postal', 'post code'] },
  country: { label: 'Country', names: ['country', 'country code'] },
  start: { label: 'Start', names: ['start', 'scheduled start', 'start date', 'start time', 'start date time', 'schedule', 'scheduled', 'date', 'when', 'service date', 'from'] },
  end: { label: 'End', names: ['end', 'scheduled end', 'end date', 'end time', 'end date time', 'until', 'to'] },
  payType: { label: 'Pay type', names: ['pay type', 'rate type', 'pay basis'] },
  payAmount: { label: 'Pay amount', names: ['pay', 'rate', 'amount', 'pay amount', 'pay rate', 'price', 'budget', 'hourly rate', 'fixed pay'] },
  payUnits: { label: 'Pay units (hours)', names: ['units', 'hours', 'pay units', 'max hours', 'quantity', 'devices'] },
  client: { label: 'Client', names: ['client', 'client name', 'customer', 'customer name', 'account'] },
  project: { label: 'Project', names: ['project', 'project name'] },
  manager: { label: 'Manager', names: ['manager', 'coordinator', 'owner', 'project manager'] },
  incidentId: { label: 'Incident id', names: ['incident id', 'incident', 'ticket', 'ticket number', 'ticket id', 'reference', 'ref', 'po', 'po number'] },
  requireGps: { label: 'Require GPS', names: ['require gps', 'gps', 'gps required'] },
  tasks: { label: 'Tasks', names: ['tasks', 'task', 'task list', 'checklist'] },
  contactName: { label: 'Contact name', names: ['contact', 'contact name', 'site contact'] },
  contactPhone: { label: 'Contact phone', names: ['phone', 'contact phone', 'telephone', 'phone number'] },
  contactEmail: { label: 'Contact email', names: ['email', 'contact email', 'e mail'] },
  serviceType: { label: 'Service type', names: ['service type', 'service types', 'service'] },
  // Auto-dispatch (import-dispatch.ts): yes or no; the rule by name or id (none: the best rated
  // for the type of work); route or assign the best match (assign when not said).
  autoDispatch: { label: 'Auto-dispatch', names: ['auto dispatch', 'autodispatch', 'dispatch automatically'] },
  selectionRule: { label: 'Selection rule', names: ['selection rule', 'dispatch rule', 'rule'] },
  dispatchMode: { label: 'Route or assign', names: ['route or assign', 'assign or route', 'dispatch mode', 'dispatch as'] },
} as const satisfies Record<string, { label: string; names: readonly string[] }>;

export type ImportField = keyof typeof IMPORT_FIELDS;
/** What a column fills: a field, or nothing. */
export type ColumnTarget = ImportField | 'ignore';

export const IMPORT_FIELD_KEYS = Object.keys(IMPORT_FIELDS) as ImportField[];

export const isColumnTarget = (value: string): value is ColumnTarget => value === 'ignore' || Object.hasOwn(IMPORT_FIELDS, value);

/** "Job Title:" and "job_title" are the same heading. */
export function normaliseHeading(heading: string): string {
  return heading
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

const BY_NAME = new Map<string, ImportField>(IMPORT_FIELD_KEYS.flatMap((field) => IMPORT_FIELDS[field].names.map((name) => [normaliseHeading(name), field] as const)));

export interface ColumnMatch {
  /** The column's place in the file (0-based). */
  index: number;
  heading: string;
  target: ColumnTarget;
}

/**
 * Each column's field: the one remembered for its heading, else the one its heading names. A field
 * is filled by one column: a later column naming a field already taken is ignored until the
 * coordinator says otherwise.
 */
export function matchColumns(headings: readonly string[], remembered: Readonly<Record<string, string>> = {}): ColumnMatch[] {
  const taken = new Set<ImportField>();
  return headings.map((heading, index) => {
    const key = normaliseHeading(heading);
    const saved = remembered[key];
    const wanted: ColumnTarget | undefined = saved !== undefined && isColumnTarget(saved) ? saved : BY_NAME.get(key);
    if (wanted === undefined || wanted === 'ignore' || taken.has(wanted)) return { index, heading, target: 'ignore' };
    taken.add(wanted);
    return { index, heading, target: wanted };
  });
}

/** The mapping to remember, by normalised heading, over what was remembered before. */
export function rememberedMapping(columns: readonly ColumnMatch[], before: Readonly<Record<string, string>> = {}): Record<string, string> {
  const next: Record<string, string> = { ...before };
  for (const column of columns) {
    const key = normaliseHeading(column.heading);
    if (key !== '') next[key] = column.target;
  }
  // The settings keep at most 500 headings: the newest win.
  const keys = Object.keys(next);
  return keys.length <= 500 ? next : Object.fromEntries(keys.slice(keys.length - 500).map((key) => [key, next[key] as string]));
}
