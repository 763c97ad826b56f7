// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import ChoiceList from '../../../src-renderer/components/ChoiceList.svelte';
import { render, screen, user } from '../support/render';

const THEMES = [
  { value: 'system', label: 'Follow the system' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
] as const;

function renderThemes(value: string | undefined = 'light') {
  const onchange = vi.fn();
  render(ChoiceList, { label: 'Theme', options: THEMES, value, onchange });
  return { onchange, group: screen.getByRole('radiogroup', { name: 'Theme' }) };
}

const checked = () => screen.getAllByRole('radio').filter((radio) => (radio as HTMLInputElement).checked).map((radio) => radio.getAttribute('value'));

describe('ChoiceList', () => {
  it('is a named radio group with one named radio per choice, the value checked', () => {
    renderThemes();
    expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent?.trim())).toEqual(['Follow the system', 'Light', 'Dark']);
    expect((screen.getByRole('radio', { name: 'Light' }) as HTMLInputElement).checked).toBe(true);
    expect(checked()).toEqual(['light']);
  });

  it('shows its label as a heading when asked, and is named by it', () => {
    render(ChoiceList, { label: 'Theme', showLabel: true, options: THEMES, value: undefined });
    expect(screen.getByRole('radiogroup', { name: 'Theme' })).toBeTruthy();
    expect(screen.getByText('Theme')).toBeTruthy();
    expect(checked()).toEqual([]);
  });

  it('moves the choice with the arrow keys, telling each change', async () => {
    const person = user();
    const { onchange } = renderThemes();
    screen.getByRole('radio', { name: 'Light' }).focus();

    await person.keyboard('{ArrowDown}');
    expect(checked()).toEqual(['dark']);
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Dark' }));
    await person.keyboard('{ArrowUp}{ArrowUp}');
    expect(checked()).toEqual(['system']);

    expect(onchange.mock.calls.map(([value]) => value)).toEqual(['dark', 'light', 'system']);
  });

  it('chooses with Space and with a click', async () => {
    const person = user();
    const { onchange } = renderThemes(undefined);
    screen.getByRole('radio', { name: 'Dark' }).focus();
    await person.keyboard(' ');
    expect(checked()).toEqual(['dark']);
    await person.click(screen.getByText('Follow the system'));
    expect(checked()).toEqual(['system']);
    expect(onchange.mock.calls.map(([value]) => value)).toEqual(['dark', 'system']);
  });

  it('is one Tab stop: Tab enters on the chosen radio and leaves the group', async () => {
    const person = user();
    renderThemes('dark');
    await person.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Dark' }));
    await person.tab();
    expect(document.activeElement).toBe(document.body);
  });
});
