import type { SyncStatusPayload } from '../../../src-shared/ipc/channels';
import type { Handlers } from '../dispatcher';
import type { UseWorkspace } from './use-workspace';

/** What the pull's calls use of a workspace. */
export interface SyncParts {
  syncStatus(): SyncStatusPayload;
  startSync(): Promise<SyncStatusPayload>;
  cancelSync(): SyncStatusPayload;
}

/** The pull that refreshes the cache; its progress goes out as `sync:progress`. */
export function syncHandlers(use: UseWorkspace<SyncParts>): Pick<Handlers, 'sync:status' | 'sync:now' | 'sync:cancel'> {
  return {
    'sync:status': () => use((workspace) => workspace.syncStatus()),
    'sync:now': () => use((workspace) => workspace.startSync()),
    'sync:cancel': () => use((workspace) => workspace.cancelSync()),
  };
}
