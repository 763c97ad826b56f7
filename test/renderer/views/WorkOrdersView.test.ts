// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkOrder } from '../../../src-shared/api/work-order';
import WorkOrdersView from '../../../src-renderer/views/work-orders/WorkOrdersView.svelte';
import { api, receipt, workOrder, workOrderDetail, workOrderPage } from '../support/fake-api';
import { render, screen, user, waitFor, within } from '../support/render';
import { readyDraft } from '../support/orders';

vi.mock('../../../src-renderer/lib/api', () => import('../support/fake-api'));

const ORDERS: WorkOrder[] = [
  readyDraft(10012, 'Replace the rooftop unit'),
  // In Austin: a row can say how far it is from a provider's home base.
  workOrder(10013, { title: 'Door closer', location: { city: 'Austin', state: 'TX', coordinates: { latitude: 30.2672, longitude: -97.7431, exact: false } } }),
  workOrder(10014, { title: 'Window film' }),
];

/** The grid's rows, by the title each shows. */
const titles = () => within(screen.getByRole('grid')).getAllByTestId('row-title').map((title) => title.textContent);
const focusedRow = () => document.activeElement?.closest('[role="row"]')?.querySelector('[data-testid="row-title"]')?.textContent;

describe('WorkOrdersView', () => {
  beforeEach(() => {
    api.reset();
    api.answer('views:list', () => []);
    api.answer('workorders:list', ({ list, search }) => workOrderPage(list === 'workorders_draft' ? ORDERS.slice(0, 1) : ORDERS.filter((order) => !search || order.title?.toLowerCase().includes(search.toLowerCase())), { counts: { ...workOrderPage([]).counts, workorders_all: 3, workorders_draft: 1 } }));
    api.answer('workorders:detail', ({ id }) => workOrderDetail(ORDERS.find((order) => order.id === id) ?? workOrder(id)));
    api.answer('workorders:refresh', ({ id }) => workOrderDetail(ORDERS.find((order) => order.id === id) ?? workOrder(id)));
  });

  async function shown() {
    const person = user();
    render(WorkOrdersView);
    await waitFor(() => expect(titles()).toEqual(['Replace the rooftop unit', 'Door closer', 'Window film']));
    expect(api.inputsOf('workorders:list')).toEqual([{ list: 'workorders_all', sort: 'schedule', order: 'asc', page: 1, per_page: 50 }]);
    return person;
  }

  it('lists the cached orders of the current list, with its counts in the views nav', async () => {
    await shown();
    expect(screen.getByRole('grid', { name: 'Work orders: All' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Work order views' });
    expect(within(nav).getByRole('button', { current: true }).textContent).toMatch(/All\s*3/);
  });

  it('moves through the rows with j/k and the arrows, opens one with Enter and closes it with Escape', async () => {
    const person = await shown();
    await person.keyboard('j');
    await waitFor(() => expect(focusedRow()).toBe('Replace the rooftop unit'));
    await person.keyboard('j{ArrowDown}');
    await waitFor(() => expect(focusedRow()).toBe('Window film'));
    await person.keyboard('k');
    await waitFor(() => expect(focusedRow()).toBe('Door closer'));

    await person.keyboard('{Enter}');
    const panel = await screen.findByRole('complementary', { name: 'Work order 10013' });
    expect(api.inputsOf('workorders:detail')).toEqual([{ id: 10013 }]);
    expect(await within(panel).findByRole('heading', { name: /Door closer/ })).toBeTruthy();

    await person.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('complementary')).toBeNull());
  });

  it('switches lists with g and a letter, and reads that list', async () => {
    const person = await shown();
    await person.keyboard('gu');
    expect(await screen.findByRole('grid', { name: 'Work orders: Drafts' })).toBeTruthy();
    expect(api.inputsOf('workorders:list').at(-1)).toMatchObject({ list: 'workorders_draft', page: 1 });
    await waitFor(() => expect(titles()).toEqual(['Replace the rooftop unit']));
  });

  it('searches from / and reads the cache with the words typed', async () => {
    const person = await shown();
    await person.keyboard('/');
    expect(document.activeElement).toBe(screen.getByRole('searchbox'));
    await person.keyboard('door');
    await waitFor(() => expect(titles()).toEqual(['Door closer']));
    expect(api.inputsOf('workorders:list').at(-1)).toMatchObject({ search: 'door' });
  });

  it('selects the focused row with x and offers the bulk actions', async () => {
    const person = await shown();
    await person.keyboard('jx');
    const bar = await screen.findByRole('toolbar', { name: 'Bulk actions' });
    expect(within(bar).getByText('1 selected')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select #10012' }).checked).toBe(true);
    await person.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).toBeNull());
  });

  it('publishes the focused draft with p: one write to main', async () => {
    api.answer('workorders:publish', () => receipt(1));
    const person = await shown();
    await person.keyboard('jp');
    await waitFor(() => expect(api.inputsOf('workorders:publish')).toEqual([{ id: 10012 }]));
  });

  it('says each site’s distance from a provider’s home base chosen under Filters, where the site is placed', async () => {
    api.answer('map:providers', () => [{ id: 3002, name: 'Luis Ramos', latitude: 30.5083, longitude: -97.6789 }]);
    const person = await shown();
    await person.click(screen.getByRole('button', { name: 'More filters' }));
    const panel = await screen.findByRole('dialog', { name: 'More filters' });
    await waitFor(() => expect(within(panel).getByRole('option', { name: 'Luis Ramos' })).toBeTruthy());
    await person.selectOptions(within(panel).getByRole('combobox', { name: 'Distance from' }), 'Luis Ramos');
    const rows = within(screen.getByRole('grid')).getAllByRole('row');
    await waitFor(() => expect(rows.find((row) => row.textContent?.includes('Door closer'))?.textContent).toMatch(/17 mi from Luis Ramos/));
    expect(rows.find((row) => row.textContent?.includes('Window film'))?.textContent).not.toMatch(/mi from/);
  });
});
