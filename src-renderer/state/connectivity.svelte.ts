import type { ConnectivityStatus } from '../../src-shared/ipc/outbox-channels';
import { router } from '../lib/router.svelte';
import { signIn } from '../services/environments';
import { followConnectivity, readConnectivity, setWorkingOffline } from '../services/sync';
import { toasts } from '../lib/toasts.svelte';
import { messageOf, showError } from '../lib/errors';

/**
 * "3 changes wait for you to sign in": what the outbox says while signed out; `compact` for the
 * status area's chip ("3 changes wait for sign-in"), where the top bar has little room.
 */
export function signInWaitText(pending: number, compact = false): string {
  if (pending === 0) return compact ? 'Signed out' : 'Changes you make wait until you sign in';
  return `${pending} ${pending === 1 ? 'change waits' : 'changes wait'} for ${compact ? 'sign-in' : 'you to sign in'}`;
}

/** App-wide: online or not, "Work offline", and how many changes wait in the outbox (refusals among them). */
class ConnectivityState {
  status = $state.raw<ConnectivityStatus | undefined>();
  /** A sign-in from the "waiting for sign-in" line is under way. */
  signingIn = $state(false);

  workingOffline = $derived(this.status?.state === 'working-offline');
  /** The marketplace refused the stored credentials: nothing is sent until the coordinator signs in. */
  waitingForSignIn = $derived(this.status?.signedIn === false);

  start(): () => void {
    const stop = followConnectivity((status) => (this.status = status));
    void readConnectivity().then((status) => (this.status = status), () => {});
    return stop;
  }

  async setWorkingOffline(offline: boolean): Promise<void> {
    try {
      this.status = await setWorkingOffline(offline);
    } catch (error) {
      showError(error, 'Could not switch working offline.');
    }
  }

  /**
   * Signs in again with the stored credentials; the outbox then sends what waited. When the
   * marketplace still refuses them (a changed password), Settings is where new ones are entered.
   */
  async signIn(): Promise<void> {
    if (this.signingIn) return;
    this.signingIn = true;
    try {
      await signIn();
      this.status = await readConnectivity();
      toasts.show({ tone: 'success', message: 'Signed in: the outbox sends what waited.' });
    } catch (error) {
      const reason = messageOf(error, 'The sign-in failed.');
      // Settings is where credentials are entered; say so unless the reason does already.
      const next = /\benter\b/i.test(reason) ? '' : ' Enter them again in Settings.';
      toasts.show({ tone: 'danger', message: `${reason}${next}`, durationMs: 8_000 });
      router.go('settings');
    } finally {
      this.signingIn = false;
    }
  }
}

export const connectivity = new ConnectivityState();
