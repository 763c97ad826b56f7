import { flushSync } from 'svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { JobForm, type JobFormOriginal, type RefusalMarks } from '../../src-renderer/views/job-form/job-form.svelte';
import { emptyValues, type JobValues } from '../../src-renderer/lib/job/job-values';
import { bodyFromValues } from '../../src-renderer/lib/job/job-body';

const CHICAGO = 'America/Chicago';

let destroy: (() => void) | undefined;
afterEach(() => {
  destroy?.();
  destroy = undefined;
});

/**
 * A form inside its own effect root, as a component would hold it. Under the node environment the
 * Svelte plugin compiles this file and the form module for the server (an SSR transform), where
 * `$effect.root` never calls its function and deriveds are worked out again on each read: the form
 * is then made here, outside it.
 */
function formOf(values: JobValues, options: { original?: JobFormOriginal; refusal?: RefusalMarks } = {}): JobForm {
  let form: JobForm | undefined;
  destroy = $effect.root(() => {
    form = new JobForm(values, options);
  });
  form ??= new JobForm(values, options);
  flushSync();
  return form;
}

/** Everything publishing needs, at a custom site in Illinois. */
const complete = (): JobValues => ({
  ...emptyValues(),
  title: 'Replace the POS terminal',
  description: 'Swap the terminal.',
  typeOfWorkIds: [62],
  serviceTypeIds: [61],
  locationMode: 'custom',
  address: { address1: '1 Main St', address2: '', city: 'Chicago', state: 'IL', zip: '60601', country: 'US' },
  scheduleMode: 'between',
  start: '2026-12-01T09:00',
  end: '2026-12-01T13:00',
  payType: 'hourly',
  payAmount: '45',
  payUnits: '4',
  clientId: '7',
  tasks: [{ key: 't1', text: 'Check in' }],
});

/** An edit of the complete order, as setUpJobForm builds it. */
function editOf(values: JobValues, zone: string | undefined = CHICAGO): JobForm {
  const original: JobFormOriginal = { values: structuredClone(values), body: bodyFromValues(values, zone ?? 'UTC'), zone };
  return formOf(structuredClone(values), { original });
}

const change = (form: JobForm, edit: (values: JobValues) => void) => {
  edit(form.values);
  flushSync();
};

describe('JobForm problems', () => {
  it('names a missing title, and shows it only once the field is touched', () => {
    const form = formOf(emptyValues());
    expect(form.problems).toEqual({ title: 'Required' });
    expect(form.error('title')).toBeUndefined();
    form.touch('title');
    flushSync();
    expect(form.error('title')).toBe('Required');
    change(form, (values) => (values.title = '   '));
    expect(form.error('title')).toBe('Required');
    change(form, (values) => (values.title = 'Survey'));
    expect(form.problems).toEqual({});
    expect(form.error('title')).toBeUndefined();
    expect(form.valid()).toEqual({ title: 'Survey' });
  });

  it('puts each problem of the body on its field, in the schema’s words', () => {
    const form = formOf({
      ...complete(),
      typeOfWorkIds: [999],
      address: { address1: '1 Main St', address2: '', city: '', state: 'IL', zip: '60601', country: 'US' },
      payAmount: 'abc',
      payUnits: '0',
      clientId: '0',
      start: '2026-12-01T09:00',
      end: '2026-12-01T08:00',
    });
    expect(form.problems).toEqual({
      typesOfWork: 'Unknown type of work',
      city: 'Required',
      end: 'The service window must not end before it starts',
      payAmount: 'Enter a number',
      payUnits: 'Must be more than 0',
      client: 'Must be more than 0',
    });
    expect(form.valid()).toBeUndefined();
    // None shows before its field is left.
    expect(form.error('city')).toBeUndefined();
    expect(form.error('payAmount')).toBeUndefined();
    form.touch('payAmount');
    flushSync();
    expect(form.error('payAmount')).toBe('Enter a number');
    expect(form.error('city')).toBeUndefined();
    // Left with no pointer press under way, a field shows its problem at once.
    form.leave('city');
    flushSync();
    expect(form.error('city')).toBe('Required');
  });

  it('says which country or saved location to choose', () => {
    const form = formOf({ ...complete(), address: { ...complete().address, country: '' } });
    expect(form.problems).toEqual({ country: 'Choose a country' });
    change(form, (values) => (values.locationMode = 'saved'));
    expect(form.problems).toEqual({ location: 'Choose a saved location' });
    change(form, (values) => {
      values.savedLocation = { id: 55, name: 'Store 55', address: '1 Elm St, Dallas, TX 75201', state: 'TX', country: 'US' };
    });
    expect(form.problems).toEqual({});
    expect(form.body.location).toEqual({ mode: 'saved', id: 55 });
  });

  it('names an empty start time on the start field', () => {
    const form = formOf({ ...complete(), scheduleMode: 'exact', start: '' });
    expect(Object.keys(form.problems)).toEqual(['start']);
    expect(form.body.schedule).toEqual({ service_window: { mode: 'exact', start: { utc: '' } } });
  });

  it('touches every field with a problem on a first try to save, and keeps what was touched', () => {
    const form = formOf({ ...emptyValues(), payType: 'fixed', locationMode: 'custom', address: { ...emptyValues().address, state: 'IL' } });
    form.touch('description');
    form.touchAll();
    flushSync();
    expect(Object.keys(form.touched).sort()).toEqual(['address1', 'city', 'description', 'payAmount', 'title', 'zip']);
    expect(form.error('title')).toBe('Required');
    expect(form.error('address1')).toBe('Required');
    expect(form.error('zip')).toBe('Required');
    expect(form.error('payAmount')).toBe('Enter a number');
    expect(form.error('description')).toBeUndefined();
  });
});

describe('JobForm refusal marks', () => {
  it('shows the marketplace’s refusal on its fields at once, while they hold the refused value', () => {
    const refusal = { message: 'Client 99 is not one of yours', fields: ['order.client.id', 'order.team'] };
    const form = formOf({ ...complete(), clientId: '99' }, { refusal });
    expect(form.refused).toEqual(['client']);
    expect(form.touched).toEqual({ client: true });
    expect(form.error('client')).toBe('Client 99 is not one of yours');
    expect(form.error('title')).toBeUndefined();

    // Another field edited: the mark holds.
    change(form, (values) => (values.title = 'Another title'));
    expect(form.error('client')).toBe('Client 99 is not one of yours');

    // The refused value edited: the mark goes, and no problem is left.
    change(form, (values) => (values.clientId = '7'));
    expect(form.refused).toEqual([]);
    expect(form.error('client')).toBeUndefined();

    // Back to what was refused: refused again.
    change(form, (values) => (values.clientId = '99'));
    expect(form.error('client')).toBe('Client 99 is not one of yours');
  });

  it('marks each field once, and clears every mark under a body key once any of it changes', () => {
    const refusal = { message: 'Pay is over the project budget', fields: ['changes.pay.base.amount', 'pay.base.amount', 'changes.pay.base.units'] };
    const form = formOf(complete(), { refusal });
    expect(form.refused).toEqual(['payAmount', 'payUnits']);
    expect(form.error('payAmount')).toBe('Pay is over the project budget');
    expect(form.error('payUnits')).toBe('Pay is over the project budget');
    change(form, (values) => (values.payUnits = '3'));
    expect(form.refused).toEqual([]);
    expect(form.error('payAmount')).toBeUndefined();
  });

  it('shows the schema’s problem on a refused field before the refusal', () => {
    const form = formOf({ ...complete(), payAmount: '-5' }, { refusal: { message: 'Pay is over the budget', fields: ['pay.base.amount', 'location.zip'] } });
    expect(form.refused).toEqual(['payAmount', 'zip']);
    expect(form.error('payAmount')).toBe('Must be 0 or more');
    expect(form.error('zip')).toBe('Pay is over the budget');
    const silent = formOf(complete(), { refusal: { message: 'Refused', fields: [] } });
    expect(silent.refused).toEqual([]);
    expect(silent.touched).toEqual({});
  });

  it('has no marks without a refusal', () => {
    const form = formOf(complete());
    expect(form.refused).toEqual([]);
    expect(form.touched).toEqual({});
    expect(form.refusal).toBeUndefined();
  });
});

describe('JobForm publish requirements and pay', () => {
  it('lists what publishing still needs until the order has it', () => {
    const form = formOf({ ...emptyValues(), title: 'Draft' });
    expect(form.missing).toEqual(['types_of_work', 'location', 'schedule.service_window', 'pay.base.amount']);
    change(form, (values) => {
      values.typeOfWorkIds = [4];
      values.locationMode = 'saved';
      values.savedLocation = { id: 55, name: 'Store 55', address: '', state: 'TX', country: 'US' };
    });
    expect(form.missing).toEqual(['schedule.service_window', 'pay.base.amount']);
    change(form, (values) => {
      values.scheduleMode = 'exact';
      values.start = '2026-12-01T09:00';
      values.payType = 'fixed';
      values.payAmount = '150';
    });
    expect(form.missing).toEqual([]);
    expect(formOf(complete()).missing).toEqual([]);
  });

  it('totals the labour per pay type as the marketplace will', () => {
    const form = formOf({ ...complete(), payType: 'fixed', payAmount: '150', payUnits: '3' });
    expect(form.laborTotal).toBe(150);
    change(form, (values) => (values.payType = 'hourly'));
    expect(form.laborTotal).toBe(450);
    change(form, (values) => (values.payUnits = ''));
    expect(form.laborTotal).toBe(150);
    change(form, (values) => {
      values.payType = 'device';
      values.payAmount = '12.5';
      values.payUnits = '8';
    });
    expect(form.laborTotal).toBe(100);
    change(form, (values) => {
      values.payType = 'blended';
      values.payAmount = '100';
      values.payUnits = '2';
      values.additionalAmount = '40';
      values.additionalUnits = '3';
    });
    expect(form.laborTotal).toBe(220);
    change(form, (values) => (values.additionalUnits = ''));
    expect(form.laborTotal).toBe(140);
    change(form, (values) => {
      values.payType = 'fixed';
      values.payAmount = '99.999';
    });
    expect(form.laborTotal).toBe(100);
  });

  it('has no total without pay or while an amount is not a number', () => {
    const form = formOf({ ...complete(), payType: 'none' });
    expect(form.laborTotal).toBeUndefined();
    change(form, (values) => {
      values.payType = 'hourly';
      values.payAmount = '';
    });
    expect(form.laborTotal).toBeUndefined();
    change(form, (values) => {
      values.payAmount = '45';
      values.payUnits = 'four';
    });
    expect(form.laborTotal).toBeUndefined();
    change(form, (values) => {
      values.payType = 'blended';
      values.payUnits = '';
      values.additionalUnits = '3';
    });
    expect(form.laborTotal).toBeUndefined();
  });
});

describe('JobForm edit', () => {
  it('has no changes and is not dirty while untouched', () => {
    const form = editOf(complete());
    expect(form.changes).toEqual({ changes: {}, unremovable: [] });
    expect(form.dirty).toBe(false);
    expect(form.zone).toBe(CHICAGO);
  });

  it('sends only the changed keys, and is dirty until put back', () => {
    const form = editOf(complete());
    change(form, (values) => {
      values.title = 'New title';
      values.payAmount = '50';
    });
    expect(form.changes).toEqual({ changes: { title: 'New title', pay: { type: 'hourly', base: { amount: 50, units: 4 } } }, unremovable: [] });
    expect(form.dirty).toBe(true);
    change(form, (values) => {
      values.title = 'Replace the POS terminal';
      values.payAmount = '45';
    });
    expect(form.changes).toEqual({ changes: {}, unremovable: [] });
    expect(form.dirty).toBe(false);
  });

  it('sends an emptied description as empty HTML and emptied lists as empty', () => {
    const form = editOf(complete());
    change(form, (values) => {
      values.description = '';
      values.tasks = [];
    });
    expect(form.changes).toEqual({ changes: { description: { html: '' }, tasks: { results: [] } }, unremovable: [] });
  });

  it('sends a schedule moved at the site in UTC', () => {
    const form = editOf(complete());
    change(form, (values) => {
      values.start = '2026-07-01T09:00';
      values.end = '2026-07-01T13:00';
    });
    expect(form.changes?.changes).toEqual({ schedule: { service_window: { mode: 'between', start: { utc: '2026-07-01 14:00:00' }, end: { utc: '2026-07-01 18:00:00' } } } });
  });

  it('reports an emptied location as one that cannot be taken off', () => {
    const form = editOf(complete());
    change(form, (values) => (values.locationMode = 'none'));
    expect(form.changes?.unremovable).toEqual(['location']);
    expect(form.changes?.changes).not.toHaveProperty('location');
  });

  it('keeps the order’s own zone while the site stays in the same state, and takes the new site’s once it moves', () => {
    // The marketplace names Chicago for a site the state table would put in Indianapolis.
    const values = { ...complete(), address: { ...complete().address, city: 'Gary', state: 'IN', zip: '46402' } };
    const form = editOf(values, CHICAGO);
    expect(form.zone).toBe(CHICAGO);
    expect(form.changes).toEqual({ changes: {}, unremovable: [] });
    change(form, (draft) => (draft.address.city = 'Hammond'));
    expect(form.zone).toBe(CHICAGO);
    expect(form.changes?.changes).toEqual({ location: { mode: 'custom', address1: '1 Main St', city: 'Hammond', state: 'IN', zip: '46402', country: 'US' } });
    // Moved to California: the same wall time at the new site.
    change(form, (draft) => (draft.address.state = 'CA'));
    expect(form.zone).toBe('America/Los_Angeles');
    expect(form.body.schedule).toEqual({ service_window: { mode: 'between', start: { utc: '2026-12-01 17:00:00' }, end: { utc: '2026-12-01 21:00:00' } } });
  });

  it('has no changes to report for a new job', () => {
    const form = formOf(complete());
    expect(form.original).toBeUndefined();
    expect(form.changes).toBeUndefined();
    expect(form.zone).toBe(CHICAGO);
    change(form, (values) => (values.locationMode = 'none'));
    expect(form.zone).toBeUndefined();
  });
});
