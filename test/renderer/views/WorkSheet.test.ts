// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkOrder } from '../../../src-shared/api/work-order';
import WorkOrderDetail from '../../../src-renderer/views/work-order-detail/WorkOrderDetail.svelte';
import { api, workOrderDetail } from '../support/fake-api';
import { renderView, toastTexts } from '../support/frame';
import { orderIn } from '../support/orders';
import { fireEvent, screen, user, waitFor, within } from '../support/render';

vi.mock('../../../src-renderer/lib/api', () => import('../support/fake-api'));

/** Assigned, at a site with a contact, three tasks, a window schedule and hourly pay. */
const ORDER = orderIn(10019, { id: 3, name: 'Assigned' }, {
  title: 'Core switch replacement',
  client: { id: 4, name: 'Brightline Retail' },
  location: { mode: 'custom', address1: '4820 E Elwood St', city: 'Phoenix', state: 'AZ', zip: '85040', country: 'US' },
  schedule: { service_window: { mode: 'between', start: { utc: '2026-12-01 16:00:00' }, end: { utc: '2026-12-01 20:00:00' } } },
  pay: { type: 'hourly', base: { amount: 65, units: 3 } },
  assignee: { user: { id: 3008, first_name: 'Emily', last_name: 'Chen', email: 'emily@example.com' } },
  contacts: { results: [{ name: 'Marisol Reyes', role: 'Store manager', phone: '(404) 555-0142' }] },
  tasks: { results: [{ description: 'Photograph the rack' }, { description: 'Label every cable' }, { description: 'Test every VLAN' }] },
  description: { html: '<p>Replace the core switch.</p><ul><li>Move the uplinks</li></ul>' },
  confidential: { html: '<p>Alarm code 4471</p>' },
} as Partial<WorkOrder>);

async function opened(order: WorkOrder, complete = true) {
  api.answer('workorders:detail', () => workOrderDetail(order, { complete, expenseSum: { all: 40, charged: 40, uncharged: 0 } }));
  api.answer('workorders:refresh', () => workOrderDetail(order, { complete, expenseSum: { all: 40, charged: 40, uncharged: 0 } }));
  renderView(WorkOrderDetail, { id: order.id, onclose: vi.fn() });
  const panel = await screen.findByRole('complementary', { name: `Work order ${order.id}` });
  await within(panel).findByRole('heading', { level: 2, name: order.title ?? '' });
  return within(panel).getByRole('toolbar', { name: 'Actions on this order' });
}

const sheetOf = (id: number) => screen.queryByRole('article', { name: `Work sheet of work order ${id}` });

describe('the work sheet of an open order', () => {
  let print: ReturnType<typeof vi.fn>;
  /** Whether the sheet was in the page when the dialog opened (what the browser prints). */
  let sheetWhenPrinted: boolean | undefined;

  beforeEach(() => {
    api.reset();
    sheetWhenPrinted = undefined;
    print = vi.fn(() => (sheetWhenPrinted = sheetOf(10019) !== null));
    window.print = print as unknown as typeof window.print;
  });
  afterEach(() => window.dispatchEvent(new Event('afterprint')));

  it('in a browser: renders the sheet beside the app, then opens the print dialog', async () => {
    const actions = await opened(ORDER);
    await user().click(within(actions).getByRole('button', { name: 'Print work sheet' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(sheetWhenPrinted).toBe(true);

    const sheet = sheetOf(10019) as HTMLElement;
    // On the body, outside the app's root: the print stylesheet prints it alone.
    expect(sheet.parentElement).toBe(document.body);
    expect(within(sheet).getByRole('heading', { level: 1 }).textContent).toBe('Core switch replacement');
    const text = sheet.textContent ?? '';
    expect(text).toContain('Work order #10019');
    expect(text).toContain('Brightline Retail');
    expect(text).toContain('4820 E Elwood St');
    expect(text).toContain('Phoenix, AZ, 85040');
    expect(text).toContain('Marisol Reyes');
    expect(text).toContain('Store manager · (404) 555-0142');
    // The site's time and zone, with the schedule's kind in the job form's words.
    expect(text).toMatch(/Arrive within a window · Site time · America\/Phoenix/);
    expect(text).toContain('Emily Chen');
    expect(within(within(sheet).getByRole('region', { name: 'Tasks' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Photograph the rack', 'Label every cable', 'Test every VLAN']);
    expect(text).toContain('Move the uplinks');
    // Assigned: the provider sees the confidential notes.
    expect(text).toContain('Alarm code 4471');
    // The pay as the Pay section sums it: $65 × 3 h and $40 of approved expenses.
    const pay = within(sheet).getByRole('region', { name: 'Pay' }).textContent ?? '';
    expect(pay).toContain('$65/h × 3 h · hourly');
    expect(pay).toContain('$40 approved');
    expect(pay).toMatch(/Total\s*\$235/);

    // The print dialog closed: the sheet goes.
    window.dispatchEvent(new Event('afterprint'));
    await waitFor(() => expect(sheetOf(10019)).toBeNull());
  });

  it('keeps confidential notes off the sheet of an order nobody is assigned to', async () => {
    const actions = await opened({ ...ORDER, status: { id: 2, name: 'Published' }, assignee: null } as WorkOrder);
    await user().click(within(actions).getByRole('button', { name: 'Print work sheet' }));
    const sheet = await waitFor(() => {
      const found = sheetOf(10019);
      if (!found) throw new Error('no sheet yet');
      return found;
    });
    expect(sheet.textContent).not.toContain('Alarm code 4471');
    expect(sheet.textContent).toContain('Not assigned yet');
  });

  it('says so when the copy holds only the order’s list item, instead of “no tasks” and “no description”', async () => {
    const listItem = { ...ORDER, tasks: undefined, description: undefined, contacts: undefined } as WorkOrder;
    await opened(listItem, false);
    window.dispatchEvent(new Event('beforeprint'));
    const text = sheetOf(10019)?.textContent ?? '';
    expect(text).toContain('Tasks and instructions not in this copy');
    expect(text).toContain('The tasks were not in this machine’s copy when it was printed');
    expect(text).toContain('The instructions were not in this machine’s copy when it was printed');
    expect(text).not.toContain('No tasks listed');
    expect(text).not.toContain('No description');
  });

  it('prints the sheet for a print the browser starts itself, and Ctrl+P prints it too', async () => {
    await opened(ORDER);
    window.dispatchEvent(new Event('beforeprint'));
    expect(sheetOf(10019)).not.toBeNull();
    window.dispatchEvent(new Event('afterprint'));
    await waitFor(() => expect(sheetOf(10019)).toBeNull());

    await fireEvent.keyDown(window, { key: 'p', ctrlKey: true });
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
  });

  it('on the desktop: main saves it as a PDF through the Save dialog, and the sheet goes once saved', async () => {
    api.desktop = true;
    api.answer('workorders:print-pdf', () => {
      // Main prints the window as it is: the sheet must be in it.
      sheetWhenPrinted = sheetOf(10019) !== null;
      return { saved: true };
    });
    const actions = await opened(ORDER);
    await user().click(within(actions).getByRole('button', { name: 'Print work sheet' }));
    await waitFor(() => expect(api.inputsOf('workorders:print-pdf')).toEqual([{ id: 10019, title: 'Core switch replacement' }]));
    await waitFor(() => expect(toastTexts()).toContain('Saved the work sheet of #10019 as a PDF'));
    expect(sheetWhenPrinted).toBe(true);
    expect(print).not.toHaveBeenCalled();
    expect(sheetOf(10019)).toBeNull();
  });

  it('on the desktop: a cancelled Save dialog says nothing and leaves no sheet', async () => {
    api.desktop = true;
    api.answer('workorders:print-pdf', () => ({ saved: false }));
    const actions = await opened(ORDER);
    await user().click(within(actions).getByRole('button', { name: 'Print work sheet' }));
    await waitFor(() => expect(api.count('workorders:print-pdf')).toBe(1));
    await waitFor(() => expect(sheetOf(10019)).toBeNull());
    expect(toastTexts()).toEqual([]);
  });

  it('on the desktop: says why when saving fails', async () => {
    api.desktop = true;
    api.refuse('workorders:print-pdf', 'PRINT_FAILED', 'The PDF could not be written there: choose another folder.');
    const actions = await opened(ORDER);
    await user().click(within(actions).getByRole('button', { name: 'Print work sheet' }));
    await waitFor(() => expect(toastTexts()).toContain('The PDF could not be written there: choose another folder.'));
    expect(sheetOf(10019)).toBeNull();
  });
});
