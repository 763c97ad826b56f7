// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import ModalHarness from './harness/ModalHarness.svelte';
import { render, screen, user } from '../support/render';

describe('Modal', () => {
  it('opens as a named, described dialog with focus on its first field', async () => {
    const person = user();
    render(ModalHarness);
    expect(screen.queryByRole('dialog')).toBeNull();

    await person.click(screen.getByRole('button', { name: 'Rename view' }));

    const dialog = screen.getByRole('dialog', { name: 'Rename the view' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe('The name shown in the views list.');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
  });

  it('closes on Escape, tells its owner, and gives focus back to the button that opened it', async () => {
    const person = user();
    const onclose = vi.fn();
    render(ModalHarness, { onclose });
    const opener = screen.getByRole('button', { name: 'Rename view' });
    opener.focus();
    await person.keyboard('{Enter}');
    expect(screen.getByRole('dialog')).toBeTruthy();

    await person.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Dialog closed')).toBeTruthy();
    expect(onclose).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(opener);
  });

  it('stays open on Escape when its owner prevents the cancel', async () => {
    const person = user();
    render(ModalHarness, { keepOnEscape: true });
    await person.click(screen.getByRole('button', { name: 'Rename view' }));

    await person.keyboard('{Escape}');

    expect(screen.getByRole('dialog', { name: 'Rename the view' })).toBeTruthy();
    expect(screen.getByText('Dialog open')).toBeTruthy();
  });

  it('moves through its controls with Tab, in order', async () => {
    const person = user();
    render(ModalHarness);
    await person.click(screen.getByRole('button', { name: 'Rename view' }));

    await person.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await person.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));
  });

  it('closes when its owner sets open to false, focus back on the opener', async () => {
    const person = user();
    render(ModalHarness);
    await person.click(screen.getByRole('button', { name: 'Rename view' }));

    await person.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename view' }));
  });
});
