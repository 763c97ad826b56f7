import { flushSync } from 'svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError, type ErrorCode } from '../../src-shared/errors';
import type { ConnectivityStatus } from '../../src-shared/ipc/outbox-channels';
import { connectivity, signInWaitText } from '../../src-renderer/state/connectivity.svelte';
import { toasts } from '../../src-renderer/lib/toasts.svelte';
import { api, connectivityStatus as status } from './support/fake-api';

// Main faked by the contracts' fake; the router only records where the coordinator was sent.
const screens = vi.hoisted(() => [] as string[]);
vi.mock('../../src-renderer/lib/api', () => import('./support/fake-api'));
vi.mock('../../src-renderer/lib/router.svelte', () => ({ router: { go: (screen: string) => screens.push(screen) } }));

/** Main's connectivity as the test sets it; a sign-in main takes brings the credentials back. */
function main(initial: ConnectivityStatus, refuseSignIn?: ErrorCode) {
  let current = initial;
  api.answer('connectivity:status', () => current);
  api.answer('session:sign-in', () => {
    if (refuseSignIn) throw new AppError(refuseSignIn);
    current = { ...current, signedIn: true };
    return { environment: 'local', state: 'signed-in' };
  });
}

async function settle(check: () => void) {
  await vi.waitFor(() => {
    flushSync();
    check();
  });
}

describe('the outbox waiting for a sign-in', () => {
  beforeEach(() => {
    api.reset();
    main(status());
    screens.length = 0;
    connectivity.status = undefined;
    for (const toast of toasts.items) toasts.dismiss(toast.id);
  });

  it('says how many changes wait for a sign-in', () => {
    expect(signInWaitText(0)).toBe('Changes you make wait until you sign in');
    expect(signInWaitText(1)).toBe('1 change waits for you to sign in');
    expect(signInWaitText(3)).toBe('3 changes wait for you to sign in');
    expect(signInWaitText(0, true)).toBe('Signed out');
    expect(signInWaitText(1, true)).toBe('1 change waits for sign-in');
  });

  it('waits for a sign-in only when main says the credentials were refused, and follows its events', async () => {
    const stop = connectivity.start();
    await settle(() => expect(connectivity.status).toEqual(status()));
    expect(connectivity.waitingForSignIn).toBe(false);
    api.emit('connectivity:did-change', status({ pending: 3, signedIn: false }));
    flushSync();
    expect(connectivity.waitingForSignIn).toBe(true);
    // Offline is not signed out: the line is about credentials only.
    api.emit('connectivity:did-change', status({ state: 'offline', pending: 3 }));
    flushSync();
    expect(connectivity.waitingForSignIn).toBe(false);
    stop();
    expect(api.listenerCount('connectivity:did-change')).toBe(0);
    expect(api.listenerCount('outbox:changed')).toBe(0);
  });

  it('takes the outbox’s counts from each outbox:changed, with no read of its own', async () => {
    const stop = connectivity.start();
    await settle(() => expect(connectivity.status).toEqual(status()));
    api.clearCalls();
    api.emit('outbox:changed', { pending: 3, refused: 1 });
    expect(connectivity.status).toEqual(status({ pending: 3, refused: 1 }));
    expect(api.calls).toEqual([]);
    stop();
  });

  it('signs in to the active environment with the stored credentials, then reads the status again', async () => {
    main(status({ pending: 2, signedIn: false }));
    const stop = connectivity.start();
    await settle(() => expect(connectivity.waitingForSignIn).toBe(true));
    const signingIn = connectivity.signIn();
    expect(connectivity.signingIn).toBe(true);
    await signingIn;
    expect(api.inputsOf('session:sign-in')).toEqual([{}]);
    expect(connectivity.waitingForSignIn).toBe(false);
    expect(connectivity.signingIn).toBe(false);
    expect(screens).toEqual([]);
    expect(toasts.items.at(-1)).toMatchObject({ tone: 'success' });
    stop();
  });

  it('sends the coordinator to Settings when the marketplace still refuses the credentials, with its reason', async () => {
    main(status({ pending: 2, signedIn: false }), 'AUTH_INVALID_CREDENTIALS');
    const stop = connectivity.start();
    await settle(() => expect(connectivity.waitingForSignIn).toBe(true));
    await connectivity.signIn();
    expect(screens).toEqual(['settings']);
    expect(connectivity.waitingForSignIn).toBe(true);
    expect(toasts.items.at(-1)).toMatchObject({ tone: 'danger', message: 'The marketplace refused the client id, username or password. Enter them again in Settings.' });
    // A reason that already says what to enter is not told twice.
    api.refuse('session:sign-in', 'AUTH_CREDENTIALS_REQUIRED');
    await connectivity.signIn();
    expect(toasts.items.at(-1)?.message).toBe('Enter the client id, client secret, username and password for this environment to sign in.');
    stop();
  });
});
