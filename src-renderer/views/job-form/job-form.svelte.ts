import { WorkOrderCreateBodySchema, type WorkOrderCreateBody } from '../../../src-shared/api/work-order-requests';
import type { PayInput } from '../../../src-shared/api/pay';
import { laborSum } from '../../../src-shared/domain/pay-total';
import { hasServiceType, missingForDispatch } from '../../../src-shared/domain/work-order-rules';
import { issueMessage } from '../../lib/form-issues';
import { afterPress } from './pointer-press';
import { bodyKeyOf, fieldOfPath, type JobField } from '../../lib/job/job-fields';
import { addressKeyOf, siteZoneOf, type JobValues, type KnownSite, type PlacedAddress } from '../../lib/job/job-values';
import { locate } from '../../services/geo';
import { bodyFromValues, changedKeys, type BodyChanges } from '../../lib/job/job-body';

/** The order being edited: its site, and its body as the form would send it, to send only what changed. */
export interface JobFormOriginal extends KnownSite {
  body: Record<string, unknown>;
}

export interface RefusalMarks {
  message: string;
  fields: string[];
}

/**
 * One job form: the values as typed, the shared schema's verdict mapped onto the fields, what
 * publishing still needs, the pay's total, and (for an edit) only the keys that changed.
 */
export class JobForm {
  values: JobValues = $state() as JobValues;
  /** Fields the coordinator has left, or all after a first try to save: only those show errors. */
  touched = $state<Partial<Record<JobField, true>>>({});
  readonly original: JobFormOriginal | undefined;
  readonly refusal: RefusalMarks | undefined;
  #initial = '';
  #refusedBody: Record<string, unknown> | undefined;

  /** The site the marketplace placed (the order edited or copied), whose zone holds while it is the job's. */
  #site: KnownSite | undefined = undefined;

  constructor(values: JobValues, options: { original?: JobFormOriginal; site?: KnownSite; refusal?: RefusalMarks } = {}) {
    this.values = values;
    this.original = options.original;
    this.#site = options.site ?? options.original;
    this.refusal = options.refusal;
    this.#initial = JSON.stringify(values);
    if (options.refusal) {
      this.#refusedBody = $state.snapshot(this.body);
      // What the marketplace refused shows at once, before the coordinator touches anything.
      for (const field of this.#refusedFields()) this.touched[field] = true;
    }
  }

  /** A typed address as main placed it (offline): its zone holds while the address is unchanged. */
  placed = $state.raw<PlacedAddress | undefined>();

  /** The site's zone the schedule is entered in; undefined while the form has no location to take it from. */
  zone = $derived(siteZoneOf(this.values, this.#site, this.placed));

  /** The typed address, as what places it: the form asks main again when it changes. */
  addressKey = $derived(this.values.locationMode === 'custom' ? addressKeyOf(this.values.address) : undefined);

  /** Asks main where the typed address is; an answer for an address since changed is dropped. */
  async placeAddress(): Promise<void> {
    const key = this.addressKey;
    if (key === undefined) return;
    const { address1, city, state, zip, country } = $state.snapshot(this.values.address);
    try {
      const place = await locate({ address1, city, state, zip, country });
      if (this.addressKey === key) this.placed = { key, zone: place.timeZone };
    } catch {
      // Main could not place it: the state's or country's zone stands, as before.
    }
  }

  body = $derived(bodyFromValues(this.values, this.zone ?? 'UTC'));
  checked = $derived(WorkOrderCreateBodySchema.safeParse(this.body));

  /** Each field's first problem by the shared schema, whether shown yet or not. */
  problems = $derived.by(() => {
    const problems: Partial<Record<JobField | 'general', string>> = {};
    if (this.checked.success) return problems;
    for (const issue of this.checked.error.issues) {
      const field = fieldOfPath(issue.path) ?? 'general';
      problems[field] ??= field === 'country' ? 'Choose a country' : field === 'location' && this.values.locationMode === 'saved' ? 'Choose a saved location' : issueMessage(issue);
    }
    return problems;
  });

  #refusedFields(): JobField[] {
    const fields = (this.refusal?.fields ?? []).map((path) => fieldOfPath(path.split('.'))).filter((field): field is JobField => field !== undefined);
    return fields.filter((field, index) => fields.indexOf(field) === index);
  }

  /** The fields the marketplace named in its refusal, while they still hold what it refused. */
  refused = $derived.by(() => {
    const refusedBody = this.#refusedBody;
    if (!refusedBody) return [];
    return this.#refusedFields().filter((field) => JSON.stringify(this.body[bodyKeyOf(field)]) === JSON.stringify(refusedBody[bodyKeyOf(field)]));
  });

  /** The message a field shows now: the schema's, once touched, else the marketplace's refusal. */
  error(field: JobField): string | undefined {
    const problem = this.touched[field] ? this.problems[field] : undefined;
    if (problem) return problem;
    return this.refused.includes(field) ? this.refusal?.message || 'The marketplace refused this value' : undefined;
  }

  /**
   * What publishing (or assigning) still needs (decisions §2), by the body's paths; none when it can
   * go. With auto-dispatch on, a service type too: the marketplace dispatches no order without one.
   */
  missing = $derived([
    ...missingForDispatch(this.body as Parameters<typeof missingForDispatch>[0]),
    ...(this.values.autoDispatch && !hasServiceType(this.body as Parameters<typeof hasServiceType>[0]) ? ['service_types'] : []),
  ]);

  /** Each of publishing's needs: given, and valid (a location with its city missing is not one yet). */
  publishNeeds = $derived(
    [...PUBLISH_NEEDS, ...(this.values.autoDispatch ? [DISPATCH_NEED] : [])].map((need) => ({
      ...need,
      met: !this.missing.includes(need.path) && need.fields.every((field) => this.problems[field] === undefined),
    })),
  );

  /** The most the order pays for labour, as the marketplace will work it out; undefined without valid pay. */
  laborTotal = $derived.by(() => {
    const pay = this.body.pay as PayInput | undefined;
    if (!pay) return undefined;
    const numbers = [pay.base.amount, pay.base.units, pay.additional?.amount, pay.additional?.units];
    return numbers.every((value) => value === undefined || Number.isFinite(value)) ? laborSum(pay) : undefined;
  });

  /** For an edit: the keys to send and the ones emptied that cannot be. */
  changes = $derived.by((): BodyChanges | undefined => (this.original ? changedKeys(this.body, this.original.body) : undefined));

  dirty = $derived(JSON.stringify(this.values) !== this.#initial);

  touch(field: JobField): void {
    this.touched[field] = true;
  }

  /** The coordinator left a field: its problem shows, once a click that left it has landed. */
  leave(field: JobField): void {
    afterPress(() => this.touch(field));
  }

  touchAll(): void {
    const all: Partial<Record<JobField, true>> = {};
    for (const field of Object.keys(this.problems)) all[field as JobField] = true;
    this.touched = { ...this.touched, ...all };
  }

  /** The body to send, when the schema takes it. */
  valid(): WorkOrderCreateBody | undefined {
    return this.checked.success ? this.checked.data : undefined;
  }
}

const PUBLISH_NEEDS: { path: string; label: string; fields: readonly JobField[] }[] = [
  { path: 'types_of_work', label: 'A type of work', fields: ['typesOfWork', 'serviceTypes'] },
  { path: 'location', label: 'A location', fields: ['location', 'address1', 'address2', 'city', 'state', 'zip', 'country'] },
  { path: 'schedule.service_window', label: 'A schedule', fields: ['start', 'end'] },
  { path: 'pay.base.amount', label: 'Pay', fields: ['payType', 'payAmount', 'payUnits', 'additionalAmount', 'additionalUnits'] },
];
const DISPATCH_NEED = { path: 'service_types', label: 'A service type, for auto-dispatch', fields: ['serviceTypes'] as readonly JobField[] };

