import { join } from 'node:path';
import { AppError } from '../../src-shared/errors';
import { CredentialsInputSchema, type EnvironmentId, EnvironmentIdSchema, type EnvironmentSummary, type EnvironmentUrls, type RemoteEnvironmentId } from '../../src-shared/ipc/channels';
import type { CredentialSource, Credentials } from '../api-client/credential-source';
import type { Logger } from '../platform/logger';
import { SECRET_FIELDS, secretAccount, type SecretField, type SecretStore } from '../platform/secret-store';
import { EnvironmentSettingsStore, isConfigured, isRemoteEnvironment, originsOf, sameOrigins, validatedUrls } from './environment-settings';
import { credentialEntries, hasAllCredentials, secretCredentialSource } from './secret-credential-source';

/** A running local marketplace: the worker in the app, `listenMarketplace` in tests. */
export interface LocalMarketplace extends EnvironmentUrls {
  credentials: Credentials & Partial<WebhookAccess>;
  /** Which webhook service path it serves (decisions §7). */
  environment?: 'sandbox' | 'production';
  close(): Promise<void>;
}

export interface EnvironmentManagerOptions {
  dataDir: string;
  secretStore: SecretStore;
  logger: Logger;
  startLocalMarketplace: () => Promise<LocalMarketplace>;
}

/** What the webhook service takes instead of the REST API's sign-in (decisions §7). */
export interface WebhookAccess {
  svcToken: string;
  companyId: number;
}

export interface EnvironmentConnection extends EnvironmentUrls {
  id: EnvironmentId;
  credentialSource: CredentialSource;
  cacheFile: string;
  /** The path of the webhook service below `webhookUrl`: production's, or the sandbox's for every other environment. */
  webhookEnvironment: 'sandbox' | 'production';
  /** Read from the keychain on each call; undefined when not entered. */
  webhookAccess(): Promise<WebhookAccess | undefined>;
}

/** The IPC contract's rule, checked here too: the manager is also called from outside IPC (tests, sign-in flows). */

const LABELS: Record<EnvironmentId, string> = {
  local: 'Local (demo marketplace)',
  sandbox: 'Sandbox',
  production: 'Production',
  custom: 'Custom',
};

/**
 * The environments the app can talk to, each with its own credentials (in the SecretStore, keyed by
 * environment) and its own SQLite cache, so sandbox data never mixes with production data. Nothing
 * here returns a secret: IPC handlers can call every method without leaking one to a window.
 */
export class EnvironmentManager {
  readonly #settings: EnvironmentSettingsStore;
  #local: Promise<LocalMarketplace> | undefined;

  constructor(private readonly options: EnvironmentManagerOptions) {
    this.#settings = new EnvironmentSettingsStore(options.dataDir, options.logger);
  }

  async list(): Promise<EnvironmentSummary[]> {
    const settings = this.#settings.get();
    const local = await this.#runningLocal();
    const accounts = await this.options.secretStore.accounts();
    return Promise.all(
      EnvironmentIdSchema.options.map(async (id) => {
        const urls = isRemoteEnvironment(id) ? settings.urls[id] : local ? urlsOf(local) : null;
        return {
          id,
          label: LABELS[id],
          urls,
          editable: isRemoteEnvironment(id),
          // Local configures itself on first use.
          configured: isRemoteEnvironment(id) ? isConfigured(settings.urls[id]) : true,
          credentialsStored: hasAllCredentials(accounts, id),
          signedIn: accounts.has(secretAccount(id, 'refresh_token')),
          active: id === settings.active,
          cacheFile: this.cacheFile(id),
        };
      }),
    );
  }

  active(): EnvironmentId {
    return this.#settings.get().active;
  }

  select(id: EnvironmentId): void {
    this.#settings.setActive(id);
    this.options.logger.info('environments: selected', { id });
  }

  /**
   * Saves new addresses. Secrets are bound to the origins they were entered for: when any address
   * moves to another origin, the environment's credentials, refresh token and session are removed
   * first (so no request, not even one racing this change, carries them to the new server), and the
   * answer says so. A new path on the same origin keeps them.
   */
  async updateUrls(id: EnvironmentId, urls: EnvironmentUrls): Promise<{ credentialsRemoved: boolean }> {
    if (!isRemoteEnvironment(id)) throw new AppError('ENVIRONMENT_URLS_FIXED');
    const before = this.#settings.get().urls[id];
    // Checked before anything is removed: a refused address changes nothing.
    const next = validatedUrls(id, urls);
    let credentialsRemoved = false;
    if (!sameOrigins(originsOf(before), originsOf(next))) credentialsRemoved = await this.#removeSecrets(id, 'an address moved to another origin');
    else if (next.authUrl !== before.authUrl) await this.options.secretStore.delete(id, 'refresh_token');
    this.#settings.setUrls(id, next);
    this.options.logger.info('environments: addresses changed', { id, credentialsRemoved });
    return { credentialsRemoved };
  }

  /** Replaces the stored credentials, bound to the environment's current origins; the old refresh token goes with them, so the next grant uses these. */
  async setCredentials(id: EnvironmentId, credentials: Credentials & Partial<WebhookAccess>): Promise<void> {
    const parsed = CredentialsInputSchema.safeParse(credentials);
    if (!parsed.success) throw new AppError('SECRET_EMPTY');
    const { secretStore } = this.options;
    await secretStore.delete(id, 'refresh_token');
    if (isRemoteEnvironment(id)) this.#settings.setCredentialOrigins(id, originsOf(this.#settings.get().urls[id]));
    for (const [field, value] of credentialEntries(parsed.data)) await secretStore.set(id, field, value);
    // The webhook pair is replaced with the rest: none given means none kept.
    const { svcToken, companyId } = parsed.data;
    if (svcToken !== undefined && companyId !== undefined) {
      await secretStore.set(id, 'svc_token', svcToken);
      await secretStore.set(id, 'company_id', String(companyId));
    } else {
      await secretStore.delete(id, 'svc_token');
      await secretStore.delete(id, 'company_id');
    }
    this.options.logger.info('environments: credentials stored', { id });
  }

  /** Clears every secret of the environment, the refresh token included; other environments keep theirs. */
  async signOut(id: EnvironmentId): Promise<void> {
    await this.options.secretStore.clear(id);
    if (isRemoteEnvironment(id)) this.#settings.setCredentialOrigins(id, undefined);
    this.options.logger.info('environments: signed out', { id });
  }

  /** Where to reach an environment and how to sign in; starts the local marketplace on first use. */
  async connection(id: EnvironmentId): Promise<EnvironmentConnection> {
    let urls: EnvironmentUrls;
    let webhookEnvironment: 'sandbox' | 'production' = id === 'production' ? 'production' : 'sandbox';
    if (isRemoteEnvironment(id)) {
      urls = this.#settings.get().urls[id];
      if (!isConfigured(urls)) throw new AppError('ENVIRONMENT_NOT_CONFIGURED');
      await this.#checkBinding(id, urls);
    } else {
      const local = await this.#startLocal();
      await this.#seedLocalCredentials(local.credentials);
      urls = urlsOf(local);
      webhookEnvironment = local.environment ?? 'sandbox';
    }
    const store = this.options.secretStore;
    const webhookAccess = async (): Promise<WebhookAccess | undefined> => {
      const [svcToken, companyId] = await Promise.all([store.get(id, 'svc_token'), store.get(id, 'company_id')]);
      return svcToken && companyId ? { svcToken, companyId: Number(companyId) } : undefined;
    };
    return { id, ...urls, credentialSource: secretCredentialSource(store, id), cacheFile: this.cacheFile(id), webhookEnvironment, webhookAccess };
  }

  /** One SQLite file per environment, never shared (`openCache` makes its folder). */
  cacheFile(id: EnvironmentId): string {
    return cacheFilePath(this.options.dataDir, id);
  }

  async close(): Promise<void> {
    const local = await this.#runningLocal();
    this.#local = undefined;
    if (local) await local.close();
  }

  /**
   * The addresses can also change outside the app (a hand-edited environments.json): secrets whose
   * record names other origins are removed before anything could use them. Secrets stored by a
   * version that kept no record are bound to the addresses they are found with.
   */
  async #checkBinding(id: RemoteEnvironmentId, urls: EnvironmentUrls): Promise<void> {
    const bound = this.#settings.get().credentialOrigins[id];
    const current = originsOf(urls);
    if (bound && sameOrigins(bound, current)) return;
    if (bound) {
      await this.#removeSecrets(id, 'the stored addresses no longer match the ones they were entered for');
      return;
    }
    if (hasAnySecret(await this.options.secretStore.accounts(), id)) this.#settings.setCredentialOrigins(id, current);
  }

  /** Removes every secret of the environment and its record; answers whether there was anything to remove. */
  async #removeSecrets(id: RemoteEnvironmentId, reason: string): Promise<boolean> {
    const had = hasAnySecret(await this.options.secretStore.accounts(), id) || this.#settings.get().credentialOrigins[id] !== undefined;
    await this.options.secretStore.clear(id);
    this.#settings.setCredentialOrigins(id, undefined);
    if (had) this.options.logger.warn('environments: credentials removed', { id, reason });
    return had;
  }

  /**
   * Signing out of local clears its secrets; the demo credentials come back on the next use. Only
   * missing fields are written and the refresh token is left alone, so concurrent callers cannot
   * undo a sign-in that another one just completed.
   */
  async #seedLocalCredentials(credentials: LocalMarketplace['credentials']): Promise<void> {
    const { svcToken, companyId } = credentials;
    const webhook: [SecretField, string][] = svcToken && companyId ? [['svc_token', svcToken], ['company_id', String(companyId)]] : [];
    for (const [field, value] of [...credentialEntries(credentials), ...webhook]) {
      if (!(await this.options.secretStore.has('local', field))) await this.options.secretStore.set('local', field, value);
    }
  }

  /** Single-flight: callers that arrive during a start share it; a failed start is retried next time. */
  #startLocal(): Promise<LocalMarketplace> {
    this.#local ??= this.options.startLocalMarketplace().then(
      (local) => {
        this.options.logger.info('environments: local marketplace started', { baseUrl: local.baseUrl });
        return local;
      },
      (error: unknown) => {
        this.#local = undefined;
        this.options.logger.error('environments: local marketplace failed to start', error);
        throw new AppError('LOCAL_MARKETPLACE_FAILED');
      },
    );
    return this.#local;
  }

  /** The local marketplace once it runs (waiting for a start under way), without starting one. */
  async #runningLocal(): Promise<LocalMarketplace | undefined> {
    return this.#local?.catch(() => undefined);
  }
}

/** One SQLite file per environment under the data folder. */
export function cacheFilePath(dataDir: string, id: EnvironmentId): string {
  // Parsed, not trusted: the id becomes part of a path.
  return join(dataDir, 'cache', `${EnvironmentIdSchema.parse(id)}.sqlite3`);
}

function hasAnySecret(accounts: ReadonlySet<string>, id: EnvironmentId): boolean {
  return SECRET_FIELDS.some((field) => accounts.has(secretAccount(id, field)));
}

function urlsOf({ baseUrl, authUrl, webhookUrl }: EnvironmentUrls): EnvironmentUrls {
  return { baseUrl, authUrl, webhookUrl };
}
