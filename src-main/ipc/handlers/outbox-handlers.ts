import type { ConnectivityStatus } from '../../../src-shared/ipc/outbox-channels';
import type { Connectivity } from '../../outbox/connectivity';
import type { Outbox } from '../../outbox/outbox';
import type { Handlers } from '../dispatcher';
import type { UseWorkspace } from './use-workspace';

/** What the outbox screen's calls use of a workspace. */
export interface OutboxParts {
  outbox: Pick<Outbox, 'list' | 'retry' | 'edit' | 'discard'>;
  connectivityStatus(): ConnectivityStatus;
}

type OutboxChannel = 'outbox:list' | 'outbox:retry' | 'outbox:edit' | 'outbox:discard' | 'connectivity:status' | 'connectivity:set-offline';

/** The outbox screen's calls and the connection status; all answer from this machine, never the network. */
export function outboxHandlers(use: UseWorkspace<OutboxParts>, connectivity: Pick<Connectivity, 'setWorkingOffline'>): Pick<Handlers, OutboxChannel> {
  return {
    'outbox:list': () => use(({ outbox }) => ({ entries: outbox.list() })),
    'outbox:retry': ({ entryId }) => use(({ outbox }) => outbox.retry(entryId)),
    'outbox:edit': ({ entryId, input }) => use(({ outbox }) => outbox.edit(entryId, input)),
    'outbox:discard': ({ entryId }) => use(async ({ outbox }) => ({ discarded: await outbox.discard(entryId) })),
    'connectivity:status': () => use((workspace) => workspace.connectivityStatus()),
    'connectivity:set-offline': ({ offline }) =>
      use((workspace) => {
        connectivity.setWorkingOffline(offline);
        return workspace.connectivityStatus();
      }),
  };
}
