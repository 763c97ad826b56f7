// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavedView } from '../../../src-shared/ipc/channels';
import WorkOrdersView from '../../../src-renderer/views/work-orders/WorkOrdersView.svelte';
import { api, workOrder, workOrderPage } from '../support/fake-api';
import { render, screen, user, waitFor, within } from '../support/render';

vi.mock('../../../src-renderer/lib/api', () => import('../support/fake-api'));

/** Main's saved views, as `views:list` answers and `views:save` / `views:delete` change them. */
let views: SavedView[] = [];
const nav = () => screen.getByRole('navigation', { name: 'Work order views' });
const lastRead = () => api.inputsOf('workorders:list').at(-1);

describe('WorkOrdersView: the views nav and the toolbar', () => {
  beforeEach(() => {
    api.reset();
    views = [{ id: 4, name: 'Austin drafts', query: { list: 'workorders_draft', search: 'austin', sort: 'schedule', order: 'asc' } }];
    api.answer('views:list', () => views);
    api.answer('views:save', ({ name, query }) => {
      const saved = { id: 5, name, query };
      views = [...views, saved];
      return saved;
    });
    api.answer('views:delete', ({ id }) => {
      views = views.filter((view) => view.id !== id);
      return { deleted: true };
    });
    api.answer('workorders:list', () => workOrderPage([workOrder(10012, { title: 'Rooftop unit' })], { counts: { ...workOrderPage([]).counts, workorders_all: 1, workorders_draft: 1 } }));
  });

  async function shown() {
    const person = user();
    render(WorkOrdersView);
    await within(nav()).findByRole('button', { name: 'Austin drafts' });
    await screen.findByRole('grid');
    return person;
  }

  it('changes list from the nav by keyboard, the chosen one marked current', async () => {
    const person = await shown();
    within(nav()).getByRole('button', { name: /^Drafts/ }).focus();
    await person.keyboard('{Enter}');
    await waitFor(() => expect(lastRead()).toMatchObject({ list: 'workorders_draft', page: 1 }));
    expect(within(nav()).getByRole('button', { current: true }).textContent).toMatch(/^Drafts/);
    expect(await screen.findByRole('grid', { name: 'Work orders: Drafts' })).toBeTruthy();
  });

  it('applies a saved view: its list, search and sort in one read', async () => {
    const person = await shown();
    await person.click(within(nav()).getByRole('button', { name: 'Austin drafts' }));
    await waitFor(() => expect(lastRead()).toMatchObject({ list: 'workorders_draft', search: 'austin', sort: 'schedule', order: 'asc' }));
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('austin');
  });

  it('saves the list as it is under a name typed at once, and lists it', async () => {
    const person = await shown();
    await person.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Pay');
    await waitFor(() => expect(lastRead()).toMatchObject({ sort: 'pay' }));
    await person.click(within(nav()).getByRole('button', { name: 'Save view…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    await person.keyboard('{Enter}');
    expect(within(dialog).getByRole('alert').textContent).toBe('Give the view a name.');
    await person.keyboard('By pay{Enter}');
    await waitFor(() => expect(api.inputsOf('views:save')).toEqual([{ name: 'By pay', query: { list: 'workorders_all', sort: 'pay', order: 'asc' } }]));
    expect(await within(nav()).findByRole('button', { name: 'By pay' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('deletes a saved view from its own button', async () => {
    const person = await shown();
    await person.click(within(nav()).getByRole('button', { name: 'Delete view Austin drafts' }));
    expect(api.inputsOf('views:delete')).toEqual([{ id: 4 }]);
    await waitFor(() => expect(within(nav()).queryByRole('button', { name: 'Austin drafts' })).toBeNull());
  });

  it('reverses the order from its toggle, named for what it does', async () => {
    const person = await shown();
    await person.click(screen.getByRole('button', { name: 'Ascending: sort descending' }));
    await waitFor(() => expect(lastRead()).toMatchObject({ sort: 'schedule', order: 'desc' }));
    expect(screen.getByRole('button', { name: 'Descending: sort ascending' })).toBeTruthy();
  });
});
