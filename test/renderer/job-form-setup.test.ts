import { describe, expect, it } from 'vitest';
import type { WorkOrder } from '../../src-shared/api/work-order';
import { OutboxEntrySchema, type OutboxEntry } from '../../src-shared/ipc/outbox-channels';
import { setUpJobForm } from '../../src-renderer/views/job-form/job-form-setup';
import { JobForm } from '../../src-renderer/views/job-form/job-form.svelte';
import { emptyValues, valuesFromOrder, type JobValues } from '../../src-renderer/lib/job/job-values';
import { bodyFromValues } from '../../src-renderer/lib/job/job-body';

const CHICAGO = 'America/Chicago';

/** An order in the cache: a custom site the marketplace places in Chicago, published. */
const cachedOrder = (): WorkOrder =>
  ({
    id: 10001,
    title: 'Replace the POS terminal',
    status: { id: 2, name: 'Published' },
    description: { html: '<p>Swap the terminal.</p><ul><li>Bring a drill</li></ul>' },
    types_of_work: [
      { id: 4, isPrimary: false },
      { id: 62, isPrimary: true },
    ],
    service_types_new: [{ id: 61, name: 'Installation' }],
    // Gary, Indiana: the state table would say Indianapolis; the marketplace's own zone wins.
    location: { mode: 'custom', address1: '1 Main St', city: 'Gary', state: 'IN', zip: '46402', country: 'US', time_zone: { name: CHICAGO } },
    schedule: { service_window: { mode: 'exact', start: { utc: '2026-12-01 15:00:00' } } },
    pay: { type: 'hourly', base: { amount: 45, units: 4 } },
    client: { id: 7, name: 'Acme' },
    tasks: { results: [{ description: 'Check in' }] },
    require_gps: true,
  }) as unknown as WorkOrder;

/** A fake cache: the orders it holds, and the ids read. */
function cache(...orders: WorkOrder[]) {
  const reads: number[] = [];
  const readOrder = async (id: number): Promise<WorkOrder> => {
    reads.push(id);
    const order = orders.find((candidate) => candidate.id === id);
    if (!order) throw new Error(`No order ${id}`);
    return structuredClone(order);
  };
  return { reads, readOrder };
}

/** A refused outbox entry, checked against the shared schema. */
function refused(kind: string, input: unknown, error: OutboxEntry['error'] = { code: 'API_REJECTED', message: 'Pay is over the budget', fields: ['changes.pay.base.amount'] }): OutboxEntry {
  return OutboxEntrySchema.parse({
    id: '00000000-0000-4000-8000-000000000009',
    kind,
    summary: 'Refused change',
    workOrderId: 10001,
    state: 'refused',
    attempts: 1,
    createdAt: 1_700_000_000_000,
    nextAttemptAt: null,
    notBefore: null,
    error,
    conflict: null,
    upload: null,
    input,
  });
}

/** Values without their row keys, which are made anew on every read. */
const withoutKeys = (values: JobValues) => ({
  ...values,
  tasks: values.tasks.map(({ text }) => ({ text })),
  contacts: values.contacts.map(({ name, role, phone, email }) => ({ name, role, phone, email })),
  customFields: values.customFields.map(({ name, value }) => ({ name, value })),
});

describe('setUpJobForm', () => {
  it('starts a new job empty, with the title it was given, without reading the cache', async () => {
    const { reads, readOrder } = cache();
    const setup = await setUpJobForm({ kind: 'create', title: 'Fix the AC' }, readOrder);
    expect(setup).toEqual({ heading: 'New job', values: { ...emptyValues(), title: 'Fix the AC' } });
    expect((await setUpJobForm({ kind: 'create' }, readOrder)).values).toEqual(emptyValues());
    expect(reads).toEqual([]);
  });

  it('duplicates an order’s values, at the site’s time, with nothing to send only changes against', async () => {
    const { reads, readOrder } = cache(cachedOrder());
    const setup = await setUpJobForm({ kind: 'duplicate', id: 10001 }, readOrder);
    expect(reads).toEqual([10001]);
    expect(setup.heading).toBe('Duplicate #10001');
    expect(setup.original).toBeUndefined();
    expect(setup.orderId).toBeUndefined();
    expect(setup.refusal).toBeUndefined();
    expect(withoutKeys(setup.values)).toEqual(withoutKeys(valuesFromOrder(cachedOrder(), CHICAGO)));
    expect(setup.values.title).toBe('Replace the POS terminal');
    expect(setup.values.typeOfWorkIds).toEqual([62, 4]);
    expect(setup.values.start).toBe('2026-12-01T09:00');
  });

  it('edits an order against its body as the form would send it, so an untouched edit changes nothing', async () => {
    const { readOrder } = cache(cachedOrder());
    const setup = await setUpJobForm({ kind: 'edit', id: 10001 }, readOrder);
    expect(setup.heading).toBe('Edit #10001');
    expect(setup.orderId).toBe(10001);
    expect(setup.statusId).toBe(2);
    expect(setup.refusal).toBeUndefined();
    expect(setup.original?.zone).toBe(CHICAGO);
    expect(setup.values.start).toBe('2026-12-01T09:00');
    expect(setup.original?.body).toEqual(bodyFromValues(setup.values, CHICAGO));
    expect(setup.original?.body).toEqual({
      title: 'Replace the POS terminal',
      description: { html: '<p>Swap the terminal.</p><ul><li>Bring a drill</li></ul>' },
      types_of_work: [
        { id: 62, isPrimary: true },
        { id: 4, isPrimary: false },
      ],
      service_types_new: [{ id: 61 }],
      location: { mode: 'custom', address1: '1 Main St', city: 'Gary', state: 'IN', zip: '46402', country: 'US' },
      schedule: { service_window: { mode: 'exact', start: { utc: '2026-12-01 15:00:00' } } },
      pay: { type: 'hourly', base: { amount: 45, units: 4 } },
      client: { id: 7 },
      tasks: { results: [{ description: 'Check in' }] },
      require_gps: true,
    });

    const form = new JobForm(setup.values, { original: setup.original });
    expect(form.zone).toBe(CHICAGO);
    expect(form.changes).toEqual({ changes: {}, unremovable: [] });
    expect(form.dirty).toBe(false);

    // The form's values are its own: editing them leaves the original as it was.
    form.values.title = 'Changed';
    expect(setup.original?.values.title).toBe('Replace the POS terminal');
    expect(form.changes).toEqual({ changes: { title: 'Changed' }, unremovable: [] });
  });

  it('edits an order the marketplace gives no zone for in the zone of its state', async () => {
    const order = { ...cachedOrder(), location: { mode: 'custom', address1: '1 Main St', city: 'Chicago', state: 'IL', zip: '60601', country: 'US' } } as WorkOrder;
    const { readOrder } = cache(order);
    const setup = await setUpJobForm({ kind: 'edit', id: 10001 }, readOrder);
    expect(setup.original?.zone).toBeUndefined();
    expect(setup.values.start).toBe('2026-12-01T09:00');
    const form = new JobForm(setup.values, { original: setup.original });
    expect(form.zone).toBe(CHICAGO);
    expect(form.changes).toEqual({ changes: {}, unremovable: [] });
  });

  it('fixes a refused new job from the body it queued, with the refusal on its fields', async () => {
    const body = {
      title: 'Survey',
      types_of_work: [{ id: 62, isPrimary: true }],
      location: { mode: 'custom', address1: '1 Main St', city: 'Chicago', state: 'IL', zip: '60601', country: 'US' },
      schedule: { service_window: { mode: 'between', start: { utc: '2026-07-01 14:00:00' }, end: { utc: '2026-07-01 18:00:00' } } },
      pay: { type: 'fixed', base: { amount: 5000 } },
      contacts: { results: [{ name: 'Dana', phone: '555-0100' }] },
    };
    const entry = refused('workorders:create', { order: body }, { code: 'API_REJECTED', message: 'Pay is over the budget', fields: ['order.pay.base.amount'] });
    const { reads, readOrder } = cache();
    const setup = await setUpJobForm({ kind: 'retry', entry }, readOrder);
    expect(reads).toEqual([]);
    expect(setup.heading).toBe('Fix the refused new job');
    expect(setup.entry).toBe(entry);
    expect(setup.orderId).toBeUndefined();
    expect(setup.original).toBeUndefined();
    expect(setup.refusal).toEqual({ message: 'Pay is over the budget', fields: ['order.pay.base.amount'] });
    expect(setup.values.start).toBe('2026-07-01T09:00');
    expect(setup.values.payAmount).toBe('5000');
    expect(bodyFromValues(setup.values, CHICAGO)).toEqual(body);

    const form = new JobForm(setup.values, { refusal: setup.refusal });
    expect(form.body).toEqual(body);
    expect(form.refused).toEqual(['payAmount']);
    expect(form.error('payAmount')).toBe('Pay is over the budget');
    form.values.payAmount = '500';
    expect(form.error('payAmount')).toBeUndefined();
  });

  it('says the marketplace refused when the entry keeps no reason', async () => {
    const entry = refused('workorders:create', { order: { title: 'Survey' } }, null);
    const setup = await setUpJobForm({ kind: 'retry', entry }, cache().readOrder);
    expect(setup.refusal).toEqual({ message: 'The marketplace refused this change.', fields: [] });
    expect(setup.values).toEqual({ ...emptyValues(), title: 'Survey' });
  });

  it('fixes a refused edit from the cached order with the refused changes over it', async () => {
    const changes = { title: 'Replace both terminals', pay: { type: 'hourly', base: { amount: 500, units: 4 } } };
    const entry = refused('workorders:update', { id: 10001, changes });
    const { reads, readOrder } = cache(cachedOrder());
    const setup = await setUpJobForm({ kind: 'retry', entry }, readOrder);
    expect(reads).toEqual([10001]);
    expect(setup.heading).toBe('Fix the refused edit of #10001');
    expect(setup.orderId).toBe(10001);
    expect(setup.statusId).toBe(2);
    expect(setup.entry).toBe(entry);
    expect(setup.refusal).toEqual({ message: 'Pay is over the budget', fields: ['changes.pay.base.amount'] });
    expect(setup.values.title).toBe('Replace both terminals');
    expect(setup.values.payAmount).toBe('500');
    // The rest is the order as cached, its schedule at the site.
    expect(setup.values.start).toBe('2026-12-01T09:00');
    expect(setup.values.requireGps).toBe(true);
    expect(setup.original?.body.title).toBe('Replace the POS terminal');

    const form = new JobForm(setup.values, { original: setup.original, refusal: setup.refusal });
    expect(form.changes).toEqual({ changes, unremovable: [] });
    expect(form.error('payAmount')).toBe('Pay is over the budget');
    expect(form.error('title')).toBeUndefined();
  });

  it('reads the schedule of a refused edit that moved the site at the new site, so it is not sent as changed', async () => {
    const location = { mode: 'custom', address1: '5 Ocean Ave', city: 'Santa Monica', state: 'CA', zip: '90401', country: 'US' };
    const entry = refused('workorders:update', { id: 10001, changes: { location } }, { code: 'API_REJECTED', message: 'Outside the service area', fields: ['changes.location.zip'] });
    const setup = await setUpJobForm({ kind: 'retry', entry }, cache(cachedOrder()).readOrder);
    // 15:00 UTC is 07:00 in Los Angeles in December.
    expect(setup.values.start).toBe('2026-12-01T07:00');
    const form = new JobForm(setup.values, { original: setup.original, refusal: setup.refusal });
    expect(form.zone).toBe('America/Los_Angeles');
    expect(form.changes).toEqual({ changes: { location }, unremovable: [] });
    expect(form.refused).toEqual(['zip']);
    expect(form.error('zip')).toBe('Outside the service area');
    form.values.address.city = 'Venice';
    // The zip's mark goes with any change of the location it sits in.
    expect(form.error('zip')).toBeUndefined();
  });

  it('reads a refused edit that keeps the site in its state in the order’s own zone, so only the location is sent', async () => {
    // Gary, Indiana: the marketplace placed it in Chicago; the state table alone would say Indianapolis.
    const location = { mode: 'custom', address1: '2 Main St', city: 'Gary', state: 'IN', zip: '46402', country: 'US' };
    const entry = refused('workorders:update', { id: 10001, changes: { location } }, { code: 'API_REJECTED', message: 'Unknown street', fields: ['changes.location.address1'] });
    const setup = await setUpJobForm({ kind: 'retry', entry }, cache(cachedOrder()).readOrder);
    expect(setup.values.start).toBe('2026-12-01T09:00');
    const form = new JobForm(setup.values, { original: setup.original, refusal: setup.refusal });
    expect(form.zone).toBe(CHICAGO);
    expect(form.changes).toEqual({ changes: { location }, unremovable: [] });
  });

  it('fills in a saved location a refused body names by id only, so its times are read at the site', async () => {
    const order = { title: 'At a saved site', location: { mode: 'saved', id: 55 }, schedule: { service_window: { mode: 'exact', start: { utc: '2026-12-01 15:00:00' } } } };
    const entry = refused('workorders:create', { order }, { code: 'API_REJECTED', message: 'No', fields: [] });
    const findSavedLocation = async (id: number) => (id === 55 ? { id: 55, name: 'Austin depot', address1: '1 Congress Ave', city: 'Austin', state: 'TX', zip: '78701', country: 'US' } : undefined);
    const setup = await setUpJobForm({ kind: 'retry', entry }, { readOrder: cache().readOrder, findSavedLocation });
    expect(setup.values.savedLocation).toEqual({ id: 55, name: 'Austin depot', address: '1 Congress Ave, Austin, TX 78701', state: 'TX', country: 'US' });
    // 15:00 UTC is 09:00 in Texas in December; saved again untouched, the time is what was queued.
    expect(setup.values.start).toBe('2026-12-01T09:00');
    const form = new JobForm(setup.values, { refusal: setup.refusal });
    expect(form.zone).toBe(CHICAGO);
    expect(form.body.schedule).toEqual(order.schedule);
  });

  it('copies an order at the time the marketplace shows, in the zone it placed the site in', async () => {
    const setup = await setUpJobForm({ kind: 'duplicate', id: 10001 }, cache(cachedOrder()).readOrder);
    const form = new JobForm(setup.values, { site: setup.site });
    expect(form.zone).toBe(CHICAGO);
    expect(form.body.schedule).toEqual({ service_window: { mode: 'exact', start: { utc: '2026-12-01 15:00:00' } } });
    // Moved to another state, the copy's times are read there.
    form.values.address.state = 'CA';
    expect(form.zone).toBe('America/Los_Angeles');
  });

  it('will not fix other changes, nor a create or an edit without what they queued', async () => {
    const { readOrder } = cache(cachedOrder());
    await expect(setUpJobForm({ kind: 'retry', entry: refused('workorders:publish', { id: 10001 }) }, readOrder)).rejects.toThrow('A workorders:publish change is not fixed in the job form');
    await expect(setUpJobForm({ kind: 'retry', entry: refused('workorders:create', { title: 'No order key' }) }, readOrder)).rejects.toThrow('A workorders:create change is not fixed in the job form');
    await expect(setUpJobForm({ kind: 'retry', entry: refused('workorders:update', { id: 10001 }) }, readOrder)).rejects.toThrow('A workorders:update change is not fixed in the job form');
    await expect(setUpJobForm({ kind: 'retry', entry: refused('workorders:update', null) }, readOrder)).rejects.toThrow('A workorders:update change is not fixed in the job form');
  });

  it('passes on a cache that cannot read the order', async () => {
    await expect(setUpJobForm({ kind: 'edit', id: 404 }, cache().readOrder)).rejects.toThrow('No order 404');
  });
});
