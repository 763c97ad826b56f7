// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EnvironmentSummary, Settings } from '../../../src-shared/ipc/channels';
import { DEFAULT_SETTINGS } from '../../../src-shared/ipc/channels';
import { appState } from '../../../src-renderer/lib/app-state.svelte';
import SettingsView from '../../../src-renderer/views/settings/SettingsView.svelte';
import { api } from '../support/fake-api';
import { renderView } from '../support/frame';
import { screen, user, waitFor, within } from '../support/render';

vi.mock('../../../src-renderer/lib/api', () => import('../support/fake-api'));

const INFO = { name: 'Field Desk', version: '0.1.0', environment: 'local', dataDir: '/home/ana/.field-desk', logDir: '/home/ana/.field-desk/logs', host: 'web', keychain: { persistent: false, reason: 'No keychain answered' } } as const;
const environment = (id: EnvironmentSummary['id'], label: string, patch: Partial<EnvironmentSummary> = {}): EnvironmentSummary => ({
  id,
  label,
  urls: null,
  editable: id !== 'local',
  configured: id === 'local',
  credentialsStored: false,
  signedIn: false,
  active: false,
  cacheFile: `${id}.sqlite`,
  ...patch,
});

describe('SettingsView', () => {
  let settings: Settings;
  let stop: () => void = () => {};
  beforeEach(() => {
    api.reset();
    settings = { ...DEFAULT_SETTINGS, theme: 'light' };
    api.answer('app:info', () => INFO);
    api.answer('settings:get', () => settings);
    api.answer('settings:update', (change) => (settings = { ...settings, ...change }));
    api.answer('environments:list', () => [
      environment('local', 'Local marketplace', { active: true, signedIn: true }),
      environment('sandbox', 'Sandbox', { configured: true, urls: { baseUrl: 'https://sandbox.example.test/api/rest/v2', authUrl: 'https://sandbox.example.test/auth', webhookUrl: 'https://sandbox.example.test' } }),
    ]);
    stop = appState.start();
  });
  afterEach(() => stop());

  async function shown() {
    const person = user();
    renderView(SettingsView);
    await screen.findByRole('listitem', { name: 'Sandbox' });
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Light' }).checked).toBe(true));
    return person;
  }

  it('lists the environments, the one in use marked, and says where the app keeps its data', async () => {
    await shown();
    const environments = screen.getByRole('list', { name: 'Environments' });
    expect(within(environments).getByRole('listitem', { current: true }).getAttribute('aria-label')).toBe('Local marketplace');
    expect(within(screen.getByRole('listitem', { name: 'Local marketplace' })).getByText('Signed in')).toBeTruthy();
    expect(screen.getByTestId('app-data-dir').textContent).toBe('/home/ana/.field-desk');
    expect(screen.getByTestId('app-credentials').textContent).toMatch(/Kept for this session only/);
  });

  it('changes the theme with the arrow keys, each choice saved through main', async () => {
    const person = await shown();
    expect(screen.getByRole('radiogroup', { name: 'Theme' })).toBeTruthy();
    screen.getByRole('radio', { name: 'Light' }).focus();
    await person.keyboard('{ArrowRight}');
    await waitFor(() => expect(api.inputsOf('settings:update')).toEqual([{ theme: 'dark' }]));
    expect(appState.resolvedTheme).toBe('dark');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Dark' }).checked).toBe(true);
  });

  it('turns desktop notifications on from their switch', async () => {
    const person = await shown();
    const toggle = screen.getByRole<HTMLInputElement>('switch', { name: /Notify me while Field Desk is out of sight/ });
    const before = toggle.checked;
    toggle.focus();
    await person.keyboard(' ');
    await waitFor(() => expect(api.inputsOf('settings:update')).toEqual([{ notifications: !before }]));
  });

  it('chooses the Inbox kinds that notify, by keyboard, each choice saved whole; the group is disabled while notifications are off', async () => {
    const person = await shown();
    const kinds = screen.getByRole('group', { name: 'New in the Inbox' });
    const boxes = within(kinds).getAllByRole<HTMLInputElement>('checkbox');
    expect(boxes.map((box) => [box.labels?.[0]?.textContent?.trim(), box.checked])).toEqual([
      ['Messages', true],
      ['Requests and counter-offers', true],
      ['ETAs and delays', true],
      ['Check-ins and check-outs, late ones included', true],
      ['Problems', true],
      ['Deliverables to review', true],
    ]);
    within(kinds).getByRole('checkbox', { name: 'Messages' }).focus();
    await person.keyboard(' ');
    for (const _group of ['requests', 'arrivals', 'visits', 'problems']) await person.tab();
    expect(document.activeElement).toBe(within(kinds).getByRole('checkbox', { name: 'Problems' }));
    await person.keyboard(' ');
    await waitFor(() => expect(api.inputsOf('settings:update')).toEqual([{ noticeKinds: { messages: false } }, { noticeKinds: { messages: false, problems: false } }]));
    expect(within(kinds).getByRole<HTMLInputElement>('checkbox', { name: 'Problems' }).checked).toBe(false);

    screen.getByRole('switch', { name: /Notify me while Field Desk is out of sight/ }).click();
    await waitFor(() => expect((kinds as HTMLFieldSetElement).disabled).toBe(true));
    expect(within(kinds).getByText('Turn notifications on to choose.')).toBeTruthy();
  });

  it('stores credentials for an environment through its dialog, checking the fields first', async () => {
    const person = await shown();
    api.answer('credentials:set', () => ({ stored: true }));
    api.answer('session:sign-in', () => ({ environment: 'sandbox', state: 'signed-in' }));
    const sandbox = screen.getByRole('listitem', { name: 'Sandbox' });
    await person.click(within(sandbox).getByRole('button', { name: 'Credentials…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sandbox: credentials' });
    await person.click(within(dialog).getByRole('button', { name: 'Store and sign in' }));
    // The problem is the field's description, not part of its name.
    const clientId = within(dialog).getByRole('textbox', { name: 'Client id' });
    expect(clientId.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(clientId.getAttribute('aria-describedby') ?? '')?.textContent).toBeTruthy();
    expect(api.count('credentials:set')).toBe(0);

    await person.type(clientId, 'client-1');
    await person.type(within(dialog).getByLabelText(/^Client secret/), 'shh');
    await person.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'ana');
    await person.type(within(dialog).getByLabelText(/^Password/), 'pw{Enter}');
    await waitFor(() => expect(api.inputsOf('credentials:set')).toEqual([{ environment: 'sandbox', clientId: 'client-1', clientSecret: 'shh', username: 'ana', password: 'pw' }]));
    await waitFor(() => expect(api.inputsOf('session:sign-in')).toEqual([{ environment: 'sandbox' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sets the map’s online tiles only to an https address with {z}, {x} and {y}, and turns them off again', async () => {
    const person = await shown();
    const section = screen.getByRole('region', { name: 'Map tiles' });
    expect(within(section).getByRole('status').textContent).toMatch(/^Off/);
    const address = within(section).getByRole('textbox', { name: 'Tile address' });
    await person.type(address, 'http://tiles.example/{{z}/{{x}.png');
    await person.click(within(section).getByRole('button', { name: 'Save' }));
    expect(within(section).getByRole('alert').textContent).toMatch(/https:\/\/ address with \{z\}, \{x\} and \{y\}/);
    expect(api.inputsOf('settings:update')).toEqual([]);
    await person.clear(address);
    await person.type(address, 'https://tiles.example/{{z}/{{x}/{{y}.png');
    await person.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.inputsOf('settings:update')).toEqual([{ mapTiles: 'https://tiles.example/{z}/{x}/{y}.png' }]));
    await waitFor(() => expect(within(section).getByRole('status').textContent).toBe('On: tiles from tiles.example.'));
    await person.click(within(section).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(api.inputsOf('settings:update').at(-1)).toEqual({ mapTiles: '' }));
  });
});
