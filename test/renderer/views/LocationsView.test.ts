// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import LocationsView from '../../../src-renderer/views/locations/LocationsView.svelte';
import { api, receipt, workOrderPage } from '../support/fake-api';
import { renderView } from '../support/frame';
import { screen, user, waitFor, within } from '../support/render';

vi.mock('../../../src-renderer/lib/api', () => import('../support/fake-api'));

const SAVED = [
  { id: 31, name: 'Downtown store', address1: '100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
  { id: 32, name: 'Airport hangar', address1: '3600 Presidential Blvd', city: 'Austin', state: 'TX', zip: '78719', country: 'US' },
];

/** The names of the locations the table lists. */
const names = () => within(screen.getByRole('table', { name: 'Saved locations' })).getAllByRole('button').map((button) => button.textContent);

describe('LocationsView', () => {
  beforeEach(() => {
    api.reset();
    api.answer('locations:search', ({ text }) => SAVED.filter((location) => `${location.name} ${location.city}`.toLowerCase().includes(text.toLowerCase())));
    api.answer('workorders:list', () => workOrderPage([]));
  });

  async function shown() {
    const person = user();
    renderView(LocationsView);
    await waitFor(() => expect(names()).toEqual(['Downtown store', 'Airport hangar']));
    return person;
  }

  /** Opens a location's editor from its name, by keyboard. */
  async function open(person: ReturnType<typeof user>, name: string) {
    screen.getByRole('button', { name }).focus();
    await person.keyboard('{Enter}');
    return screen.findByRole('form', { name });
  }

  it('lists the saved locations from the cache, and searches them', async () => {
    const person = await shown();
    expect(api.inputsOf('locations:search')).toEqual([{ text: '' }]);
    await person.type(screen.getByRole('searchbox', { name: 'Search saved locations' }), 'hangar');
    await waitFor(() => expect(names()).toEqual(['Airport hangar']));
    expect(api.inputsOf('locations:search').at(-1)).toEqual({ text: 'hangar' });
  });

  it('opens a location by keyboard and saves only what changed', async () => {
    const person = await shown();
    api.answer('locations:update', () => receipt(1));
    const form = await open(person, 'Downtown store');
    const city = within(form).getByRole('textbox', { name: 'City' });
    await person.clear(city);
    await person.type(city, 'Round Rock');
    await person.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.inputsOf('locations:update')).toEqual([{ id: 31, changes: { city: 'Round Rock' } }]));
    expect(await screen.findByText('Saved “Downtown store”')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
  });

  it('creates a location, marking what is missing first and sending nothing until it is there', async () => {
    const person = await shown();
    api.answer('locations:create', () => receipt(2, -1));
    await person.click(screen.getByRole('button', { name: 'New location' }));
    const form = await screen.findByRole('form', { name: 'New location' });
    await person.click(within(form).getByRole('button', { name: 'Create location' }));
    expect(within(form).getByRole('alert').textContent).toBe('Fix the marked fields first.');
    expect(within(form).getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('true');
    expect(api.count('locations:create')).toBe(0);

    await person.type(within(form).getByRole('textbox', { name: 'Name' }), 'Warehouse');
    await person.type(within(form).getByRole('textbox', { name: 'Address' }), '1 Dock St');
    await person.type(within(form).getByRole('textbox', { name: 'City' }), 'Austin');
    await person.type(within(form).getByRole('textbox', { name: 'State' }), 'TX');
    await person.type(within(form).getByRole('textbox', { name: 'ZIP' }), '78702');
    await person.click(within(form).getByRole('button', { name: 'Create location' }));
    await waitFor(() => expect(api.inputsOf('locations:create')).toHaveLength(1));
    expect(api.inputsOf('locations:create')[0]?.location).toMatchObject({ name: 'Warehouse', address1: '1 Dock St', city: 'Austin', state: 'TX', zip: '78702' });
  });

  it('asks before leaving unsaved changes for another location; Keep editing stays', async () => {
    const person = await shown();
    const form = await open(person, 'Downtown store');
    await person.type(within(form).getByRole('textbox', { name: 'Notes' }), 'Loading dock at the back');
    await person.click(screen.getByRole('button', { name: 'Airport hangar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await person.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('form', { name: 'Downtown store' })).toBeTruthy();

    await person.click(screen.getByRole('button', { name: 'Airport hangar' }));
    await person.click(within(await screen.findByRole('dialog', { name: 'Discard your changes?' })).getByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByRole('form', { name: 'Airport hangar' })).toBeTruthy();
  });

  it('deletes a location after asking', async () => {
    const person = await shown();
    api.answer('locations:delete', () => receipt(3));
    const form = await open(person, 'Airport hangar');
    await person.click(within(form).getByRole('button', { name: 'Delete…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this location?' });
    await person.click(within(dialog).getByRole('button', { name: /^Delete/ }));
    await waitFor(() => expect(api.inputsOf('locations:delete')).toEqual([{ id: 32 }]));
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
  });
});
