import type { AppServices } from '../../app/app-services';
import type { Handlers } from '../dispatcher';

type OutboxChannel = 'outbox:list' | 'outbox:retry' | 'outbox:edit' | 'outbox:discard' | 'connectivity:status' | 'connectivity:set-offline';

/** The outbox screen's calls and the connection status; all answer from this machine, never the network. */
export function outboxHandlers(services: AppServices): Pick<Handlers, OutboxChannel> {
  return {
    'outbox:list': () => services.use(({ outbox }) => ({ entries: outbox.list() })),
    'outbox:retry': ({ entryId }) => services.use(({ outbox }) => outbox.retry(entryId)),
    'outbox:edit': ({ entryId, input }) => services.use(({ outbox }) => outbox.edit(entryId, input)),
    'outbox:discard': ({ entryId }) => services.use(async ({ outbox }) => ({ discarded: await outbox.discard(entryId) })),
    'connectivity:status': () => services.use((workspace) => workspace.connectivityStatus()),
    'connectivity:set-offline': ({ offline }) =>
      services.use((workspace) => {
        services.connectivity.setWorkingOffline(offline);
        return workspace.connectivityStatus();
      }),
  };
}
