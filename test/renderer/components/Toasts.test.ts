// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import Toasts from '../../../src-renderer/components/Toasts.svelte';
import { toasts } from '../../../src-renderer/lib/toasts.svelte';
import { render, screen, user, waitFor, within } from '../support/render';

const region = () => screen.getByRole('region', { name: 'Notifications' });

describe('Toasts', () => {
  afterEach(() => toasts.items.forEach((toast) => toasts.dismiss(toast.id)));

  it('announces each toast in one polite region', async () => {
    render(Toasts);
    expect(region().getAttribute('aria-live')).toBe('polite');
    toasts.show({ message: 'Published #10012' });
    toasts.show({ message: 'Could not reach the marketplace', tone: 'danger' });
    expect(await within(region()).findByText('Published #10012')).toBeTruthy();
    expect(within(region()).getByText('Could not reach the marketplace')).toBeTruthy();
  });

  it('undoes from its Undo button, once, and goes away', async () => {
    const person = user();
    const undo = vi.fn(async () => {});
    render(Toasts);
    toasts.show({ message: 'Approved #10012', undo });
    await person.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(within(region()).queryByText('Approved #10012')).toBeNull());
  });

  it('runs its action by keyboard (Open the refused order) and is dismissed by its close button', async () => {
    const person = user();
    const run = vi.fn();
    render(Toasts);
    toasts.show({ message: 'The marketplace refused a change to #10012', action: { label: 'Open', run } });
    toasts.show({ message: 'Synced' });
    (await screen.findByRole('button', { name: 'Open' })).focus();
    await person.keyboard('{Enter}');
    expect(run).toHaveBeenCalledTimes(1);
    expect(within(region()).queryByText(/refused a change/)).toBeNull();

    await person.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(within(region()).queryByText('Synced')).toBeNull();
  });

  it('leaves by itself when its time is up', async () => {
    render(Toasts);
    toasts.show({ message: 'Saved', durationMs: 30 });
    expect(await screen.findByText('Saved')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Saved')).toBeNull());
  });
});
