// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SyncStatus from '../../../src-renderer/components/SyncStatus.svelte';
import { connectivity } from '../../../src-renderer/state/connectivity.svelte';
import { sync } from '../../../src-renderer/state/sync.svelte';
import { api, connectivityStatus } from '../support/fake-api';
import { render, screen, user, waitFor, within } from '../support/render';

vi.mock('../../../src-renderer/lib/api', () => import('../support/fake-api'));

const SYNCED = { environment: 'local', state: 'idle', lastSyncedAt: Date.UTC(2025, 5, 2, 14, 2), progress: null } as const;

const area = () => screen.getByRole('group', { name: 'Sync and connection' });
const lastSync = () => screen.getByRole('status', { name: 'Last sync' }).textContent?.trim();

describe('SyncStatus', () => {
  let stops: (() => void)[] = [];
  beforeEach(() => {
    api.reset();
    api.answer('connectivity:status', () => connectivityStatus());
    api.answer('sync:status', () => SYNCED);
    api.answer('sync:now', () => SYNCED);
    stops = [connectivity.start(), sync.start()];
  });
  afterEach(() => {
    stops.forEach((stop) => stop());
    connectivity.status = undefined;
    sync.status = undefined;
  });

  it('says online and when the cache last synced, with nothing waiting', async () => {
    render(SyncStatus);
    await waitFor(() => expect(lastSync()).toMatch(/^Synced /));
    expect(within(area()).getByText('Online')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Changes waiting' })).toBeNull();
  });

  it('follows main: offline, with the changes waiting and those refused', async () => {
    render(SyncStatus);
    api.emit('connectivity:did-change', connectivityStatus({ state: 'offline', pending: 3, refused: 1 }));
    expect(await within(area()).findByText('Offline')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Changes waiting' }).textContent).toMatch(/3 changes waiting\s·\s1 refused/);
    api.emit('outbox:changed', { pending: 1, refused: 0 });
    await waitFor(() => expect(screen.getByRole('status', { name: 'Changes waiting' }).textContent?.trim()).toBe('1 change waiting'));
  });

  it('syncs now from its button', async () => {
    const person = user();
    render(SyncStatus);
    await waitFor(() => expect(lastSync()).toMatch(/^Synced /));
    api.clearCalls();
    await person.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(api.count('sync:now')).toBe(1);
  });

  it('shows a pull under way with its progress, and cancels it', async () => {
    const person = user();
    api.answer('sync:cancel', () => SYNCED);
    render(SyncStatus);
    api.emit('sync:progress', { ...SYNCED, state: 'syncing', progress: { phase: 'work-orders', done: 2, total: 4 } });
    expect(await screen.findByRole('progressbar', { name: 'Sync progress: 2 of 4 work orders' })).toBeTruthy();
    expect(lastSync()).toBe('Syncing work orders…');
    await person.click(screen.getByRole('button', { name: 'Cancel sync' }));
    expect(api.count('sync:cancel')).toBe(1);
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });

  it('keeps the keyboard on Sync now through the pull it starts: the same button says Cancel sync meanwhile', async () => {
    const person = user();
    render(SyncStatus);
    await waitFor(() => expect(lastSync()).toMatch(/^Synced /));
    api.clearCalls();
    screen.getByRole('button', { name: 'Sync now' }).focus();
    await person.keyboard('{Enter}');
    expect(api.count('sync:now')).toBe(1);
    api.emit('sync:progress', { ...SYNCED, state: 'syncing', progress: { phase: 'work-orders', done: 1, total: 4 } });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel sync' })));
    api.emit('sync:progress', SYNCED);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sync now' })));
  });

  it('works offline from its switch, by keyboard, and offers no sync meanwhile', async () => {
    const person = user();
    api.answer('connectivity:set-offline', ({ offline }) => connectivityStatus({ state: offline ? 'working-offline' : 'online' }));
    render(SyncStatus);
    const toggle = await screen.findByRole('switch', { name: 'Work offline' });
    toggle.focus();
    await person.keyboard(' ');
    expect(api.inputsOf('connectivity:set-offline')).toEqual([{ offline: true }]);
    expect(await within(area()).findByText('Working offline')).toBeTruthy();
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Sync now' }).disabled).toBe(true);
  });

  it('asks for a sign-in when main is signed out, and signs in from there', async () => {
    const person = user();
    api.answer('session:sign-in', () => ({ environment: 'local', state: 'signed-in' }));
    render(SyncStatus);
    api.emit('connectivity:did-change', connectivityStatus({ signedIn: false, pending: 2 }));
    expect((await screen.findByRole('status', { name: 'Waiting for sign-in' })).textContent).toBe('2 changes wait for sign-in');
    expect(screen.queryByRole('button', { name: 'Sync now' })).toBeNull();
    api.answer('connectivity:status', () => connectivityStatus());
    await person.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(api.count('session:sign-in')).toBe(1);
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Waiting for sign-in' })).toBeNull());
  });
});
