import { issueMessage } from '../../lib/form-issues';
import { COUNTRY_CODES } from '../../../src-shared/api/reference-data';
import { SavedLocationCreateBodySchema, type SavedLocation, type SavedLocationCreateBody, type SavedLocationUpdateBody } from '../../../src-shared/api/location';

export const FIELDS = ['name', 'address1', 'address2', 'city', 'state', 'zip', 'country', 'location_type', 'notes'] as const;
export type FieldName = (typeof FIELDS)[number];
type Values = Record<FieldName, string>;

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/**
 * A saved location's form: the values as typed, the shared schema's verdict on them, and what an
 * edit changes. The schema in src-shared is the only rule; its issues are mapped onto the fields.
 */
export class LocationForm {
  values = $state<Values>({ name: '', address1: '', address2: '', city: '', state: '', zip: '', country: 'US', location_type: '', notes: '' });
  /** Fields the coordinator has left (or everything after a first try to save): only those show errors. */
  touched = $state<Partial<Record<FieldName, true>>>({});
  /** The saved location as it was, for an edit; set once, in the constructor, before anything reads it. */
  #original: Values | undefined = undefined;

  constructor(location?: SavedLocation) {
    if (!location) return;
    for (const field of FIELDS) this.values[field] = text(location[field as keyof SavedLocation]);
    if (this.values.country === '') this.values.country = 'US';
    this.#original = { ...this.values };
  }

  /** The body as the marketplace takes it: empty optional fields left out. */
  body = $derived.by(() => {
    const { location_type, address2, notes, ...required } = this.values;
    return {
      ...required,
      ...(address2.trim() === '' ? {} : { address2 }),
      ...(notes.trim() === '' ? {} : { notes }),
      ...(location_type === '' ? {} : { location_type: Number(location_type) }),
    };
  });

  checked = $derived(SavedLocationCreateBodySchema.safeParse(this.body));

  errors = $derived.by(() => {
    const errors: Partial<Record<FieldName, string>> = {};
    if (this.checked.success) return errors;
    for (const issue of this.checked.error.issues) {
      const field = issue.path[0] as FieldName | undefined;
      if (field && !errors[field]) errors[field] = field === 'country' ? 'Choose a country' : issueMessage(issue);
    }
    return errors;
  });

  /** Only what an edit changed: `undefined` while nothing did. Cleared optional fields go as empty text. */
  changes = $derived.by((): SavedLocationUpdateBody | undefined => {
    if (!this.#original || !this.checked.success) return undefined;
    const body = this.checked.data as Record<string, unknown>;
    const changed: Record<string, unknown> = {};
    for (const field of FIELDS) {
      if (this.values[field] === this.#original[field]) continue;
      changed[field] = body[field] ?? (field === 'location_type' ? undefined : '');
    }
    return Object.keys(changed).length > 0 ? (changed as SavedLocationUpdateBody) : undefined;
  });

  dirty = $derived(this.#original ? FIELDS.some((field) => this.values[field] !== this.#original?.[field]) : FIELDS.some((field) => field !== 'country' && this.values[field] !== ''));

  touchAll(): void {
    this.touched = Object.fromEntries(FIELDS.map((field) => [field, true]));
  }

  valid(): SavedLocationCreateBody | undefined {
    return this.checked.success ? this.checked.data : undefined;
  }
}

export const COUNTRIES = COUNTRY_CODES;
