import type { EnvironmentId, EnvironmentSummary, SignInState, SyncStatusPayload } from '../../../src-shared/ipc/channels';
import type { EnvironmentManager } from '../../environments/environment-manager';
import type { Handlers } from '../dispatcher';
import type { UseWorkspace } from './use-workspace';

/** What signing in and out uses of a workspace. */
export interface SessionParts {
  environment: EnvironmentId;
  remote(): Promise<{ client: { session: { signIn(): Promise<unknown> } } }>;
  startSync(): Promise<SyncStatusPayload>;
  signInState(): SignInState;
  disconnect(): Promise<void>;
}

/** The environments and the active one's workspace, as these handlers need them. */
export interface EnvironmentControl {
  environments(): Promise<Pick<EnvironmentManager, 'list' | 'updateUrls' | 'setCredentials' | 'signOut'>>;
  select(id: EnvironmentId): Promise<void>;
  reconnect(id: EnvironmentId): Promise<void>;
  announceEnvironments(): Promise<EnvironmentSummary[]>;
  use: UseWorkspace<SessionParts>;
}

type EnvironmentChannel = 'environments:list' | 'environments:select' | 'environments:update-urls' | 'credentials:set' | 'session:sign-in' | 'session:sign-out';

/** Environments, credentials and sign-in. Credentials go into the secret store and never come back. */
export function environmentHandlers(services: EnvironmentControl): Pick<Handlers, EnvironmentChannel> {
  return {
    'environments:list': async () => (await services.environments()).list(),
    'environments:select': async ({ id }) => {
      await services.select(id);
      return services.announceEnvironments();
    },
    'environments:update-urls': async ({ id, ...urls }) => {
      const { credentialsRemoved } = await (await services.environments()).updateUrls(id, urls);
      await services.reconnect(id);
      return { environments: await services.announceEnvironments(), credentialsRemoved };
    },
    'credentials:set': async ({ environment, ...credentials }) => {
      await (await services.environments()).setCredentials(environment, credentials);
      await services.reconnect(environment);
      await services.announceEnvironments();
      return { stored: true };
    },
    'session:sign-in': async ({ environment }) => {
      if (environment) await services.select(environment);
      const state = await services.use(async (workspace) => {
        const { client } = await workspace.remote();
        await client.session.signIn();
        // The first thing a coordinator wants after signing in is current orders.
        await workspace.startSync();
        return workspace.signInState();
      });
      await services.announceEnvironments();
      return state;
    },
    'session:sign-out': async () => {
      const manager = await services.environments();
      const state = await services.use(async (workspace) => {
        await manager.signOut(workspace.environment);
        await workspace.disconnect();
        return workspace.signInState();
      });
      await services.announceEnvironments();
      return state;
    },
  };
}
