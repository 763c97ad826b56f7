import type { ConnectivityStatus } from '../../src-shared/ipc/outbox-channels';
import { AppError } from '../../src-shared/errors';
import { followConnectivity, readConnectivity, setWorkingOffline } from '../services/sync';
import { toasts } from './toasts.svelte';

/** App-wide: online or not, "Work offline", and how many changes wait in the outbox (refusals among them). */
class ConnectivityState {
  status = $state.raw<ConnectivityStatus | undefined>();

  workingOffline = $derived(this.status?.state === 'working-offline');

  start(): () => void {
    const stop = followConnectivity((status) => (this.status = status));
    void readConnectivity().then((status) => (this.status = status), () => {});
    return stop;
  }

  async setWorkingOffline(offline: boolean): Promise<void> {
    try {
      this.status = await setWorkingOffline(offline);
    } catch (error) {
      toasts.show({ tone: 'danger', message: error instanceof AppError ? error.message : 'Could not switch working offline.' });
    }
  }
}

export const connectivity = new ConnectivityState();
