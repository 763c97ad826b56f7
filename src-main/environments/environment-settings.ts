import { join } from 'node:path';
import { z } from 'zod';
import { AppError } from '../../src-shared/errors';
import {
  type EnvironmentId,
  EnvironmentIdSchema,
  type EnvironmentUrls,
  EnvironmentUrlsSchema,
  type RemoteEnvironmentId,
  RemoteEnvironmentIdSchema,
} from '../../src-shared/ipc/channels';
import type { Logger } from '../platform/logger';
import { readJsonObject, writeJsonAtomic } from '../platform/json-file';

/**
 * Non-secret environment settings in `<dataDir>/environments.json`: which environment is active and
 * the addresses of the remote ones. Credentials and tokens never come here; they live in the
 * SecretStore.
 *
 * Default addresses: the spec names sandbox and production only through the placeholders
 * `{base_url}`, `{auth_url}` and `{webhook_url}` and gives no hostname, and credentials are issued
 * per environment by a support request. Guessing hostnames would send real credentials to an
 * address nobody vouched for, so sandbox, production and custom start empty; the app asks for the
 * addresses the account manager gave (ENVIRONMENT_NOT_CONFIGURED) before it signs in. Local needs
 * none: the embedded marketplace picks a free port on each start.
 */

const REMOTE_ENVIRONMENT_IDS = RemoteEnvironmentIdSchema.options;

const ENVIRONMENTS_FILE_NAME = 'environments.json';

const UNSET_URLS: EnvironmentUrls = { baseUrl: '', authUrl: '', webhookUrl: '' };

/**
 * The origins an environment's credentials were entered for (not secret). Each is an origin such as
 * `https://api.example.com`, or '' for an address not yet set.
 */
const CredentialOriginsSchema = z.object({ auth: z.string().max(2048), api: z.string().max(2048), webhook: z.string().max(2048) });
export type CredentialOrigins = z.infer<typeof CredentialOriginsSchema>;

const EnvironmentSettingsSchema = z.object({
  active: EnvironmentIdSchema,
  urls: z.object({ sandbox: EnvironmentUrlsSchema, production: EnvironmentUrlsSchema, custom: EnvironmentUrlsSchema }),
  /** Absent for an environment whose credentials were never entered (or were stored by a version without this record). */
  credentialOrigins: z.object({ sandbox: CredentialOriginsSchema.optional(), production: CredentialOriginsSchema.optional(), custom: CredentialOriginsSchema.optional() }),
});
export type EnvironmentSettings = z.infer<typeof EnvironmentSettingsSchema>;

export const DEFAULT_ENVIRONMENT_SETTINGS: EnvironmentSettings = {
  active: 'local',
  urls: { sandbox: UNSET_URLS, production: UNSET_URLS, custom: UNSET_URLS },
  credentialOrigins: {},
};

export function isRemoteEnvironment(id: EnvironmentId): id is RemoteEnvironmentId {
  return (REMOTE_ENVIRONMENT_IDS as readonly string[]).includes(id);
}

/**
 * The spec says every request uses HTTPS, so sandbox and production refuse plain http; custom also
 * takes http, for a standalone local marketplace (`npm run marketplace`) on this machine or the LAN.
 * A user name or password inside an address would put a secret into environments.json.
 */
function isAcceptableUrl(id: RemoteEnvironmentId, value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const protocols = id === 'custom' ? ['https:', 'http:'] : ['https:'];
  return protocols.includes(url.protocol) && url.username === '' && url.password === '';
}

/** The addresses as they will be saved (trimmed), or ENVIRONMENT_INVALID_URL unless all three are acceptable. */
export function validatedUrls(id: RemoteEnvironmentId, input: EnvironmentUrls): EnvironmentUrls {
  const parsed = EnvironmentUrlsSchema.safeParse(input);
  if (!parsed.success) throw new AppError('ENVIRONMENT_INVALID_URL');
  const urls = { baseUrl: parsed.data.baseUrl.trim(), authUrl: parsed.data.authUrl.trim(), webhookUrl: parsed.data.webhookUrl.trim() };
  if (!Object.values(urls).every((value) => isAcceptableUrl(id, value))) throw new AppError('ENVIRONMENT_INVALID_URL');
  return urls;
}

/** Where secrets would travel to: the origin of each address, '' where unset. Paths do not matter. */
export function originsOf(urls: EnvironmentUrls): CredentialOrigins {
  const origin = (value: string) => (value === '' ? '' : new URL(value).origin);
  return { auth: origin(urls.authUrl), api: origin(urls.baseUrl), webhook: origin(urls.webhookUrl) };
}

export function sameOrigins(a: CredentialOrigins, b: CredentialOrigins): boolean {
  return a.auth === b.auth && a.api === b.api && a.webhook === b.webhook;
}

export function isConfigured(urls: EnvironmentUrls): boolean {
  return urls.baseUrl !== '' && urls.authUrl !== '' && urls.webhookUrl !== '';
}

/** Stored addresses are either all unset or all acceptable; anything else is a hand edit gone wrong. */
function storedUrlsValid(id: RemoteEnvironmentId, urls: EnvironmentUrls): boolean {
  const values = Object.values(urls);
  return values.every((value) => value === '') || values.every((value) => isAcceptableUrl(id, value));
}

export class EnvironmentSettingsStore {
  readonly file: string;
  #settings: EnvironmentSettings;

  constructor(
    dataDir: string,
    private readonly logger: Logger,
  ) {
    this.file = join(dataDir, ENVIRONMENTS_FILE_NAME);
    this.#settings = this.#read();
  }

  get(): EnvironmentSettings {
    return structuredClone(this.#settings);
  }

  setActive(id: EnvironmentId): void {
    this.#write({ ...this.get(), active: EnvironmentIdSchema.parse(id) });
  }

  /** Validates all three addresses: a half-entered environment is never saved. */
  setUrls(id: RemoteEnvironmentId, input: EnvironmentUrls): void {
    const next = this.get();
    next.urls[id] = validatedUrls(id, input);
    this.#write(next);
  }

  /** Records that the environment's credentials were entered for these origins; undefined forgets the record. */
  setCredentialOrigins(id: RemoteEnvironmentId, origins: CredentialOrigins | undefined): void {
    const next = this.get();
    if (origins) next.credentialOrigins[id] = origins;
    else delete next.credentialOrigins[id];
    this.#write(next);
  }

  #write(next: EnvironmentSettings): void {
    try {
      writeJsonAtomic(this.file, EnvironmentSettingsSchema.parse(next));
    } catch (error) {
      this.logger.error('environments: write failed', error);
      throw new AppError('ENVIRONMENTS_WRITE_FAILED');
    }
    this.#settings = next;
  }

  #read(): EnvironmentSettings {
    const content = readJsonObject(this.file);
    const settings = structuredClone(DEFAULT_ENVIRONMENT_SETTINGS);
    if (content.kind === 'missing') return settings;
    if (content.kind === 'unreadable') {
      this.logger.warn('environments: unreadable file ignored', { file: this.file });
      return settings;
    }
    // Each key falls back on its own, so one bad value does not reset the others.
    const stored = content.value;
    if ('active' in stored) {
      const active = EnvironmentIdSchema.safeParse(stored.active);
      if (active.success) settings.active = active.data;
      else this.logger.warn('environments: invalid value ignored', { key: 'active' });
    }
    const storedUrls = typeof stored.urls === 'object' && stored.urls !== null ? (stored.urls as Record<string, unknown>) : {};
    for (const id of REMOTE_ENVIRONMENT_IDS) {
      if (!(id in storedUrls)) continue;
      const urls = EnvironmentUrlsSchema.safeParse(storedUrls[id]);
      if (urls.success && storedUrlsValid(id, urls.data)) settings.urls[id] = urls.data;
      else this.logger.warn('environments: invalid value ignored', { key: `urls.${id}` });
    }
    const storedOrigins = typeof stored.credentialOrigins === 'object' && stored.credentialOrigins !== null ? (stored.credentialOrigins as Record<string, unknown>) : {};
    for (const id of REMOTE_ENVIRONMENT_IDS) {
      if (!(id in storedOrigins)) continue;
      const origins = CredentialOriginsSchema.safeParse(storedOrigins[id]);
      // An unreadable record binds to nothing, so the credentials it guarded are not used (see EnvironmentManager).
      settings.credentialOrigins[id] = origins.success ? origins.data : { auth: 'invalid', api: 'invalid', webhook: 'invalid' };
      if (!origins.success) this.logger.warn('environments: invalid value ignored', { key: `credentialOrigins.${id}` });
    }
    return settings;
  }
}
