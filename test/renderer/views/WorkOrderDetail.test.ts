// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkOrder } from '../../../src-shared/api/work-order';
import { AppError } from '../../../src-shared/errors';
import { cacheChanges } from '../../../src-renderer/state/cache-changes.svelte';
import { jobForms } from '../../../src-renderer/state/job-form.svelte';
import WorkOrderDetail from '../../../src-renderer/views/work-order-detail/WorkOrderDetail.svelte';
import { api, outboxEntry, receipt, workOrderDetail } from '../support/fake-api';
import { renderView } from '../support/frame';
import { orderIn, poolOf, readyDraft } from '../support/orders';
import { screen, user, waitFor, within } from '../support/render';

vi.mock('../../../src-renderer/lib/api', () => import('../support/fake-api'));

const POOL = poolOf(7, 'Austin HVAC', [
  { id: 501, first_name: 'Ana', last_name: 'Reyes' },
  { id: 502, first_name: 'Bo', last_name: 'Chen' },
]);

/** Main holds `order` in its cache (and the marketplace has nothing newer). */
function cached(order: WorkOrder, patch: Parameters<typeof workOrderDetail>[1] = {}) {
  api.answer('workorders:detail', () => workOrderDetail(order, patch));
  api.answer('workorders:refresh', () => workOrderDetail(order, patch));
}

async function opened(order: WorkOrder, patch: Parameters<typeof workOrderDetail>[1] = {}) {
  cached(order, patch);
  const onclose = vi.fn();
  renderView(WorkOrderDetail, { id: order.id, onclose });
  const panel = await screen.findByRole('complementary', { name: `Work order ${order.id}` });
  await within(panel).findByRole('heading', { level: 2, name: order.title ?? '' });
  return { panel, onclose, actions: within(panel).getByRole('toolbar', { name: 'Actions on this order' }) };
}

describe('WorkOrderDetail: the header and its actions', () => {
  beforeEach(() => {
    api.reset();
    api.answer('talent-pools:list', () => [POOL.summary]);
    api.answer('talent-pools:providers', () => POOL.members);
  });

  it('shows the order from the cache: its title, status and sections', async () => {
    const { panel } = await opened(readyDraft(10012, 'Replace the rooftop unit'));
    expect(api.inputsOf('workorders:detail')).toEqual([{ id: 10012 }]);
    const header = within(panel).getByRole('heading', { level: 2 }).closest('header') as HTMLElement;
    expect(header.textContent).toMatch(/#10012\s*Draft/);
    for (const name of ['Overview', 'Messages', 'Expenses', 'Attachments']) expect(within(panel).getByRole('region', { name })).toBeTruthy();
  });

  it('publishes a ready draft from its action, one write to main, and says so', async () => {
    const person = user();
    api.answer('workorders:publish', () => receipt(1));
    const { actions } = await opened(readyDraft(10012, 'Replace the rooftop unit'));
    await person.click(within(actions).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(api.inputsOf('workorders:publish')).toEqual([{ id: 10012 }]));
    expect(await screen.findByText('Published #10012')).toBeTruthy();
  });

  it('offers publish only once the draft has what it needs', async () => {
    const { actions } = await opened(readyDraft(10015, 'No pay yet', { pay: null }));
    expect(within(actions).getByRole<HTMLButtonElement>('button', { name: 'Publish' }).disabled).toBe(true);
  });

  it('assigns by keyboard: the prompt lists the pools’ providers, arrows choose, the button sends', async () => {
    const person = user();
    api.answer('workorders:assign', () => receipt(2));
    const { actions } = await opened(orderIn(10020, { id: 2, name: 'Published' }, { title: 'Published order' }));
    within(actions).getByRole('button', { name: 'Assign…' }).focus();
    await person.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Assign: #10020' });
    expect(document.activeElement).toBe(within(dialog).getByRole('searchbox', { name: 'Find a provider' }));
    const providers = within(dialog).getByRole('radiogroup', { name: 'Provider' });
    await waitFor(() => expect(within(providers).getAllByRole('radio')).toHaveLength(2));
    await person.tab();
    await person.keyboard('{ArrowDown}');
    expect(within(providers).getByRole<HTMLInputElement>('radio', { name: /Bo Chen/ }).checked).toBe(true);
    await person.tab();
    await person.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Assign' }));
    await person.keyboard('{Enter}');

    await waitFor(() => expect(api.inputsOf('workorders:assign')).toEqual([{ id: 10020, providerId: 502 }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  // The prompt's action runs once the dialog has closed, so focus goes back to what opened it.
  it('gives focus back to the action once the prompt is sent', async () => {
    const person = user();
    api.answer('workorders:assign', () => receipt(2));
    const { actions } = await opened(orderIn(10020, { id: 2, name: 'Published' }, { title: 'Published order' }));
    await person.click(within(actions).getByRole('button', { name: 'Assign…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign: #10020' });
    await person.click(await within(dialog).findByRole('radio', { name: /Ana Reyes/ }));
    await person.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(within(actions).getByRole('button', { name: 'Assign…' }));
  });

  it('asks for a provider before assigning, and sends nothing on Escape', async () => {
    const person = user();
    const { actions } = await opened(orderIn(10021, { id: 2, name: 'Published' }, { title: 'Another' }));
    await person.click(within(actions).getByRole('button', { name: 'Assign…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign: #10021' });
    await person.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose a provider.');
    await person.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.count('workorders:assign')).toBe(0);
    expect(document.activeElement).toBe(within(actions).getByRole('button', { name: 'Assign…' }));
  });

  it('says what the marketplace refused, from the order’s outbox entries', async () => {
    const refused = outboxEntry(3, { workOrderId: 10030, summary: 'Publish', state: 'refused', error: { code: 'API_REJECTED', message: 'Pay is below the minimum', fields: [] } });
    const { panel } = await opened(readyDraft(10030, 'Refused order'), { outbox: [refused] });
    const alert = within(panel).getByRole('alert');
    expect(alert.textContent).toContain('Publish');
    expect(alert.textContent).toContain('Pay is below the minimum');
  });

  it('closes from its close button', async () => {
    const person = user();
    const { panel, onclose } = await opened(readyDraft(10012, 'Replace the rooftop unit'));
    await person.click(within(panel).getByRole('button', { name: 'Close work order' }));
    expect(onclose).toHaveBeenCalledTimes(1);
  });

  it('follows an order created offline to the marketplace’s id when the pull after a reconnect comes in the same burst', async () => {
    const stop = cacheChanges.start();
    try {
      const draft = readyDraft(-1, 'Badge printer service');
      await opened(draft);
      const published = { ...draft, id: 10_041 };
      api.answer('workorders:detail', ({ id }) => (id === 10_041 ? workOrderDetail(published) : Promise.reject(new AppError('WORK_ORDER_NOT_FOUND', 'That work order is not in the offline copy.'))));
      api.emit('workorders:did-change', { ids: [10_041], renamed: [{ from: -1, to: 10_041 }] });
      api.emit('workorders:did-change', { all: true });
      const panel = await screen.findByRole('complementary', { name: 'Work order 10041' });
      await within(panel).findByRole('heading', { level: 2, name: 'Badge printer service' });
      expect(within(panel).queryByText(/That work order is not/)).toBeNull();
    } finally {
      stop();
    }
  });

  it('duplicates from the More menu, by keyboard', async () => {
    const person = user();
    const { actions } = await opened(readyDraft(10012, 'Replace the rooftop unit'));
    within(actions).getByRole('button', { name: 'More actions' }).focus();
    await person.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(document.activeElement?.closest('[role="menu"]')).toBe(menu));
    const items = within(menu).getAllByRole('menuitem');
    expect(items.at(-1)?.textContent?.trim()).toBe('Duplicate as a new job');
    for (let step = 0; step < items.length && document.activeElement !== items.at(-1); step += 1) await person.keyboard('{ArrowDown}');
    await person.keyboard('{Enter}');
    expect(jobForms.request).toEqual({ kind: 'duplicate', id: 10012 });
    jobForms.close();
  });
});
