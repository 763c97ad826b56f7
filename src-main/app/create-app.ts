import { AppInfoSchema, type AppInfo } from '../../src-shared/ipc/channels';
import type { Handlers } from '../ipc/dispatcher';
import { createLogger, type Logger } from '../platform/logger';
import { dataPaths } from '../platform/paths';
import { SettingsStore } from '../platform/settings-store';
import { productName, version } from '../../package.json';
import { EventHub } from './event-hub';

export interface AppConfig {
  dataDir: string;
  host: AppInfo['host'];
  /** Tests pass a memory logger; the app logs to `<dataDir>/logs/main.log`. */
  logger?: Logger;
  echoLogs?: boolean;
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
  };

  logger.info('app: started', { version: info.version, host: info.host, dataDir: info.dataDir });

  return {
    handlers,
    events,
    logger,
    async close() {
      logger.info('app: stopped');
    },
  };
}
