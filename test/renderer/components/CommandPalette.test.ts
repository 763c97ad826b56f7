// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CommandPalette from '../../../src-renderer/components/CommandPalette.svelte';
import { registerShortcut } from '../../../src-renderer/lib/shortcuts';
import { orderRequest, palette } from '../../../src-renderer/state/palette.svelte';
import { AppError } from '../../../src-shared/errors';
import { api, workOrder, workOrderPage } from '../support/fake-api';
import { render, screen, user, waitFor, within } from '../support/render';

vi.mock('../../../src-renderer/lib/api', () => import('../support/fake-api'));

const ran: string[] = [];
const command = (label: string, group = 'General') => ({ id: label, label, group, run: () => void ran.push(label) });

/** What an element says, its white space collapsed. */
const text = (element: Element) => element.textContent?.replace(/\s+/g, ' ').trim();
/** The highlighted item's text: where Enter acts. */
const highlighted = () => text(screen.getByRole('option', { selected: true }));

describe('CommandPalette', () => {
  let stops: (() => void)[] = [];
  beforeEach(() => {
    api.reset();
    ran.length = 0;
    stops = [
      palette.addSource(() => [command('New job'), command('Go to Outbox', 'Go to'), command('Go to Settings', 'Go to')]),
      registerShortcut({ keys: ['?'], group: 'General', description: 'Keyboard shortcuts', run: () => void ran.push('sheet') }),
    ];
  });
  afterEach(() => {
    stops.forEach((stop) => stop());
    palette.open = false;
  });

  async function opened() {
    const ongotoorder = vi.fn();
    render(CommandPalette, { ongotoorder });
    palette.open = true;
    const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
    return { dialog, ongotoorder, input: within(dialog).getByRole('combobox') };
  }

  it('opens as a dialog listing the commands by group, with the registered keys', async () => {
    const { dialog } = await opened();
    const list = within(dialog).getByRole('listbox', { name: 'Commands and work orders' });
    expect(within(list).getAllByRole('option').map(text)).toEqual(['New job', 'Keyboard shortcuts ?', 'Go to Outbox', 'Go to Settings']);
    expect(within(list).getByText('Go to')).toBeTruthy();
  });

  it('takes typing at once, and narrows the commands to the words typed', async () => {
    const person = user();
    api.answer('workorders:list', () => workOrderPage([]));
    api.answer('workorders:get', () => Promise.reject(new Error('not used')));
    const { input } = await opened();
    await waitFor(() => expect(document.activeElement).toBe(input));
    await person.keyboard('settings');
    await waitFor(() => expect(screen.getAllByRole('option').map(text)).toEqual(['Go to Settings']));
  });

  it('moves the highlight with the arrows and runs the highlighted command with Enter, then closes', async () => {
    const person = user();
    const { input } = await opened();
    input.focus();
    await waitFor(() => expect(highlighted()).toBe('New job'));
    await person.keyboard('{ArrowDown}{ArrowDown}');
    expect(highlighted()).toBe('Go to Outbox');
    await person.keyboard('{ArrowUp}');
    expect(highlighted()).toBe('Keyboard shortcuts ?');
    await person.keyboard('{ArrowDown}{Enter}');
    expect(ran).toEqual(['Go to Outbox']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(palette.open).toBe(false);
  });

  /** Main as it answers: the exact number when the cache has it, and the search's rows. */
  function ordersInCache() {
    api.answer('workorders:get', ({ id }) => {
      if (id !== 10077) throw new AppError('WORK_ORDER_NOT_FOUND');
      return workOrder(id, { title: 'Replace the rooftop unit', status: { id: 3, name: 'Assigned' } });
    });
    api.answer('workorders:list', () => workOrderPage([workOrder(10012, { title: 'Rooftop follow-up' })]));
  }

  it('finds orders by number over the cache, the exact one first, and goes to it with Enter', async () => {
    const person = user();
    ordersInCache();
    const { input, ongotoorder } = await opened();
    input.focus();
    await person.paste('#10077');
    await waitFor(() => expect(screen.getAllByRole('option').slice(0, 2).map(text)).toEqual(['#10077 Replace the rooftop unit Assigned', '#10012 Rooftop follow-up']));
    expect(api.inputsOf('workorders:get')).toEqual([{ id: 10077 }]);
    expect(api.inputsOf('workorders:list')).toEqual([{ list: 'workorders_all', search: '10077', per_page: 8 }]);
    await waitFor(() => expect(highlighted()).toContain('#10077'));

    await person.keyboard('{Enter}');
    expect(orderRequest.take()).toBe(10077);
    expect(ongotoorder).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  // Typed key by key, an earlier keystroke's answer (#10012, found for "1007") must not keep the
  // highlight when the exact number arrives above it.
  it('highlights the exact number typed key by key, not a row from an earlier keystroke', async () => {
    const person = user();
    ordersInCache();
    const { input } = await opened();
    input.focus();
    await person.keyboard('10077');
    await waitFor(() => expect(screen.getAllByRole('option').slice(0, 2).map(text)).toEqual(['#10077 Replace the rooftop unit Assigned', '#10012 Rooftop follow-up']));
    await waitFor(() => expect(highlighted()).toContain('#10077'), { timeout: 300 });
  });

  // The cache's search also reads instructions ("upload the photos as deliverables"): the command
  // named by the words typed keeps Enter, however fast the orders' answer comes.
  it('keeps a matching command highlighted above orders found by their text, and lists those orders after it', async () => {
    const person = user();
    api.answer('workorders:get', () => Promise.reject(new AppError('WORK_ORDER_NOT_FOUND')));
    api.answer('workorders:list', () => workOrderPage([workOrder(10031, { title: 'Settings of the rooftop unit' })]));
    const { input } = await opened();
    input.focus();
    await person.keyboard('settings');
    await waitFor(() => expect(screen.getAllByRole('option').map(text)).toEqual(['Go to Settings', '#10031 Settings of the rooftop unit']));
    expect(highlighted()).toBe('Go to Settings');
    await person.keyboard('{Enter}');
    expect(ran).toEqual(['Go to Settings']);
  });

  it('closes on Escape and forgets what was typed', async () => {
    const person = user();
    api.answer('workorders:list', () => workOrderPage([]));
    const { input } = await opened();
    input.focus();
    await person.keyboard('zzz');
    expect(await screen.findByText('Nothing matches “zzz”.')).toBeTruthy();
    await person.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    palette.open = true;
    expect(((await screen.findByRole('combobox')) as HTMLInputElement).value).toBe('');
  });
});
