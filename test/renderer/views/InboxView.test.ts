// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { InboxItem } from '../../../src-shared/ipc/inbox';
import InboxView from '../../../src-renderer/views/inbox/InboxView.svelte';
import { api, receipt } from '../support/fake-api';
import { renderView } from '../support/frame';
import { screen, user, waitFor, within } from '../support/render';

vi.mock('../../../src-renderer/lib/api', () => import('../support/fake-api'));

const message: InboxItem = {
  id: 1,
  kind: 'message',
  at: Date.UTC(2026, 10, 20, 15),
  who: 'Ana Ruiz',
  what: 'wrote “Gate code?”',
  body: 'Gate code?',
  sourceId: 501,
  providerId: 3019,
  late: false,
  read: false,
  order: { id: 10_001, title: 'Install shelving', client: { id: 7, name: 'Acme Retail' }, status: 'Assigned' },
};

describe('InboxView', () => {
  beforeEach(() => {
    api.reset();
    api.answer('inbox:list', () => ({ items: [message], more: false, unread: 1 }));
    api.answer('inbox:mark-read', () => ({ changed: 1, unread: 0 }));
    api.answer('messages:send', () => receipt(1));
  });

  async function shown() {
    const person = user();
    renderView(InboxView);
    await screen.findByRole('list', { name: 'Inbox items' });
    return person;
  }

  it('names a row by what it shows, unread last', async () => {
    await shown();
    const list = screen.getByRole('list', { name: 'Inbox items' });
    const row = within(list).getByRole('button', { name: /^Message\s*Ana Ruiz wrote “Gate code\?”\s*#10001 · Install shelving\s*Acme Retail · .*, unread$/ });
    expect(row.hasAttribute('aria-label')).toBe(false);
    await user().click(row);
    await waitFor(() => expect(within(list).getByRole('button', { name: /^Message\s*Ana Ruiz wrote “Gate code\?”\s*#10001 · Install shelving\s*Acme Retail · .*(?<!, unread)$/ })).toBe(row));
  });

  it('says the reply’s problem on its field, and takes no more than the send takes', async () => {
    const person = await shown();
    await person.click(within(screen.getByRole('list', { name: 'Inbox items' })).getByRole('button'));
    await person.keyboard('r');
    const form = await screen.findByRole('form', { name: 'Reply to Ana Ruiz' });
    const field = within(form).getByRole('textbox', { name: 'Reply to Ana Ruiz' });
    expect(field.getAttribute('maxlength')).toBe('10000');
    await person.click(within(form).getByRole('button', { name: /^Send reply/ }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const described = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Write a reply first.');
    expect(api.count('messages:send')).toBe(0);
  });
});
