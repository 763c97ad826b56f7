import { flushSync } from 'svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../src-shared/errors';
import type { ConnectivityStatus } from '../../src-shared/ipc/outbox-channels';

// The renderer's one door to main, faked: connectivity as the test sets it, events fired by hand.
const fake = vi.hoisted(() => ({
  status: undefined as unknown,
  listeners: {} as Record<string, ((payload: unknown) => void)[]>,
  calls: [] as [string, unknown][],
  refuseSignIn: undefined as string | undefined,
  screens: [] as string[],
}));
vi.mock('../../src-renderer/lib/api', () => ({
  invoke: async (channel: string, input?: unknown) => {
    fake.calls.push([channel, input]);
    if (channel === 'connectivity:status') return fake.status;
    if (channel === 'session:sign-in') {
      if (fake.refuseSignIn) throw new AppError(fake.refuseSignIn as never);
      fake.status = { ...(fake.status as ConnectivityStatus), signedIn: true };
      return { environment: 'local', state: 'signed-in' };
    }
    return {};
  },
  on: (event: string, listener: (payload: unknown) => void) => {
    (fake.listeners[event] ??= []).push(listener);
    return () => fake.listeners[event]?.splice(fake.listeners[event].indexOf(listener), 1);
  },
}));
vi.mock('../../src-renderer/lib/router.svelte', () => ({ router: { go: (screen: string) => fake.screens.push(screen) } }));

const { connectivity, signInWaitText } = await import('../../src-renderer/state/connectivity.svelte');
const { toasts } = await import('../../src-renderer/lib/toasts.svelte');

const status = (patch: Partial<ConnectivityStatus> = {}): ConnectivityStatus => ({ state: 'online', since: 0, pending: 0, refused: 0, signedIn: true, ...patch });

async function settle(check: () => void) {
  await vi.waitFor(() => {
    flushSync();
    check();
  });
}

describe('the outbox waiting for a sign-in', () => {
  beforeEach(() => {
    fake.status = status();
    fake.listeners = {};
    fake.calls = [];
    fake.refuseSignIn = undefined;
    fake.screens = [];
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
    fake.listeners['connectivity:did-change']?.forEach((listener) => listener(status({ pending: 3, signedIn: false })));
    flushSync();
    expect(connectivity.waitingForSignIn).toBe(true);
    // Offline is not signed out: the line is about credentials only.
    fake.listeners['connectivity:did-change']?.forEach((listener) => listener(status({ state: 'offline', pending: 3 })));
    flushSync();
    expect(connectivity.waitingForSignIn).toBe(false);
    stop();
    expect(fake.listeners['connectivity:did-change']).toHaveLength(0);
  });

  it('signs in to the active environment with the stored credentials, then reads the status again', async () => {
    fake.status = status({ pending: 2, signedIn: false });
    const stop = connectivity.start();
    await settle(() => expect(connectivity.waitingForSignIn).toBe(true));
    const signingIn = connectivity.signIn();
    expect(connectivity.signingIn).toBe(true);
    await signingIn;
    expect(fake.calls).toContainEqual(['session:sign-in', {}]);
    expect(connectivity.waitingForSignIn).toBe(false);
    expect(connectivity.signingIn).toBe(false);
    expect(fake.screens).toEqual([]);
    expect(toasts.items.at(-1)).toMatchObject({ tone: 'success' });
    stop();
  });

  it('sends the coordinator to Settings when the marketplace still refuses the credentials, with its reason', async () => {
    fake.status = status({ pending: 2, signedIn: false });
    fake.refuseSignIn = 'AUTH_INVALID_CREDENTIALS';
    const stop = connectivity.start();
    await settle(() => expect(connectivity.waitingForSignIn).toBe(true));
    await connectivity.signIn();
    expect(fake.screens).toEqual(['settings']);
    expect(connectivity.waitingForSignIn).toBe(true);
    expect(toasts.items.at(-1)).toMatchObject({ tone: 'danger', message: 'The marketplace refused the client id, username or password. Enter them again in Settings.' });
    // A reason that already says what to enter is not told twice.
    fake.refuseSignIn = 'AUTH_CREDENTIALS_REQUIRED';
    await connectivity.signIn();
    expect(toasts.items.at(-1)?.message).toBe('Enter the client id, client secret, username and password for this environment to sign in.');
    stop();
  });
});
