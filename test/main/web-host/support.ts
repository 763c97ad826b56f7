import { FolderZips } from '../../../src-main/exports/folder-zips';
import { AppError } from '../../../src-shared/errors';
import { ATTACHMENT_MAX_BYTES } from '../../../src-shared/domain/attachments';
import { AttachmentFiles } from '../../../src-main/attachments/attachment-files';
import { FileContentCache } from '../../../src-main/attachments/file-content';
import { AttachmentStaging } from '../../../src-main/attachments/staging';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Socket } from 'node:net';
import WebSocket, { type ClientOptions } from 'ws';
import type { App } from '../../../src-main/app/create-app';
import { EventHub } from '../../../src-main/app/event-hub';
import type { Handlers } from '../../../src-main/ipc/dispatcher';
import { createMemoryLogger, type Logger, type LogLevel } from '../../../src-main/platform/logger';
import type { WebHost } from '../../../src-main/web-host/server';
import { temporaryDir } from '../../support/temporary-dir';

export function rendererDir(): string {
  const dir = temporaryDir();
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Field Desk</title>');
  return dir;
}

export interface LogRecord {
  level: LogLevel;
  message: string;
  details: unknown;
}

/** A memory logger that can also wait for a record: the host's side of what a test provokes. */
export function watchedLogger(): Logger & { records: LogRecord[]; next(message: string): Promise<LogRecord> } {
  const logger = createMemoryLogger();
  const waiting: { message: string; resolve: (record: LogRecord) => void }[] = [];
  const watch = (level: LogLevel) => (message: string, details?: unknown) => {
    logger[level](message, details);
    const record = logger.records.at(-1) as LogRecord;
    for (const waiter of waiting.filter((entry) => entry.message === message)) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve(record);
    }
  };
  return {
    records: logger.records,
    debug: watch('debug'),
    info: watch('info'),
    warn: watch('warn'),
    error: watch('error'),
    next: (message) => new Promise((resolve) => waiting.push({ message, resolve })),
  };
}

/** An app with only the handlers a test needs: the host serves any App. */
export function stubApp(handlers: Partial<Handlers>, logger: Logger = watchedLogger(), attachmentFiles?: AttachmentFiles): App {
  const attachmentStaging = new AttachmentStaging({ dir: join(temporaryDir(), 'staging'), maxBytes: ATTACHMENT_MAX_BYTES });
  const files = attachmentFiles ?? new AttachmentFiles(() => Promise.reject(new AppError('WORK_ORDER_NOT_FOUND')), new FileContentCache({ dir: join(temporaryDir(), 'attachment-cache') }));
  return { handlers: handlers as Handlers, attachmentStaging, attachmentFiles: files, folderZips: new FolderZips(() => Promise.reject(new AppError('WORK_ORDER_NOT_FOUND')), files), events: new EventHub(), logger, warmUp: () => undefined, close: async () => undefined };
}

export function socketUrl(host: WebHost): string {
  const url = new URL('/ipc', host.origin);
  url.protocol = 'ws:';
  url.searchParams.set('token', host.token);
  return url.toString();
}

/** A socket with the right token and Origin, once open. */
export function openSocket(host: WebHost, options: ClientOptions = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(socketUrl(host), { ...options, headers: { Origin: host.origin } });
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** `promise`, or a rejection after `ms`: a deadline, so a missing event fails the test instead of hanging it. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** Everything a raw socket received until it closed. */
export function closed(socket: Socket | WebSocket): Promise<string> {
  const chunks: Buffer[] = [];
  if (!(socket instanceof WebSocket)) socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', () => undefined);
  return new Promise((resolve) => socket.once('close', () => resolve(Buffer.concat(chunks).toString('latin1'))));
}
