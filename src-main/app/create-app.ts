import { AppInfoSchema, type AppInfo } from '../../src-shared/ipc/channels';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { LocalMarketplace } from '../environments/environment-manager';
import type { Handlers } from '../ipc/dispatcher';
import { cacheReadHandlers } from '../ipc/handlers/cache-read-handlers';
import { createDispatcher } from '../ipc/dispatcher';
import { warmUp } from './warm-up';
import { scheduleCheckHandler } from '../ipc/handlers/dispatch-board-handler';
import { findProviderHandlers } from '../ipc/handlers/find-provider-handler';
import { geoHandlers } from '../ipc/handlers/geo-handler';
import { mapTileHandler } from '../ipc/handlers/map-tile-handler';
import { directoryReadHandlers } from '../ipc/handlers/directory-read-handlers';
import { environmentHandlers } from '../ipc/handlers/environment-handlers';
import { syncHandlers } from '../ipc/handlers/sync-handlers';
import { outboxHandlers } from '../ipc/handlers/outbox-handlers';
import { writeHandlers } from '../ipc/handlers/write-handlers';
import { webhookHandlers } from '../ipc/handlers/webhook-handlers';
import { deliverablesHandlers } from '../ipc/handlers/deliverables-handlers';
import { exportHandlers } from '../ipc/handlers/export-handlers';
import { workOrderExportHandlers } from '../ipc/handlers/work-order-export-handlers';
import { FolderZips } from '../exports/folder-zips';
import { inboxHandlers } from '../ipc/handlers/inbox-handlers';
import { insightsHandlers } from '../ipc/handlers/insights-handlers';
import { AttachmentFiles } from '../attachments/attachment-files';
import type { ChooseSavePath } from '../attachments/save-dialog';
import { FileContentCache } from '../attachments/file-content';
import { AttachmentStaging } from '../attachments/staging';
import { attachmentUploadHandler } from '../ipc/handlers/attachment-upload-handler';
import { attachmentFileHandlers } from '../ipc/handlers/attachment-file-handlers';
import { printHandlers } from '../ipc/handlers/print-handler';
import { workSheetPdfSaver, type PrintToPdf } from '../printing/work-sheet-pdf';
import { ATTACHMENT_MAX_BYTES } from '../../src-shared/domain/attachments';
import { Connectivity } from '../outbox/connectivity';
import type { BackoffOptions } from '../outbox/retry-policy';
import type { ClientTimeouts, Workspace } from './workspace';
import { workOrderDetailHandler } from '../ipc/handlers/work-order-detail-handler';
import { orderHistoryHandler } from '../ipc/handlers/order-history-handler';
import { startMarketplaceInWorker } from '../local-marketplace/in-worker';
import { createLogger, type Logger } from '../platform/logger';
import { keychainServiceFor, openDataPaths } from '../platform/paths';
import type { SecretStore } from '../platform/secret-store';
import type { OpenSecretStoreOptions } from '../platform/secret-store-factory';
import { SettingsStore } from '../platform/settings-store';
import { watchNotices } from './notices';
import { inboxArrivals } from '../db/inbox-arrivals';
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
  /** How the keychain is opened when no store is passed; tests make it fail to reach the session-only fallback. */
  keychain?: OpenSecretStoreOptions;
  /**
   * Tests shorten the outbox's delays (backoff, probe) and choose its concurrency; `http` shortens
   * the client's timeouts, so a delayed answer times out in a test as it would on a slow network.
   */
  outbox?: { concurrency?: number; backoff?: BackoffOptions; probeMs?: number; http?: ClientTimeouts };
  /** Tests run `listenMarketplace` in-process; the app runs the built worker beside its bundle. */
  startLocalMarketplace?: () => Promise<LocalMarketplace>;
  /** The desktop's native "Save as" dialog; browser mode has none (the page downloads the bytes itself). */
  chooseSavePath?: ChooseSavePath;
  /** The desktop window printed to PDF (with `chooseSavePath`, an order's work sheet is saved); browser mode prints in the page. */
  printToPdf?: PrintToPdf;
  /** Bytes of attachment previews kept in the data folder; tests make it small. */
  attachmentCacheBytes?: number;
  /** The least time between two Inbox notices (INBOX_NOTICE_SPACING_MS); tests that announce twice make it 0. */
  noticeSpacingMs?: number;
  /** The staging folder's cap and how soon a copy nothing queued goes; tests make them small. */
  staging?: { maxTotalBytes?: number; pruneEveryMs?: number; unqueuedMaxAgeMs?: number };
}

/** A page stages a file and queues it within a second; one left this long was abandoned. */
const UNQUEUED_STAGED_MAX_AGE_MS = 30 * 60 * 1000;
const STAGING_PRUNE_EVERY_MS = 10 * 60 * 1000;

export interface App {
  readonly handlers: Handlers;
  /** Where dropped files are copied before their upload is queued (the web host streams browser drops into it). */
  readonly attachmentStaging: AttachmentStaging;
  /** Attachment bytes for previews and downloads (the web host serves them from its cache). */
  readonly attachmentFiles: AttachmentFiles;
  /** A folder's zip, streamed by the web host in browser mode. */
  readonly folderZips: FolderZips;
  readonly events: EventHub;
  readonly logger: Logger;
  /**
   * Answers the window's first calls once now, in the background (`warm-up.ts`): opening the
   * keychain and the cache, the counts' first reading and each answer schema's first use (~300,
   * ~120 and ~90 ms at a million orders, timed once by hand) then overlap the page's own load
   * instead of following it. Called by each host as it starts; never fails (a failure is the
   * window's own call to report).
   */
  warmUp(): void;
  close(): Promise<void>;
}

/**
 * The composition root: builds every service from a config. The Electron shell and the web host
 * both start the app through here, so the two hosts cannot drift apart.
 */
export function createApp(config: AppConfig): App {
  const paths = openDataPaths(config.dataDir);
  const logger = config.logger ?? createLogger({ logDir: paths.logDir, echo: config.echoLogs ?? false });
  const events = new EventHub();
  const settings = new SettingsStore(paths.settingsFile, logger);
  const staging = new AttachmentStaging({ dir: join(paths.dataDir, 'staging'), maxBytes: ATTACHMENT_MAX_BYTES, maxTotalBytes: config.staging?.maxTotalBytes, logger });
  const connectivity = new Connectivity({ probeMs: config.outbox?.probeMs });
  const services = new AppServices({
    outbox: {
      staging,
      connectivity,
      undoMs: () => settings.get().undoSeconds * 1000,
      concurrency: config.outbox?.concurrency,
      backoff: config.outbox?.backoff,
      http: config.outbox?.http,
    },
    dataDir: paths.dataDir,
    logger,
    events,
    secretStore: config.secretStore,
    keychain: config.keychain ?? { service: keychainServiceFor(paths.dataDir, { platform: process.platform, env: process.env, home: homedir() }) },
    startLocalMarketplace:
      config.startLocalMarketplace ??
      // A file, so the demo company and what the coordinator did to it survive a restart.
      // The demo's simulated providers act every few seconds; FIELD_DESK_SIMULATED_PROVIDERS=off keeps
      // them still (the e2e tests and benches, which simulate each step themselves).
      (() => startMarketplaceInWorker({ db: join(paths.dataDir, 'local-marketplace.sqlite3'), simulationTimer: process.env.FIELD_DESK_SIMULATED_PROVIDERS !== 'off' }, { logDir: paths.logDir })),
  });

  // Every handler reaches the active environment through this one call, seeing the parts it names.
  const use = <T>(call: (workspace: Workspace) => T | Promise<T>): Promise<T> => services.use(call);
  const attachmentFiles = new AttachmentFiles(
    use,
    new FileContentCache({ dir: join(paths.dataDir, 'attachment-cache'), maxBytes: config.attachmentCacheBytes, logger }),
  );

  const folderZips = new FolderZips(use, attachmentFiles);

  // What never changes while the app runs; the environment and the keychain are read per call.
  const info = AppInfoSchema.omit({ environment: true, keychain: true }).parse({
    name: productName,
    version,
    dataDir: paths.dataDir,
    logDir: paths.logDir,
    host: config.host,
  });

  const handlers: Handlers = {
    'app:info': async (): Promise<AppInfo> => ({
      ...info,
      environment: (await services.environments()).active(),
      keychain: await services.keychain(),
    }),
    'settings:get': () => settings.get(),
    'settings:update': (change) => {
      const next = settings.update(change);
      events.emit('settings:did-change', next);
      return next;
    },
    ...cacheReadHandlers(use),
    ...workOrderDetailHandler(use),
    ...orderHistoryHandler(use),
    ...scheduleCheckHandler(use),
    ...findProviderHandlers(use),
    ...geoHandlers(),
    ...mapTileHandler(() => settings.get()),
    ...directoryReadHandlers(use),
    ...environmentHandlers(services),
    ...syncHandlers(use),
    ...writeHandlers(use),
    ...outboxHandlers(use, connectivity),
    ...webhookHandlers(use),
    ...deliverablesHandlers(use),
    ...inboxHandlers(use),
    ...attachmentFileHandlers(attachmentFiles, { host: config.host, chooseSavePath: config.chooseSavePath }),
    ...attachmentUploadHandler(staging, (input) => use((workspace) => workspace.outbox.enqueue('attachments:upload', input))),
    ...insightsHandlers(use),
    ...printHandlers(config.printToPdf && config.chooseSavePath ? workSheetPdfSaver({ printToPdf: config.printToPdf, chooseSavePath: config.chooseSavePath }) : undefined),
    ...exportHandlers(folderZips, { chooseSavePath: config.chooseSavePath }),
    ...workOrderExportHandlers(use),
  };
  const stopNotices = watchNotices({
    events,
    enabled: () => settings.get().notifications,
    kinds: () => settings.get().noticeKinds,
    inboxArrivals: (cursorOf, kinds) => services.use((workspace) => ({ environment: workspace.environment, arrivals: inboxArrivals(workspace.db).since(cursorOf(workspace.environment), kinds) })),
    onError: (error) => logger.warn('notices: could not count new inbox items', { error }),
    ...(config.noticeSpacingMs === undefined ? {} : { spacingMs: config.noticeSpacingMs }),
  });
  connectivity.onChange(() => {
    services.use((workspace) => events.emit('connectivity:did-change', workspace.connectivityStatus())).catch(() => undefined);
  });
  // Changes left in the outbox by the last run drain without anybody signing in again; staged
  // copies nothing names any more go (before the first new drop can be staged).
  services.resumeOutbox().catch((error: unknown) => logger.warn('outbox: could not resume', { error }));
  const pruneFailed = (error: unknown) => logger.warn('attachments: could not prune staging', { error });
  services.pruneStaging().catch(pruneFailed);
  const olderThanMs = config.staging?.unqueuedMaxAgeMs ?? UNQUEUED_STAGED_MAX_AGE_MS;
  const pruneTimer = setInterval(() => void services.pruneStaging({ olderThanMs }).catch(pruneFailed), config.staging?.pruneEveryMs ?? STAGING_PRUNE_EVERY_MS);
  pruneTimer.unref();

  logger.info('app: started', { version: info.version, host: info.host, dataDir: info.dataDir });

  return {
    handlers,
    attachmentStaging: staging,
    attachmentFiles,
    folderZips,
    events,
    logger,
    warmUp() {
      const dispatch = createDispatcher({ handlers, isTrustedSender: () => true, logger });
      warmUp(dispatch)
        .then((answered) => {
          if (answered.includes(false)) logger.info('app: some first answers could not be prepared ahead of the window', { answered });
        })
        .catch((error: unknown) => logger.info('app: the first answers were not prepared ahead of the window', { error }));
    },
    async close() {
      clearInterval(pruneTimer);
      stopNotices();
      await services.close();
      logger.info('app: stopped');
    },
  };
}
