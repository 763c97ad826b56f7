// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkOrder } from '../../../src-shared/api/work-order';
import { toasts } from '../../../src-renderer/lib/toasts.svelte';
import { orderRequest } from '../../../src-renderer/state/palette.svelte';
import { reference } from '../../../src-renderer/state/reference.svelte';
import JobFormDialog from '../../../src-renderer/views/job-form/JobFormDialog.svelte';
import { api, receipt, workOrderDetail } from '../support/fake-api';
import { orderIn } from '../support/orders';
import { render, screen, user, waitFor, within } from '../support/render';

vi.mock('../../../src-renderer/lib/api', () => import('../support/fake-api'));

// The job form's auto-dispatch part: the switch sets the order's auto_dispatch, and with it on,
// Save and publish queues the auto-dispatch (the rule and route-or-assign chosen) after the create
// instead of a plain publish.

const POS = { types_of_work: [{ id: 62, name: 'Point of Sale (POS)', isPrimary: true }], service_types_new: [{ id: 61, name: 'Installation' }] } as Partial<WorkOrder>;
/** A draft with everything auto-dispatch needs but the flag, to copy. */
const READY = orderIn(10005, { id: 1, name: 'Draft' }, { title: 'Install two POS terminals', ...POS });
const RULES = [
  { id: 1101, name: 'Nearest qualified provider' },
  { id: 1102, name: 'Best rated within 250 miles' },
];

async function opened(request: object, name: string) {
  const person = user();
  render(JobFormDialog, { request, onclose: vi.fn() });
  const dialog = await screen.findByRole('dialog', { name });
  await within(dialog).findByRole('textbox', { name: 'Title' });
  return { person, dialog, autoDispatch: within(dialog).getByRole('switch', { name: 'Auto-dispatch' }) };
}

describe('the job form’s auto-dispatch', () => {
  beforeEach(() => {
    api.reset();
    reference.lists = { ...reference.lists, selectionRules: RULES };
  });
  afterEach(() => toasts.items.forEach((toast) => toasts.dismiss(toast.id)));

  it('is off for a new job, and shows the rule and the mode only once on', async () => {
    const { person, dialog, autoDispatch } = await opened({ kind: 'create' }, 'New job');
    expect((autoDispatch as HTMLInputElement).checked).toBe(false);
    expect(within(dialog).queryByRole('combobox', { name: 'Selection rule' })).toBeNull();
    autoDispatch.focus();
    await person.keyboard(' ');
    const rule = within(dialog).getByRole('combobox', { name: 'Selection rule' });
    expect([...(rule as HTMLSelectElement).options].map((option) => option.text)).toEqual(['Best rated for the type of work', ...RULES.map((entry) => entry.name)]);
    const mode = within(dialog).getByRole('radiogroup', { name: 'With the best match' });
    expect((within(mode).getByRole('radio', { name: 'Assign the best match' }) as HTMLInputElement).checked).toBe(true);
    // Publishing with it asks for a service type too.
    expect(within(dialog).getByRole('list', { name: 'Publish requirements' }).textContent).toContain('A service type, for auto-dispatch: missing');
  });

  it('saves and publishes through auto-dispatch, by the rule chosen, routing', async () => {
    api.answer('workorders:refresh', () => workOrderDetail(READY));
    api.answer('workorders:create', () => receipt(1, -1));
    api.answer('workorders:auto-dispatch', () => receipt(2));
    const { person, dialog, autoDispatch } = await opened({ kind: 'duplicate', id: 10005 }, 'Duplicate #10005');
    await person.click(autoDispatch);
    await person.selectOptions(within(dialog).getByRole('combobox', { name: 'Selection rule' }), 'Nearest qualified provider');
    await person.click(within(dialog).getByRole('radio', { name: 'Route to the best match' }));
    await person.click(within(dialog).getByRole('button', { name: 'Save and publish' }));

    await waitFor(() => expect(api.inputsOf('workorders:auto-dispatch')).toEqual([{ ids: [-1], selectionRuleId: 1101, shouldRoute: true }]));
    expect(api.inputsOf('workorders:create')).toEqual([{ order: expect.objectContaining({ title: 'Install two POS terminals', auto_dispatch: true, service_types_new: [{ id: 61 }] }) }]);
    // The marketplace publishes a Draft itself before dispatching it: no publish of our own.
    expect(api.count('workorders:publish')).toBe(0);
    expect(toasts.items.map((toast) => toast.message)).toEqual(['“Install two POS terminals” saved; auto-dispatch routes it to the best match when the outbox sends it']);
    expect(orderRequest.take()).toBe(-1);
  });

  it('assigns the best rated for the type of work by default', async () => {
    api.answer('workorders:refresh', () => workOrderDetail({ ...READY, auto_dispatch: true }));
    api.answer('workorders:create', () => receipt(1, -2));
    api.answer('workorders:auto-dispatch', () => receipt(2));
    const { person, dialog, autoDispatch } = await opened({ kind: 'duplicate', id: 10005 }, 'Duplicate #10005');
    // A copy of an order with the flag keeps it.
    expect((autoDispatch as HTMLInputElement).checked).toBe(true);
    await person.click(within(dialog).getByRole('button', { name: 'Save and publish' }));
    await waitFor(() => expect(api.inputsOf('workorders:auto-dispatch')).toEqual([{ ids: [-2] }]));
    orderRequest.take();
  });

  it('publishes plainly with the switch off', async () => {
    api.answer('workorders:refresh', () => workOrderDetail(READY));
    api.answer('workorders:create', () => receipt(1, -3));
    api.answer('workorders:publish', () => receipt(2));
    const { person, dialog } = await opened({ kind: 'duplicate', id: 10005 }, 'Duplicate #10005');
    await person.click(within(dialog).getByRole('button', { name: 'Save and publish' }));
    await waitFor(() => expect(api.inputsOf('workorders:publish')).toEqual([{ id: -3 }]));
    expect(api.count('workorders:auto-dispatch')).toBe(0);
    expect(api.inputsOf('workorders:create')[0]).not.toHaveProperty('order.auto_dispatch');
    orderRequest.take();
  });

  it('shows and keeps an edited order’s flag, and can take it off', async () => {
    const published = { ...READY, status: { id: 2, name: 'Published' }, auto_dispatch: true } as WorkOrder;
    api.answer('workorders:refresh', () => workOrderDetail(published));
    api.answer('workorders:update', () => receipt(3));
    const { person, dialog, autoDispatch } = await opened({ kind: 'edit', id: 10005 }, 'Edit #10005');
    expect((autoDispatch as HTMLInputElement).checked).toBe(true);
    // Not published by this save: the rule is chosen when the action is taken.
    expect(within(dialog).queryByRole('combobox', { name: 'Selection rule' })).toBeNull();
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await person.type(title, ', lanes 1 and 2');
    await person.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.inputsOf('workorders:update')).toEqual([{ id: 10005, changes: { title: 'Install two POS terminals, lanes 1 and 2' } }]));
  });

  it('sends auto_dispatch: false when the coordinator turns it off on an order', async () => {
    api.answer('workorders:refresh', () => workOrderDetail({ ...READY, auto_dispatch: true }));
    api.answer('workorders:update', () => receipt(3));
    const { person, dialog, autoDispatch } = await opened({ kind: 'edit', id: 10005 }, 'Edit #10005');
    await person.click(autoDispatch);
    await person.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.inputsOf('workorders:update')).toEqual([{ id: 10005, changes: { auto_dispatch: false } }]));
  });
});
