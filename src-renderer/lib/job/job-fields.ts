/** The job form's fields, by what the coordinator sees, and where each sits in the body the schema judges. */
export const JOB_FIELDS = {
  title: 'Title',
  description: 'Description',
  confidential: 'Confidential notes',
  typesOfWork: 'Types of work',
  serviceTypes: 'Service types',
  location: 'Location',
  address1: 'Address',
  address2: 'Address line 2',
  city: 'City',
  state: 'State or province',
  zip: 'ZIP or postal code',
  country: 'Country',
  start: 'Start',
  end: 'End',
  payType: 'Pay type',
  payAmount: 'Amount',
  payUnits: 'Units',
  additionalAmount: 'Additional rate',
  additionalUnits: 'Additional hours',
  client: 'Client',
  project: 'Project',
  manager: 'Manager',
  tasks: 'Tasks',
  contacts: 'Contacts',
  customFields: 'Custom fields',
  requireGps: 'Require GPS',
  incidentId: 'Incident id',
  autoDispatch: 'Auto-dispatch',
} as const;
export type JobField = keyof typeof JOB_FIELDS;

const TOP_LEVEL: Record<string, JobField> = {
  title: 'title',
  description: 'description',
  confidential: 'confidential',
  type_of_work: 'typesOfWork',
  types_of_work: 'typesOfWork',
  service_types: 'serviceTypes',
  service_types_new: 'serviceTypes',
  location: 'location',
  schedule: 'start',
  pay: 'payType',
  client: 'client',
  project: 'project',
  manager: 'manager',
  tasks: 'tasks',
  contacts: 'contacts',
  custom_fields: 'customFields',
  require_gps: 'requireGps',
  incident_id: 'incidentId',
  auto_dispatch: 'autoDispatch',
};

const ADDRESS_FIELDS = new Set<string>(['address1', 'address2', 'city', 'state', 'zip', 'country']);

/**
 * The field a path of the body names: `['pay', 'base', 'amount']` → payAmount. A path the marketplace
 * gives (`changes.pay.base.amount`, `order.title`) is read the same. Undefined when no field holds it.
 */
export function fieldOfPath(path: readonly PropertyKey[]): JobField | undefined {
  const keys = path.map(String);
  if (keys[0] === 'changes' || keys[0] === 'order') keys.shift();
  const [top, second, third] = keys;
  if (top === undefined) return undefined;
  if (top === 'location' && second !== undefined && ADDRESS_FIELDS.has(second)) return second as JobField;
  if (top === 'schedule') return keys.includes('end') ? 'end' : 'start';
  if (top === 'pay' && (second === 'base' || second === 'additional')) {
    const prefix = second === 'base' ? 'pay' : 'additional';
    return third === 'units' ? (`${prefix}Units` as JobField) : (`${prefix}Amount` as JobField);
  }
  return TOP_LEVEL[top];
}

/** The body's top-level key a field lives under, to tell when the coordinator has changed what was refused. */
export function bodyKeyOf(field: JobField): string {
  if (ADDRESS_FIELDS.has(field)) return 'location';
  if (field === 'start' || field === 'end') return 'schedule';
  if (field.startsWith('pay') || field.startsWith('additional')) return 'pay';
  if (field === 'typesOfWork') return 'types_of_work';
  if (field === 'serviceTypes') return 'service_types_new';
  return Object.entries(TOP_LEVEL).find(([, value]) => value === field)?.[0] ?? field;
}
