/**
 * The marketplace's field names as the job form calls them, for what the outbox and the conflict
 * inbox say ("Edit the title and client of #10004"; a refusal "About: Client").
 */

const FIELD_LABELS: Readonly<Record<string, string>> = {
  title: 'Title',
  description: 'Description',
  schedule: 'Schedule',
  service_window: 'Schedule',
  pay: 'Pay',
  location: 'Location',
  client: 'Client',
  project: 'Project',
  manager: 'Manager',
  types_of_work: 'Types of work',
  type_of_work: 'Type of work',
  custom_fields: 'Custom fields',
  contacts: 'Contacts',
  tasks: 'Tasks',
  eta: 'ETA',
  status: 'Status',
  status_description: 'Reason',
  amount: 'Amount',
  units: 'Units',
};

/** "Pay" for `pay.base.amount`, "Custom fields" for `custom_fields`: a field as a person names it. */
export function fieldLabel(field: string): string {
  const parts = field.split('.');
  const known = parts.map((part) => FIELD_LABELS[part]).find(Boolean);
  if (known) return known;
  const last = parts.at(-1) ?? field;
  return last.charAt(0).toUpperCase() + last.slice(1).replaceAll('_', ' ');
}

/** "title and client", "title, pay and schedule": the fields a change touches, in words. */
export function describeFields(fields: readonly string[]): string {
  // Lower case inside a sentence, an acronym (ETA) as it is.
  const words = [...new Set(fields.map((field) => fieldLabel(field)).map((label) => (label === label.toUpperCase() ? label : label.toLowerCase())))];
  if (words.length <= 1) return words[0] ?? 'nothing';
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
