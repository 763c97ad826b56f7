import type { ConnectivityStatus } from '../../src-shared/ipc/outbox-channels';
import { router } from '../lib/router.svelte';
import { signIn } from '../services/environments';
import { followConnectivity, readConnectivity, setWorkingOffline } from '../services/sync';
import { toasts } from '../lib/toasts.svelte';
import { messageOf, showError } from '../lib/errors';
import { Listeners } from '../lib/listeners';

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
  /** Known to be off the marketplace (offline, unreachable, or working offline); unknown until the first status. */
  offline = $derived(this.status !== undefined && this.status.state !== 'online');
  readonly #onOnline = new Listeners<void>();
  /** A sign-in from the "waiting for sign-in" line is under way. */
  signingIn = $state(false);

  workingOffline = $derived(this.status?.state === 'working-offline');
  /** The marketplace refused the stored credentials: nothing is sent until the coordinator signs in. */
  waitingForSignIn = $derived(this.status?.signedIn === false);

  /** Follows main: its status as it changes, the outbox's counts from each of its events (no read). */
  start(): () => void {
    const stop = followConnectivity({
      status: (status) => this.#set(status),
      counts: (counts) => {
        if (this.status) this.status = { ...this.status, ...counts };
      },
    });
    void readConnectivity().then((status) => this.#set(status), () => {});
    return stop;
  }

  /** Called each time the connection comes back (online after offline or working offline). */
  onOnline(listener: () => void): () => void {
    return this.#onOnline.add(listener);
  }

  #set(status: ConnectivityStatus): void {
    const wasOnline = this.status === undefined || this.status.state === 'online';
    this.status = status;
    if (!wasOnline && status.state === 'online') this.#onOnline.tell();
  }

  async setWorkingOffline(offline: boolean): Promise<void> {
    try {
      this.#set(await setWorkingOffline(offline));
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
      this.#set(await readConnectivity());
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
