import type { SyncStatusPayload } from '../../src-shared/ipc/channels';
import { cancelSync, followSyncProgress, readSyncStatus, syncNow } from '../services/sync';
import { messageOf } from '../lib/errors';

/** App-wide: how fresh the cache is, for the "Synced 14:02" labels, the status area and the first-load skeleton. */
class SyncState {
  status = $state.raw<SyncStatusPayload | undefined>();
  /** Why no pull could start (no credentials or addresses for a remote environment): the cache still works. */
  signInError = $state<string | undefined>();

  syncing = $derived(this.status?.state === 'syncing');
  /** Nothing was ever pulled into this cache: an empty list means "not yet", not "none". */
  neverSynced = $derived(this.status !== undefined && this.status.lastSyncedAt === null);
  /** The first pull may still fill an empty cache: not when signing in or the pull failed. */
  firstPullPending = $derived(this.neverSynced && this.signInError === undefined && this.status?.state !== 'error');

  /** Follows the pull's progress and starts one with the stored session. Returns what stops following. */
  start(): () => void {
    const stop = followSyncProgress((status) => (this.status = status));
    void this.#begin();
    return stop;
  }

  async #begin(): Promise<void> {
    try {
      this.status = await readSyncStatus();
    } catch {
      // The pull below says what is wrong, if anything.
    }
    await this.syncNow();
  }

  async syncNow(): Promise<void> {
    try {
      this.status = await syncNow();
      this.signInError = undefined;
    } catch (error) {
      this.signInError = messageOf(error, 'Could not sign in.');
    }
  }

  async cancel(): Promise<void> {
    this.status = await cancelSync();
  }
}

export const sync = new SyncState();
