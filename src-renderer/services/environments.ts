import type { EnvironmentSummary } from '../../src-shared/ipc/channels';
import { invoke, on } from '../lib/api';

export type RemoteEnvironmentId = 'sandbox' | 'production' | 'custom';
export interface EnvironmentAddresses {
  baseUrl: string;
  authUrl: string;
  webhookUrl: string;
}
export interface Credentials {
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  /** The webhook service's token and the company id, together or not at all. */
  svcToken?: string;
  companyId?: number;
}

export function listEnvironments(): Promise<EnvironmentSummary[]> {
  return invoke('environments:list');
}

export function selectEnvironment(id: EnvironmentSummary['id']): Promise<EnvironmentSummary[]> {
  return invoke('environments:select', { id });
}

/** Moving an address to another origin removes the stored credentials (they were entered for the old one). */
export function updateAddresses(id: RemoteEnvironmentId, addresses: EnvironmentAddresses): Promise<{ environments: EnvironmentSummary[]; credentialsRemoved: boolean }> {
  return invoke('environments:update-urls', { id, ...addresses });
}

/** Into the keychain; nothing ever reads them back. */
export async function storeCredentials(environment: EnvironmentSummary['id'], credentials: Credentials): Promise<void> {
  await invoke('credentials:set', { environment, ...credentials });
}

/** Signs in with the stored credentials: to `environment`, or to the active one when none is named. */
export async function signIn(environment?: EnvironmentSummary['id']): Promise<void> {
  await invoke('session:sign-in', environment ? { environment } : {});
}

export async function signOut(): Promise<void> {
  await invoke('session:sign-out');
}

export function followEnvironments(listener: (environments: EnvironmentSummary[]) => void): () => void {
  return on('environments:did-change', listener);
}
