// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ShortcutSheet from '../../../src-renderer/components/ShortcutSheet.svelte';
import { registerShortcut } from '../../../src-renderer/lib/shortcuts';
import { render, screen, user, within } from '../support/render';

function registered() {
  const stops = [
    registerShortcut({ keys: ['Mod+k'], group: 'General', description: 'Command palette', run: () => {} }),
    registerShortcut({ keys: ['j', 'ArrowDown'], group: 'List', description: 'Next work order', run: () => {} }),
    registerShortcut({ keys: ['g o'], group: 'Go to', description: 'Outbox screen', run: () => {} }),
  ];
  return () => stops.forEach((stop) => stop());
}

/** What one group of the sheet says: each key (or keys) and what it does. */
function group(name: string) {
  const section = screen.getByRole('region', { name });
  const keys = within(section).getAllByRole('term').map((term) => term.textContent);
  const does = within(section).getAllByRole('definition').map((definition) => definition.textContent);
  return keys.map((key, index) => [key, does[index]]);
}

describe('ShortcutSheet', () => {
  let stop: () => void;
  beforeEach(() => (stop = registered()));
  afterEach(() => stop());

  it('lists what the registered keys do now, by group, keys as the keyboard names them', () => {
    render(ShortcutSheet, { open: true });
    expect(screen.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy();
    expect(group('General')).toEqual([['Ctrl K', 'Command palette']]);
    expect(group('List')).toEqual([['Jor↓', 'Next work order']]);
    expect(group('Go to')).toEqual([['G O', 'Outbox screen']]);
    // No empty group.
    expect(screen.queryByRole('region', { name: 'Actions' })).toBeNull();
  });

  it('closes with its Close button and with Escape', async () => {
    const person = user();
    const { rerender } = render(ShortcutSheet, { open: true });
    await person.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await rerender({ open: true });
    expect(screen.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy();
    await person.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
