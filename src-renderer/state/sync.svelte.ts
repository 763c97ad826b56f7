import type { SyncStatusPayload } from '../../src-shared/ipc/channels';
import { AppError } from '../../src-shared/errors';
import { followSyncProgress, readSyncStatus, signIn } from '../services/sync';

/** App-wide: how fresh the cache is, for the "Synced 14:02" labels and the first-load skeleton. */
class SyncState {
  status = $state.raw<SyncStatusPayload | undefined>();
  /** Why signing in failed (no credentials for a remote environment): the cache still works. */
  signInError = $state<string | undefined>();

  syncing = $derived(this.status?.state === 'syncing');
  /** Nothing was ever pulled into this cache: an empty list means "not yet", not "none". */
  neverSynced = $derived(this.status !== undefined && this.status.lastSyncedAt === null);
  /** The first pull may still fill an empty cache: not when signing in or the pull failed. */
  firstPullPending = $derived(this.neverSynced && this.signInError === undefined && this.status?.state !== 'error');

  /** Follows the pull's progress and signs in, which starts a pull. Returns what stops following. */
  start(): () => void {
    const stop = followSyncProgress((status) => (this.status = status));
    void this.#begin();
    return stop;
  }

  async #begin(): Promise<void> {
    try {
      this.status = await readSyncStatus();
      await signIn();
      this.signInError = undefined;
    } catch (error) {
      this.signInError = error instanceof AppError ? error.message : 'Could not sign in.';
    }
  }
}

export const sync = new SyncState();
