import { describeCause, KeytarSecretStore, type KeytarSecretStoreOptions } from './keytar-secret-store';
import type { Logger } from './logger';
import { MemorySecretStore } from './memory-secret-store';
import type { SecretStore } from './secret-store';

export const NO_KEYCHAIN_REASON = 'No keychain (Secret Service) is available: credentials are kept for this session only.';

export interface OpenedSecretStore {
  store: SecretStore;
  /** False when credentials live in memory and are gone when the app quits. */
  persistent: boolean;
  /** Why the store is not persistent, written to be shown to a person. */
  reason?: string;
}

export interface OpenSecretStoreOptions extends KeytarSecretStoreOptions {
  /** A Secret Service that hangs (a stuck D-Bus) must not hold up the start of the app. */
  probeTimeoutMs?: number;
}

/** The keychain when it answers; otherwise a memory store for this session, and never a file. */
export async function openSecretStore(logger: Logger, { probeTimeoutMs = 3_000, ...options }: OpenSecretStoreOptions = {}): Promise<OpenedSecretStore> {
  const keychain = new KeytarSecretStore(logger, options);
  try {
    await withTimeout(keychain.probe(), probeTimeoutMs);
    return { store: keychain, persistent: true };
  } catch (error) {
    logger.warn(`keychain: ${NO_KEYCHAIN_REASON}`, { cause: describeCause(error) });
    return { store: new MemorySecretStore(), persistent: false, reason: NO_KEYCHAIN_REASON };
  }
}

function withTimeout<T>(promise: Promise<T>, milliseconds: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the keychain did not answer within ${milliseconds} ms`)), milliseconds);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
