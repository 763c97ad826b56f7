import { AppInfoSchema, type AppInfo } from '../../src-shared/ipc/channels';
import { join } from 'node:path';
import type { LocalMarketplace } from '../environments/environment-manager';
import type { Handlers } from '../ipc/dispatcher';
import { cacheReadHandlers } from '../ipc/handlers/cache-read-handlers';
import { environmentHandlers } from '../ipc/handlers/environment-handlers';
import { syncHandlers } from '../ipc/handlers/sync-handlers';
import { startMarketplaceInWorker } from '../local-marketplace/in-worker';
import { createLogger, type Logger } from '../platform/logger';
import { dataPaths } from '../platform/paths';
import type { SecretStore } from '../platform/secret-store';
import { SettingsStore } from '../platform/settings-store';
import { productName, version } from '../../package.json';
import { AppServices } from './app-services';
import { EventHub } from './event-hub';

export interface AppConfig {
  dataDir: string;
  host: AppInfo['host'];
  /** Tests pass a memory logger; the app logs to `<dataDir>/logs/main.log`. */
  logger?: Logger;
  echoLogs?: boolean;
  /** Tests pass a MemorySecretStore; the app opens the keychain on first need. */
  secretStore?: SecretStore;
  /** Tests run `listenMarketplace` in-process; the app runs the built worker beside its bundle. */
  startLocalMarketplace?: () => Promise<LocalMarketplace>;
}

export interface App {
  readonly handlers: Handlers;
  readonly events: EventHub;
  readonly logger: Logger;
  close(): Promise<void>;
}

/**
 * The composition root: builds every service from a config. The Electron shell and the web host
 * both start the app through here, so the two hosts cannot drift apart.
 */
export function createApp(config: AppConfig): App {
  const paths = dataPaths(config.dataDir);
  const logger = config.logger ?? createLogger({ logDir: paths.logDir, echo: config.echoLogs ?? false });
  const events = new EventHub();
  const settings = new SettingsStore(paths.settingsFile, logger);
  const services = new AppServices({
    dataDir: paths.dataDir,
    logger,
    events,
    secretStore: config.secretStore,
    startLocalMarketplace:
      config.startLocalMarketplace ??
      // A file, so the demo company and what the coordinator did to it survive a restart.
      (() => startMarketplaceInWorker({ db: join(paths.dataDir, 'local-marketplace.sqlite3'), simulationTimer: true }, { logDir: paths.logDir })),
  });

  const info: AppInfo = AppInfoSchema.parse({
    name: productName,
    version,
    // The embedded local marketplace is the default environment; choosing another comes with sign-in.
    environment: 'local',
    dataDir: paths.dataDir,
    logDir: paths.logDir,
    host: config.host,
  });

  const handlers: Handlers = {
    'app:info': () => info,
    'settings:get': () => settings.get(),
    'settings:update': (change) => {
      const next = settings.update(change);
      events.emit('settings:did-change', next);
      return next;
    },
    ...cacheReadHandlers(services),
    ...environmentHandlers(services),
    ...syncHandlers(services),
  };

  logger.info('app: started', { version: info.version, host: info.host, dataDir: info.dataDir });

  return {
    handlers,
    events,
    logger,
    async close() {
      await services.close();
      logger.info('app: stopped');
    },
  };
}
