// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import Sidebar from '../../../src-renderer/components/Sidebar.svelte';
import { SCREENS } from '../../../src-renderer/screens';
import { render, screen, user, within } from '../support/render';

const INFO = { name: 'Field Desk', version: '0.1.0', environment: 'local', dataDir: '/data', logDir: '/logs', host: 'web', keychain: { persistent: true } } as const;

function renderSidebar(badges = {}) {
  const onnavigate = vi.fn();
  const onnewjob = vi.fn();
  const result = render(Sidebar, { screens: SCREENS, current: 'deliverables', info: INFO, badges, onnavigate, onnewjob });
  return { onnavigate, onnewjob, nav: screen.getByRole('navigation', { name: 'Main' }), ...result };
}

describe('Sidebar', () => {
  it('links every screen in order, the current one marked as the page', () => {
    const { nav } = renderSidebar();
    expect(within(nav).getAllByRole('link').map((link) => link.textContent?.trim())).toEqual(SCREENS.map((entry) => entry.label));
    expect(within(nav).getByRole('link', { current: 'page' }).textContent?.trim()).toBe('Deliverables');
    expect(within(nav).getByText('Version 0.1.0')).toBeTruthy();
    expect(within(nav).getByText('Browser mode')).toBeTruthy();
  });

  it('says what each badge counts, and shows none at zero', () => {
    renderSidebar({ 'work-orders': 3, inbox: 4, deliverables: 2, outbox: 1, locations: 0 });
    expect(screen.getByRole('link', { name: /^Work orders/ }).textContent).toContain('3 need attention');
    expect(screen.getByRole('link', { name: /^Inbox/ }).textContent).toContain('4 unread');
    expect(screen.getByRole('link', { name: /^Deliverables/ }).textContent).toContain('2 waiting for review');
    expect(screen.getByRole('link', { name: /^Outbox/ }).textContent).toContain('1 refused');
    expect(screen.getByRole('link', { name: /^Locations/ }).textContent?.trim()).toBe('Locations');
  });

  it('navigates by keyboard: New job first, then Tab through the links in order, Enter goes', async () => {
    const person = user();
    const { onnavigate, onnewjob } = renderSidebar();
    await person.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /New job/ }));
    await person.keyboard('{Enter}');
    expect(onnewjob).toHaveBeenCalledTimes(1);
    await person.tab();
    expect(document.activeElement?.textContent?.trim()).toBe('Work orders');
    await person.tab();
    expect(document.activeElement?.textContent?.trim()).toBe('Inbox');
    await person.tab();
    expect(document.activeElement?.textContent?.trim()).toBe('Dispatch');
    await person.tab();
    await person.tab();
    expect(document.activeElement?.textContent?.trim()).toBe('Locations');
    await person.keyboard('{Enter}');
    expect(onnavigate).toHaveBeenCalledWith('locations');
    await person.click(screen.getByRole('link', { name: /^Settings/ }));
    expect(onnavigate.mock.calls.map(([id]) => id)).toEqual(['locations', 'settings']);
  });

  it('follows the current screen as it changes', async () => {
    const { rerender } = renderSidebar();
    await rerender({ current: 'outbox' });
    expect(screen.getByRole('link', { current: 'page' }).textContent?.trim()).toBe('Outbox');
  });
});
