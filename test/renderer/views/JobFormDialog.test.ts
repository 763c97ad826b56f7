// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toasts } from '../../../src-renderer/lib/toasts.svelte';
import { orderRequest } from '../../../src-renderer/state/palette.svelte';
import JobFormDialog from '../../../src-renderer/views/job-form/JobFormDialog.svelte';
import { api, receipt, workOrderDetail } from '../support/fake-api';
import { orderIn } from '../support/orders';
import { render, screen, user, waitFor, within } from '../support/render';

vi.mock('../../../src-renderer/lib/api', () => import('../support/fake-api'));

const ASSIGNED = orderIn(10090, { id: 3, name: 'Assigned' }, { title: 'Rooftop unit' });

/** The job form open on `request`, its first field ready for typing. */
async function opened(request: object, name: string) {
  const person = user();
  const onclose = vi.fn();
  render(JobFormDialog, { request, onclose });
  const dialog = await screen.findByRole('dialog', { name });
  const title = await within(dialog).findByRole('textbox', { name: 'Title' });
  return { person, onclose, dialog, title };
}

describe('JobFormDialog', () => {
  beforeEach(() => api.reset());
  afterEach(() => toasts.items.forEach((toast) => toasts.dismiss(toast.id)));

  it('takes a new job’s title at once and saves it as a draft with Ctrl+Enter, then opens it', async () => {
    api.answer('workorders:create', () => receipt(1, -1));
    const { person, onclose, title } = await opened({ kind: 'create' }, 'New job');
    await waitFor(() => expect(document.activeElement).toBe(title));
    await person.keyboard('Fix the door{Control>}{Enter}{/Control}');
    await waitFor(() => expect(api.inputsOf('workorders:create')).toEqual([{ order: { title: 'Fix the door' } }]));
    expect(onclose).toHaveBeenCalledTimes(1);
    expect(orderRequest.take()).toBe(-1);
    expect(toasts.items.map((toast) => toast.message)).toEqual(['Draft “Fix the door” saved']);
  });

  it('marks a missing title and moves focus to it, sending nothing', async () => {
    const { person, dialog, title } = await opened({ kind: 'create' }, 'New job');
    await person.click(within(dialog).getByRole('button', { name: 'Save as draft' }));
    expect(within(dialog).getByRole('alert').textContent).toMatch(/^Fix the (\d+ )?marked fields? first\.$/);
    expect(title.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(api.count('workorders:create')).toBe(0);
  });

  it('says what publishing still needs on Ctrl+Shift+Enter, and queues nothing', async () => {
    const { person, dialog, title } = await opened({ kind: 'create' }, 'New job');
    title.focus();
    await person.keyboard('Fix the door{Control>}{Shift>}{Enter}{/Shift}{/Control}');
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toMatch(/^Publishing needs /));
    expect(api.count('workorders:create')).toBe(0);
    expect(api.count('workorders:publish')).toBe(0);
  });

  it('asks before Escape drops what was typed: Keep editing stays, Discard closes', async () => {
    const { person, onclose, title } = await opened({ kind: 'create' }, 'New job');
    title.focus();
    await person.keyboard('Half a job{Escape}');
    const confirm = await screen.findByRole('dialog', { name: 'Discard this job?' });
    await person.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('dialog', { name: 'New job' })).toBeTruthy();
    expect((title as HTMLInputElement).value).toBe('Half a job');
    expect(onclose).not.toHaveBeenCalled();

    title.focus();
    await person.keyboard('{Escape}');
    await person.click(within(await screen.findByRole('dialog', { name: 'Discard this job?' })).getByRole('button', { name: 'Discard' }));
    expect(onclose).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape at once when nothing was typed', async () => {
    const { person, onclose, title } = await opened({ kind: 'create' }, 'New job');
    title.focus();
    await person.keyboard('{Escape}');
    await waitFor(() => expect(onclose).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog', { name: 'Discard this job?' })).toBeNull();
  });

  it('edits an order read from main and sends only the changed title', async () => {
    api.answer('workorders:refresh', () => workOrderDetail(ASSIGNED));
    api.answer('workorders:update', () => receipt(2));
    const { person, onclose, dialog, title } = await opened({ kind: 'edit', id: 10090 }, 'Edit #10090');
    expect((title as HTMLInputElement).value).toBe('Rooftop unit');
    expect(within(dialog).queryByRole('button', { name: 'Save and publish' })).toBeNull();
    await person.clear(title);
    await person.type(title, 'Rooftop unit, second visit');
    await person.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.inputsOf('workorders:update')).toEqual([{ id: 10090, changes: { title: 'Rooftop unit, second visit' } }]));
    expect(onclose).toHaveBeenCalledTimes(1);
  });

  it('enters a typed address’s schedule in the zone main places it in: El Paso in Mountain time, not its state’s Central', async () => {
    api.answer('geo:locate', ({ city }) => ({ point: { latitude: 31.76, longitude: -106.49, exact: false }, timeZone: city === 'El Paso' ? 'America/Denver' : 'America/Chicago' }));
    const { person, dialog } = await opened({ kind: 'create' }, 'New job');
    await person.click(within(dialog).getByRole('radio', { name: 'Address' }));
    await person.type(within(dialog).getByRole('textbox', { name: 'City' }), 'El Paso');
    await person.type(within(dialog).getByRole('textbox', { name: 'State or province' }), 'TX');
    await person.click(within(dialog).getByRole('radio', { name: 'At a set time' }));
    await waitFor(() => expect(dialog.textContent).toContain('Times are at the site: America/Denver.'));
    expect(api.inputsOf('geo:locate').at(-1)).toMatchObject({ city: 'El Paso', state: 'TX' });
  });
});
