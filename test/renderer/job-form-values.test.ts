import { describe, expect, it } from 'vitest';
import type { WorkOrder } from '../../src-shared/api/work-order';
import { WorkOrderCreateBodySchema } from '../../src-shared/api/work-order-requests';
import { bodyKeyOf, fieldOfPath } from '../../src-renderer/lib/job/job-fields';
import { siteToUtc, utcToSite } from '../../src-renderer/lib/site-time';
import { addressKeyOf, emptyValues, siteZoneOf, valuesFromOrder, zoneOfValues, type JobValues } from '../../src-renderer/lib/job/job-values';
import { bodyFromValues, changedKeys } from '../../src-renderer/lib/job/job-body';

type Order = Partial<WorkOrder> & Record<string, unknown>;

const CHICAGO = 'America/Chicago';

/** An order as the cache holds it: a custom site in Illinois, everything the form edits given. */
const customOrder = (): Order => ({
  id: 10001,
  title: 'Replace the POS terminal',
  description: { html: '<p>Swap the terminal at lane 3.</p><ul><li>Bring a drill</li><li>Call ahead</li></ul>' },
  confidential: { html: '<p>Gate code 1234</p>' },
  // Primary listed second: the form puts it first.
  types_of_work: [
    { id: 4, isPrimary: false },
    { id: 62, isPrimary: true },
  ],
  service_types_new: [
    { id: 61, name: 'Installation' },
    { id: 10, name: 'Installation' },
  ],
  location: { mode: 'custom', address1: '1 Main St', address2: 'Suite 2', city: 'Chicago', state: 'IL', zip: '60601', country: 'US' },
  schedule: { service_window: { mode: 'between', start: { utc: '2026-12-01 15:00:00' }, end: { utc: '2026-12-01 19:00:00' } } },
  pay: { type: 'hourly', base: { amount: 45, units: 4 } },
  client: { id: 7, name: 'Acme' },
  project: { id: 8, name: 'Rollout' },
  manager: { id: 9 },
  tasks: { results: [{ description: 'Check in' }, { label: 'Take photos' }] },
  contacts: { results: [{ name: 'Dana', role: 'Store manager', phone: '555-0100', email: 'dana@example.com' }] },
  custom_fields: { results: [{ name: 'PO', value: '4411' }] },
  require_gps: true,
  incident_id: 'INC-9',
});

const customBody = {
  title: 'Replace the POS terminal',
  description: { html: '<p>Swap the terminal at lane 3.</p><ul><li>Bring a drill</li><li>Call ahead</li></ul>' },
  confidential: { html: '<p>Gate code 1234</p>' },
  types_of_work: [
    { id: 62, isPrimary: true },
    { id: 4, isPrimary: false },
  ],
  service_types_new: [{ id: 61 }, { id: 10 }],
  location: { mode: 'custom', address1: '1 Main St', address2: 'Suite 2', city: 'Chicago', state: 'IL', zip: '60601', country: 'US' },
  schedule: { service_window: { mode: 'between', start: { utc: '2026-12-01 15:00:00' }, end: { utc: '2026-12-01 19:00:00' } } },
  pay: { type: 'hourly', base: { amount: 45, units: 4 } },
  client: { id: 7 },
  project: { id: 8 },
  manager: { id: 9 },
  tasks: { results: [{ description: 'Check in' }, { description: 'Take photos' }] },
  contacts: { results: [{ name: 'Dana', role: 'Store manager', phone: '555-0100', email: 'dana@example.com' }] },
  custom_fields: { results: [{ name: 'PO', value: '4411' }] },
  require_gps: true,
  incident_id: 'INC-9',
};

/** Values with only a title: a valid draft to start each case from. */
const draft = (patch: Partial<JobValues> = {}): JobValues => ({ ...emptyValues(), title: 'Draft', ...patch });

const issuesOf = (body: Record<string, unknown>) => {
  const checked = WorkOrderCreateBodySchema.safeParse(body);
  return checked.success ? [] : checked.error.issues.map((issue) => issue.path.join('.'));
};

describe('emptyValues', () => {
  it('starts blank, with the US as the country, and sends only the empty title', () => {
    const values = emptyValues();
    expect(values).toEqual({
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
    });
    expect(bodyFromValues(values, 'UTC')).toEqual({ title: '' });
  });

  it('gives a fresh object each time', () => {
    const first = emptyValues();
    first.address.city = 'Springfield';
    first.tasks.push({ key: 'k', text: 'x' });
    expect(emptyValues().address.city).toBe('');
    expect(emptyValues().tasks).toEqual([]);
  });
});

describe('site time', () => {
  it('enters 09:00 in Illinois as 15:00 UTC in December and 14:00 UTC in July', () => {
    expect(siteToUtc('2026-12-01T09:00', CHICAGO)).toBe('2026-12-01 15:00:00');
    expect(siteToUtc('2026-07-01T09:00', CHICAGO)).toBe('2026-07-01 14:00:00');
  });

  it('reads UTC back as the site’s wall time, either side of daylight saving', () => {
    expect(utcToSite('2026-12-01 15:00:00', CHICAGO)).toBe('2026-12-01T09:00');
    expect(utcToSite('2026-07-01 14:00:00', CHICAGO)).toBe('2026-07-01T09:00');
    // Across midnight: the site's date, not UTC's.
    expect(utcToSite('2026-12-02 03:30:00', CHICAGO)).toBe('2026-12-01T21:30');
    expect(siteToUtc('2026-12-01T21:30', CHICAGO)).toBe('2026-12-02 03:30:00');
  });

  it('round trips every hour of a summer and a winter day in Chicago, London and UTC', () => {
    for (const zone of [CHICAGO, 'Europe/London', 'UTC']) {
      for (const day of ['2026-01-15', '2026-07-15']) {
        for (let hour = 0; hour < 24; hour += 1) {
          const local = `${day}T${String(hour).padStart(2, '0')}:45`;
          expect(utcToSite(siteToUtc(local, zone), zone)).toBe(local);
        }
      }
    }
  });

  it('uses the zone given: London is UTC in winter and UTC+1 in summer', () => {
    expect(siteToUtc('2026-12-01T09:00', 'Europe/London')).toBe('2026-12-01 09:00:00');
    expect(siteToUtc('2026-07-01T09:00', 'Europe/London')).toBe('2026-07-01 08:00:00');
    expect(siteToUtc('2026-07-01T09:00', 'UTC')).toBe('2026-07-01 09:00:00');
  });

  it('moves a wall time skipped by the spring change forward, as the site’s clocks do', () => {
    // 2026-03-08 02:30 does not exist in Chicago: it is 03:30 CDT, 08:30 UTC.
    expect(siteToUtc('2026-03-08T02:30', CHICAGO)).toBe('2026-03-08 08:30:00');
    expect(utcToSite('2026-03-08 08:30:00', CHICAGO)).toBe('2026-03-08T03:30');
  });

  it('reads the hour that happens twice in the fall as its first time, and round trips it', () => {
    expect(utcToSite('2026-11-01 06:30:00', 'America/Chicago')).toBe('2026-11-01T01:30');
    expect(siteToUtc('2026-11-01T01:30', 'America/Chicago')).toBe('2026-11-01 06:30:00');
  });

  it('gives no time, not an error, for a moment no clock shows', () => {
    expect(utcToSite('2026-02-03 25:00:00', 'America/Chicago')).toBe('');
  });

  it('gives empty text for what is not a time', () => {
    expect(siteToUtc('', CHICAGO)).toBe('');
    expect(siteToUtc('2026-12-01', CHICAGO)).toBe('');
    expect(siteToUtc('2026-12-01 09:00', CHICAGO)).toBe('');
    expect(siteToUtc('2026-12-01T9:00', CHICAGO)).toBe('');
    expect(siteToUtc('2026-13-01T09:00', CHICAGO)).toBe('');
    expect(utcToSite(undefined, CHICAGO)).toBe('');
    expect(utcToSite(null, CHICAGO)).toBe('');
    expect(utcToSite('', CHICAGO)).toBe('');
    expect(utcToSite('2026-12-01T15:00:00Z', CHICAGO)).toBe('');
    expect(utcToSite('2026-12-01 15:00', CHICAGO)).toBe('');
  });
});

describe('zoneOfValues', () => {
  const custom = (state: string, country: string) => ({ locationMode: 'custom' as const, savedLocation: null, address: { ...emptyValues().address, state, country } });

  it('takes a custom address’s zone from its state, else its country', () => {
    expect(zoneOfValues(custom('IL', 'US'))).toBe(CHICAGO);
    expect(zoneOfValues(custom(' il ', 'US'))).toBe(CHICAGO);
    expect(zoneOfValues(custom('CA', 'US'))).toBe('America/Los_Angeles');
    expect(zoneOfValues(custom('', 'GB'))).toBe('Europe/London');
    expect(zoneOfValues(custom('BC', 'CA'))).toBe('America/Vancouver');
    // The default country without a state: its most populous zone.
    expect(zoneOfValues(custom('', 'US'))).toBe('America/New_York');
  });

  it('takes a typed address’s zone from where main placed it, while it is that address', () => {
    const elPaso = { locationMode: 'custom' as const, savedLocation: null, address: { ...emptyValues().address, city: 'El Paso', state: 'TX', zip: '79901', country: 'US' } };
    const placed = { key: addressKeyOf(elPaso.address), zone: 'America/Denver' };
    expect(zoneOfValues(elPaso, placed)).toBe('America/Denver');
    // Another address typed since: the state's zone until main has placed it.
    expect(zoneOfValues({ ...elPaso, address: { ...elPaso.address, zip: '75201', city: 'Dallas' } }, placed)).toBe(CHICAGO);
  });

  it('keeps an edited order’s own zone for a changed address in its state until main has placed it', () => {
    const dallas = { ...emptyValues(), locationMode: 'custom' as const, address: { ...emptyValues().address, city: 'Dallas', state: 'TX', zip: '75201', country: 'US' } };
    const site = { values: dallas, zone: CHICAGO };
    const elPaso = { ...dallas, address: { ...dallas.address, city: 'El Paso', zip: '79901' } };
    expect(siteZoneOf(elPaso, site)).toBe(CHICAGO);
    expect(siteZoneOf(elPaso, site, { key: addressKeyOf(elPaso.address), zone: 'America/Denver' })).toBe('America/Denver');
    // A placing of the unchanged address never overrides the marketplace's own zone.
    expect(siteZoneOf(dallas, site, { key: addressKeyOf(dallas.address), zone: 'America/Denver' })).toBe(CHICAGO);
  });

  it('takes a saved location’s zone from its state and country', () => {
    const saved = { id: 5, name: 'Store 5', address: '1 Elm St, Dallas, TX 75201', state: 'TX', country: 'US' };
    expect(zoneOfValues({ locationMode: 'saved', savedLocation: saved, address: emptyValues().address })).toBe(CHICAGO);
  });

  it('has none without a location, a saved location not yet chosen, or an address with neither state nor country', () => {
    expect(zoneOfValues(emptyValues())).toBeUndefined();
    expect(zoneOfValues({ ...emptyValues(), locationMode: 'saved' })).toBeUndefined();
    expect(zoneOfValues(custom('  ', ''))).toBeUndefined();
    // A saved choice with an address but mode none still has no zone.
    expect(zoneOfValues({ ...custom('IL', 'US'), locationMode: 'none' })).toBeUndefined();
  });
});

describe('valuesFromOrder', () => {
  it('reads an order as the form shows it: primary type first, the schedule at the site, numbers as text', () => {
    const values = valuesFromOrder(customOrder());
    expect(values).toEqual({
      title: 'Replace the POS terminal',
      description: 'Swap the terminal at lane 3.\n\n- Bring a drill\n- Call ahead',
      confidential: 'Gate code 1234',
      typeOfWorkIds: [62, 4],
      serviceTypeIds: [61, 10],
      locationMode: 'custom',
      savedLocation: null,
      address: { address1: '1 Main St', address2: 'Suite 2', city: 'Chicago', state: 'IL', zip: '60601', country: 'US' },
      scheduleMode: 'between',
      start: '2026-12-01T09:00',
      end: '2026-12-01T13:00',
      payType: 'hourly',
      payAmount: '45',
      payUnits: '4',
      additionalAmount: '',
      additionalUnits: '',
      clientId: '7',
      projectId: '8',
      managerId: '9',
      tasks: [
        { key: expect.any(String), text: 'Check in' },
        { key: expect.any(String), text: 'Take photos' },
      ],
      contacts: [{ key: expect.any(String), name: 'Dana', role: 'Store manager', phone: '555-0100', email: 'dana@example.com' }],
      customFields: [{ key: expect.any(String), name: 'PO', value: '4411' }],
      requireGps: true,
      incidentId: 'INC-9',
      autoDispatch: false,
      dispatch: { ruleId: '', route: false },
    });
    const keys = [...values.tasks, ...values.contacts, ...values.customFields].map((row) => row.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('round trips a custom-location order to the body it was', () => {
    const values = valuesFromOrder(customOrder());
    const body = bodyFromValues(values, zoneOfValues(values) ?? 'UTC');
    expect(body).toEqual(customBody);
    expect(WorkOrderCreateBodySchema.safeParse(body).success).toBe(true);
  });

  it('reads the schedule in the zone it is given over the one its location suggests', () => {
    const values = valuesFromOrder(customOrder(), 'UTC');
    expect(values.start).toBe('2026-12-01T15:00');
    expect(values.end).toBe('2026-12-01T19:00');
    expect(bodyFromValues(values, 'UTC').schedule).toEqual(customBody.schedule);
  });

  it('reads a saved location (answered as mode "location") and sends it back by id', () => {
    const order: Order = {
      title: 'Survey',
      location: { mode: 'location', id: 55, address1: '1 Elm St', city: 'Dallas', state: 'TX', zip: '75201', country: 'US', saved_location: { id: 55, name: 'Store 55' } },
      schedule: { service_window: { mode: 'exact', start: { utc: '2026-07-01 14:00:00' } } },
      pay: { type: 'fixed', base: { amount: 150 } },
    };
    const values = valuesFromOrder(order);
    expect(values.locationMode).toBe('saved');
    expect(values.savedLocation).toEqual({ id: 55, name: 'Store 55', address: '1 Elm St, Dallas, TX 75201', state: 'TX', country: 'US' });
    expect(values.scheduleMode).toBe('exact');
    expect(values.start).toBe('2026-07-01T09:00');
    expect(values.end).toBe('');
    expect(zoneOfValues(values)).toBe(CHICAGO);
    expect(bodyFromValues(values, CHICAGO)).toEqual({
      title: 'Survey',
      location: { mode: 'saved', id: 55 },
      schedule: { service_window: { mode: 'exact', start: { utc: '2026-07-01 14:00:00' } } },
      pay: { type: 'fixed', base: { amount: 150 } },
    });
  });

  it('reads a body the outbox holds: a saved location by id alone, plain lists', () => {
    const values = valuesFromOrder({ title: 'Queued', location: { mode: 'saved', id: 12 }, tasks: ['Bring a ladder'], contacts: [{ label: 'Front desk' }] });
    expect(values.savedLocation).toEqual({ id: 12, name: 'Saved location 12', address: '', state: '', country: '' });
    expect(values.tasks.map((task) => task.text)).toEqual(['Bring a ladder']);
    expect(values.contacts.map(({ name, role, phone, email }) => ({ name, role, phone, email }))).toEqual([{ name: 'Front desk', role: '', phone: '', email: '' }]);
    expect(bodyFromValues(values, 'UTC')).toEqual({
      title: 'Queued',
      location: { mode: 'saved', id: 12 },
      tasks: { results: [{ description: 'Bring a ladder' }] },
      contacts: { results: [{ name: 'Front desk' }] },
    });
  });

  it('falls back to the older type_of_work and service_types, and a custom address without country is in the US', () => {
    const values = valuesFromOrder({ title: 'Old', type_of_work: { id: 8 }, service_types: [{ id: 15 }], location: { mode: 'custom', address1: 'a', city: 'b', state: 'TX', zip: 'c' } });
    expect(values.typeOfWorkIds).toEqual([8]);
    expect(values.serviceTypeIds).toEqual([15]);
    expect(values.address.country).toBe('US');
    expect(values.address.address2).toBe('');
  });

  it('reads blended pay with its additional hours, and leaves an unknown pay type and window mode out', () => {
    const blended = valuesFromOrder({ title: 'x', pay: { type: 'blended', base: { amount: 100, units: 2 }, additional: { amount: 40, units: 3 } } });
    expect([blended.payType, blended.payAmount, blended.payUnits, blended.additionalAmount, blended.additionalUnits]).toEqual(['blended', '100', '2', '40', '3']);
    expect(bodyFromValues(blended, 'UTC').pay).toEqual({ type: 'blended', base: { amount: 100, units: 2 }, additional: { amount: 40, units: 3 } });

    const odd = valuesFromOrder({ title: 'x', pay: { type: 'per_visit', base: { amount: 1 } }, schedule: { service_window: { mode: 'asap', start: { utc: '2026-12-01 15:00:00' } } } });
    expect(odd.payType).toBe('none');
    expect(odd.payAmount).toBe('');
    expect(odd.scheduleMode).toBe('none');
    expect(odd.start).toBe('');
  });

  it('reads an empty order as empty values', () => {
    const values = valuesFromOrder({});
    expect({ ...values, tasks: [], contacts: [], customFields: [] }).toEqual(emptyValues());
    expect(valuesFromOrder({ require_gps: 'yes' as unknown as boolean }).requireGps).toBe(false);
  });
});

describe('bodyFromValues', () => {
  it('sends only what was given, trimmed where the form trims', () => {
    const values = draft({
      description: '  ',
      incidentId: '  INC-1  ',
      tasks: [
        { key: 'a', text: '  Call ahead ' },
        { key: 'b', text: '   ' },
      ],
      contacts: [
        { key: 'c', name: 'Sam', role: '', phone: ' ', email: 'sam@example.com' },
        { key: 'd', name: '', role: '', phone: '', email: '' },
      ],
      customFields: [
        { key: 'e', name: ' PO ', value: '12' },
        { key: 'f', name: '', value: '' },
      ],
      clientId: ' ',
    });
    expect(bodyFromValues(values, 'UTC')).toEqual({
      title: 'Draft',
      incident_id: 'INC-1',
      tasks: { results: [{ description: 'Call ahead' }] },
      contacts: { results: [{ name: 'Sam', email: 'sam@example.com' }] },
      custom_fields: { results: [{ name: 'PO', value: '12' }] },
    });
  });

  it('drops service types that belong to none of the chosen types of work', () => {
    // 10 is Networking's installation, 61 Point of Sale's; 15 is HVAC's.
    expect(bodyFromValues(draft({ typeOfWorkIds: [4], serviceTypeIds: [10, 61, 15] }), 'UTC')).toEqual({
      title: 'Draft',
      types_of_work: [{ id: 4, isPrimary: true }],
      service_types_new: [{ id: 10 }],
    });
    expect(bodyFromValues(draft({ typeOfWorkIds: [62, 4], serviceTypeIds: [10, 61, 15] }), 'UTC').service_types_new).toEqual([{ id: 10 }, { id: 61 }]);
    // Without a type of work, none is sent at all.
    expect(bodyFromValues(draft({ serviceTypeIds: [10] }), 'UTC')).toEqual({ title: 'Draft' });
    // A type of work with no service types of its own (General Tasks).
    expect(bodyFromValues(draft({ typeOfWorkIds: [74], serviceTypeIds: [10] }), 'UTC')).toEqual({ title: 'Draft', types_of_work: [{ id: 74, isPrimary: true }] });
  });

  it('sends a schedule entered at the site in UTC, DST included', () => {
    const winter = bodyFromValues(draft({ scheduleMode: 'exact', start: '2026-12-01T09:00', end: '2026-12-01T10:00' }), CHICAGO);
    expect(winter.schedule).toEqual({ service_window: { mode: 'exact', start: { utc: '2026-12-01 15:00:00' } } });
    const summer = bodyFromValues(draft({ scheduleMode: 'hours', start: '2026-07-01T09:00', end: '2026-07-01T17:00' }), CHICAGO);
    expect(summer.schedule).toEqual({ service_window: { mode: 'hours', start: { utc: '2026-07-01 14:00:00' }, end: { utc: '2026-07-01 22:00:00' } } });
  });

  it('keeps an empty time and NaN amounts in the body, so the schema names them', () => {
    const body = bodyFromValues(draft({ scheduleMode: 'between', start: '2026-12-01T09:00', end: '', payType: 'hourly', payAmount: 'abc', payUnits: '' }), CHICAGO);
    expect(body.schedule).toEqual({ service_window: { mode: 'between', start: { utc: '2026-12-01 15:00:00' }, end: { utc: '' } } });
    expect(body.pay).toEqual({ type: 'hourly', base: { amount: Number.NaN } });
    // The empty end is named twice (no UTC time, and before the start): both sit on the end field.
    expect(issuesOf(body)).toEqual(['schedule.service_window.end.utc', 'schedule.service_window.end', 'pay.base.amount']);

    const empty = bodyFromValues(draft({ payType: 'fixed', payAmount: ' ' }), 'UTC');
    expect(empty.pay).toEqual({ type: 'fixed', base: { amount: Number.NaN } });
  });

  it('shapes each pay type: fixed has no units, blended its additional hours only when given', () => {
    expect(bodyFromValues(draft({ payType: 'fixed', payAmount: '150', payUnits: '3' }), 'UTC').pay).toEqual({ type: 'fixed', base: { amount: 150 } });
    expect(bodyFromValues(draft({ payType: 'device', payAmount: '12.5', payUnits: '8' }), 'UTC').pay).toEqual({ type: 'device', base: { amount: 12.5, units: 8 } });
    expect(bodyFromValues(draft({ payType: 'hourly', payAmount: '45', additionalAmount: '40' }), 'UTC').pay).toEqual({ type: 'hourly', base: { amount: 45 } });
    expect(bodyFromValues(draft({ payType: 'blended', payAmount: '100', payUnits: '2' }), 'UTC').pay).toEqual({ type: 'blended', base: { amount: 100, units: 2 } });
    // Additional hours without a rate: the rate is sent as NaN for the schema to name.
    expect(bodyFromValues(draft({ payType: 'blended', payAmount: '100', additionalUnits: '3' }), 'UTC').pay).toEqual({
      type: 'blended',
      base: { amount: 100 },
      additional: { amount: Number.NaN, units: 3 },
    });
  });

  it('sends a custom address whole (so the schema names a missing city), with address2 only when given', () => {
    const body = bodyFromValues(draft({ locationMode: 'custom', address: { address1: '1 Main St', address2: ' ', city: '', state: 'IL', zip: '60601', country: 'US' } }), CHICAGO);
    expect(body.location).toEqual({ mode: 'custom', address1: '1 Main St', city: '', state: 'IL', zip: '60601', country: 'US' });
    expect(issuesOf(body)).toEqual(['location.city']);
  });

  it('sends a saved location not yet chosen without an id, for the schema to refuse', () => {
    const body = bodyFromValues(draft({ locationMode: 'saved' }), 'UTC');
    expect(body.location).toEqual({ mode: 'saved' });
    expect(issuesOf(body)).toEqual(['location.id']);
  });

  it('sends ids as numbers and text as HTML', () => {
    const body = bodyFromValues(draft({ clientId: '7', projectId: '8', managerId: '9', description: 'Hi <b>there</b>', requireGps: true }), 'UTC');
    expect(body).toEqual({ title: 'Draft', description: { html: '<p>Hi &lt;b&gt;there&lt;/b&gt;</p>' }, client: { id: 7 }, project: { id: 8 }, manager: { id: 9 }, require_gps: true });
  });
});

describe('changedKeys', () => {
  const original = customBody as Record<string, unknown>;

  it('has nothing for the same body', () => {
    expect(changedKeys(structuredClone(customBody), original)).toEqual({ changes: {}, unremovable: [] });
  });

  it('sends only the keys whose value changed', () => {
    const body = { ...structuredClone(customBody), title: 'New title', pay: { type: 'hourly', base: { amount: 50, units: 4 } } };
    expect(changedKeys(body, original)).toEqual({ changes: { title: 'New title', pay: { type: 'hourly', base: { amount: 50, units: 4 } } }, unremovable: [] });
    // A key new in the body is a change too.
    expect(changedKeys({ title: 'x', require_gps: true }, { title: 'x' })).toEqual({ changes: { require_gps: true }, unremovable: [] });
  });

  it('clears what can be cleared, and names what cannot be taken off', () => {
    const body: Record<string, unknown> = { title: customBody.title };
    const { changes, unremovable } = changedKeys(body, original);
    expect(changes).toEqual({
      description: { html: '' },
      confidential: { html: '' },
      service_types_new: [],
      tasks: { results: [] },
      contacts: { results: [] },
      custom_fields: { results: [] },
      require_gps: false,
      incident_id: '',
    });
    expect(unremovable.sort()).toEqual(['client', 'location', 'manager', 'pay', 'project', 'schedule', 'types_of_work']);
  });
});

describe('auto_dispatch in the form', () => {
  it('reads the flag, sends it only when on, and clears it from an order that had it', () => {
    const values = valuesFromOrder({ ...customOrder(), auto_dispatch: true });
    expect(values.autoDispatch).toBe(true);
    // The rule and the mode are the auto-dispatch call's, not the order's: they never go in the body.
    expect(values.dispatch).toEqual({ ruleId: '', route: false });
    const body = bodyFromValues(values, CHICAGO);
    expect(body.auto_dispatch).toBe(true);
    expect(WorkOrderCreateBodySchema.safeParse(body).success).toBe(true);
    expect(changedKeys(body, body).changes).toEqual({});

    const off = bodyFromValues({ ...values, autoDispatch: false, dispatch: { ruleId: '1101', route: true } }, CHICAGO);
    expect(off).not.toHaveProperty('auto_dispatch');
    expect(changedKeys(off, body)).toEqual({ changes: { auto_dispatch: false }, unremovable: [] });
    expect(valuesFromOrder({ ...customOrder(), auto_dispatch: null }).autoDispatch).toBe(false);
  });

  it('names the field of a refusal about it', () => {
    expect(fieldOfPath(['changes', 'auto_dispatch'])).toBe('autoDispatch');
    expect(bodyKeyOf('autoDispatch')).toBe('auto_dispatch');
  });
});

describe('job fields', () => {
  it('names the field a path of the body sits on', () => {
    expect(fieldOfPath(['title'])).toBe('title');
    expect(fieldOfPath(['pay', 'base', 'amount'])).toBe('payAmount');
    expect(fieldOfPath(['pay', 'base', 'units'])).toBe('payUnits');
    expect(fieldOfPath(['pay', 'additional', 'amount'])).toBe('additionalAmount');
    expect(fieldOfPath(['pay', 'additional', 'units'])).toBe('additionalUnits');
    expect(fieldOfPath(['pay', 'type'])).toBe('payType');
    expect(fieldOfPath(['pay'])).toBe('payType');
    expect(fieldOfPath(['location', 'city'])).toBe('city');
    expect(fieldOfPath(['location', 'address2'])).toBe('address2');
    expect(fieldOfPath(['location', 'country'])).toBe('country');
    expect(fieldOfPath(['location', 'id'])).toBe('location');
    expect(fieldOfPath(['location'])).toBe('location');
    expect(fieldOfPath(['schedule', 'service_window', 'start', 'utc'])).toBe('start');
    expect(fieldOfPath(['schedule', 'service_window', 'end', 'utc'])).toBe('end');
    expect(fieldOfPath(['schedule', 'service_window', 'end'])).toBe('end');
    expect(fieldOfPath(['schedule'])).toBe('start');
    expect(fieldOfPath(['service_types_new', 0, 'id'])).toBe('serviceTypes');
    expect(fieldOfPath(['service_types'])).toBe('serviceTypes');
    expect(fieldOfPath(['types_of_work'])).toBe('typesOfWork');
    expect(fieldOfPath(['type_of_work', 'id'])).toBe('typesOfWork');
    expect(fieldOfPath(['custom_fields'])).toBe('customFields');
    expect(fieldOfPath(['require_gps'])).toBe('requireGps');
    expect(fieldOfPath(['incident_id'])).toBe('incidentId');
    expect(fieldOfPath(['client', 'id'])).toBe('client');
  });

  it('reads the marketplace’s paths under changes or order the same', () => {
    expect(fieldOfPath(['changes', 'pay', 'base', 'amount'])).toBe('payAmount');
    expect(fieldOfPath(['order', 'title'])).toBe('title');
    expect(fieldOfPath('changes.location.zip'.split('.'))).toBe('zip');
  });

  it('names no field for what the form does not hold', () => {
    expect(fieldOfPath([])).toBeUndefined();
    expect(fieldOfPath(['changes'])).toBeUndefined();
    expect(fieldOfPath(['team'])).toBeUndefined();
  });

  it('gives the body key each field lives under', () => {
    expect(bodyKeyOf('title')).toBe('title');
    expect(bodyKeyOf('city')).toBe('location');
    expect(bodyKeyOf('address1')).toBe('location');
    expect(bodyKeyOf('location')).toBe('location');
    expect(bodyKeyOf('start')).toBe('schedule');
    expect(bodyKeyOf('end')).toBe('schedule');
    expect(bodyKeyOf('payType')).toBe('pay');
    expect(bodyKeyOf('payAmount')).toBe('pay');
    expect(bodyKeyOf('additionalUnits')).toBe('pay');
    expect(bodyKeyOf('typesOfWork')).toBe('types_of_work');
    expect(bodyKeyOf('serviceTypes')).toBe('service_types_new');
    expect(bodyKeyOf('customFields')).toBe('custom_fields');
    expect(bodyKeyOf('requireGps')).toBe('require_gps');
    expect(bodyKeyOf('incidentId')).toBe('incident_id');
    expect(bodyKeyOf('client')).toBe('client');
  });

  it('maps each body key’s field back to that key', () => {
    for (const key of Object.keys(customBody)) {
      const field = fieldOfPath([key]);
      expect(field, key).toBeDefined();
      expect(bodyKeyOf(field!), key).toBe(key);
    }
  });
});
