// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxEntry } from '../../../src-shared/ipc/outbox-channels';
import { outbox } from '../../../src-renderer/state/outbox.svelte';
import OutboxView from '../../../src-renderer/views/outbox/OutboxView.svelte';
import { api, entryId, outboxEntry } from '../support/fake-api';
import { renderView } from '../support/frame';
import { screen, user, waitFor, within } from '../support/render';

vi.mock('../../../src-renderer/lib/api', () => import('../support/fake-api'));

const refusal = (n: number, summary: string, patch: Partial<OutboxEntry> = {}) =>
  outboxEntry(n, { summary, state: 'refused', error: { code: 'API_REJECTED', message: 'Pay is below the minimum', fields: ['pay.base.amount'] }, ...patch });

/** Main's outbox: what `outbox:list` answers, and what retry and discard do to it (each followed by `outbox:changed`). */
let entries: OutboxEntry[] = [];
function mainOutbox(initial: OutboxEntry[]) {
  entries = initial;
  const changed = () => queueMicrotask(() => api.emit('outbox:changed', { pending: entries.length, refused: entries.filter((entry) => entry.state === 'refused').length }));
  api.answer('outbox:list', () => ({ entries }));
  api.answer('outbox:retry', ({ entryId: id }) => {
    entries = entries.map((entry) => (entry.id === id ? { ...entry, state: 'waiting', error: null } : entry));
    changed();
    return entries.find((entry) => entry.id === id) as OutboxEntry;
  });
  api.answer('outbox:discard', ({ entryId: id }) => {
    entries = entries.filter((entry) => entry.id !== id);
    changed();
    return { discarded: [id] };
  });
}

/** The refused changes' cards, by their headings. */
const cards = () => screen.queryAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

describe('OutboxView', () => {
  let stop: () => void = () => {};
  beforeEach(() => api.reset());
  afterEach(() => stop());

  async function shown(initial: OutboxEntry[]) {
    mainOutbox(initial);
    stop = outbox.start();
    renderView(OutboxView);
    // The store is app-wide: wait for this test's read, not the last test's entries.
    await waitFor(() => expect(outbox.entries.map((entry) => entry.summary)).toEqual(initial.map((entry) => entry.summary)));
  }

  it('shows each refused change as a card with what the marketplace said, and the queue in order', async () => {
    await shown([refusal(1, 'Publish #10012'), outboxEntry(2, { summary: 'Add expense “Parking” to #10013' }), outboxEntry(3, { summary: 'Assign #10014' })]);
    expect(cards()).toEqual(['Publish #10012']);
    const card = screen.getByRole('article', { name: 'Publish #10012' });
    expect(card.textContent).toContain('Pay is below the minimum');
    expect(card.textContent).toContain('pay.base.amount');
    const queue = screen.getByRole('list', { name: /Waiting to be sent/ });
    expect(within(queue).getAllByRole('listitem').map((row) => row.getAttribute('aria-labelledby') && document.getElementById(row.getAttribute('aria-labelledby') as string)?.textContent)).toEqual(['Add expense “Parking” to #10013', 'Assign #10014']);
  });

  it('shows what changed on the marketplace meanwhile, yours against theirs', async () => {
    await shown([refusal(1, 'Edit #10012', { kind: 'workorders:update', conflict: [{ field: 'title', yours: 'New roof', theirs: 'Old roof', before: 'Roof' }] })]);
    const table = screen.getByRole('table', { name: 'Changed on the marketplace meanwhile: Edit #10012' });
    const [, row] = within(table).getAllByRole('row');
    expect(within(row as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['New roof', 'Old roof', 'Roof']);
  });

  it('retries a refused change: one call to main, the card goes once main says so', async () => {
    const person = user();
    await shown([refusal(1, 'Publish #10012')]);
    await person.click(screen.getByRole('button', { name: /^Send again.*Publish #10012/ }));
    expect(api.inputsOf('outbox:retry')).toEqual([{ entryId: entryId(1) }]);
    await waitFor(() => expect(cards()).toEqual([]));
    expect(await screen.findByText('Sending again: Publish #10012')).toBeTruthy();
  });

  it('discards by keyboard after asking, then moves focus to the next refused change', async () => {
    const person = user();
    await shown([refusal(1, 'Publish #10012'), refusal(2, 'Assign #10014')]);
    screen.getByRole('button', { name: /^Discard.*Publish #10012/ }).focus();
    await person.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Discard this change?' });
    expect(dialog.textContent).toContain('Publish #10012');
    within(dialog).getByRole('button', { name: 'Discard change' }).focus();
    await person.keyboard('{Enter}');

    expect(api.inputsOf('outbox:discard')).toEqual([{ entryId: entryId(1) }]);
    await waitFor(() => expect(cards()).toEqual(['Assign #10014']));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Send again.*Assign #10014/ }));
  });

  it('keeps the change when the discard is not confirmed (Escape), focus back on its button', async () => {
    const person = user();
    await shown([refusal(1, 'Publish #10012')]);
    const discard = screen.getByRole('button', { name: /^Discard.*Publish #10012/ });
    discard.focus();
    await person.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Discard this change?' });
    await person.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.count('outbox:discard')).toBe(0);
    expect(cards()).toEqual(['Publish #10012']);
    expect(document.activeElement).toBe(discard);
  });

  it('says nothing waits when the outbox is empty', async () => {
    await shown([]);
    expect(screen.getByRole('status').textContent).toMatch(/Nothing waiting/);
  });
});
