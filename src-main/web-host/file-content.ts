import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { z } from 'zod';
import { AppError, type ErrorCode } from '../../src-shared/errors';
import { AttachmentContentQuerySchema } from '../../src-shared/ipc/attachment-files';
import type { AttachmentFiles } from '../attachments/attachment-files';
import type { Logger } from '../platform/logger';
import { answerError, bearerToken, type Refusal } from './file-upload';
import type { RefusedRequest } from './refusal-log';

/** What a GET of bytes on the web host needs beside what it reads: the gate, the log, the headers. */
export interface HostGetContext {
  logger: Logger;
  headers: Record<string, string>;
  tokenMatches(given: string | undefined): boolean;
  refused(request: RefusedRequest): void;
}

export interface FileContentContext extends HostGetContext {
  files: AttachmentFiles;
}

/**
 * GET /attachment-content: an attachment's cached bytes for the page's previews and downloads
 * (`src-shared/ipc/attachment-files.ts`). The launch's token in the Authorization header, which
 * a page elsewhere cannot send without a preflight the host never grants. Only the cache answers:
 * `attachments:preview` fetches first. Whatever the file is, it goes out as an opaque download in
 * a sandbox: opened directly in a tab, a provider's HTML or SVG can run nothing.
 */
export async function sendFileContent(request: IncomingMessage, response: ServerResponse, url: URL, context: FileContentContext): Promise<void> {
  if (refuseGet(request, response, url, context, { what: 'content', schema: AttachmentContentQuerySchema, give: 'workOrderId and attachmentId' })) return;
  const ref = AttachmentContentQuerySchema.parse(Object.fromEntries(url.searchParams));
  let cached;
  try {
    cached = await context.files.cached(ref);
  } catch (error) {
    if (error instanceof AppError) return answerError(response, context, { status: statusOf(error.code), code: error.code, message: error.message }, request);
    throw error;
  }
  if (!cached) return answerError(response, context, { status: 404, code: 'ATTACHMENT_NOT_DOWNLOADED' }, request);
  const found = await stat(cached.path).catch(() => undefined);
  if (!found?.isFile()) return answerError(response, context, { status: 404, code: 'ATTACHMENT_NOT_DOWNLOADED' }, request);
  response.writeHead(200, {
    ...context.headers,
    'Content-Type': 'application/octet-stream',
    'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(cached.info.name)}`,
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Content-Length': String(found.size),
    'Cache-Control': 'no-store',
  });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  await pipeline(createReadStream(cached.path), response).catch((error: unknown) => context.logger.debug('web-host: a content read broke off', { error }));
}

const NOT_HERE: ReadonlySet<ErrorCode> = new Set(['WORK_ORDER_NOT_FOUND', 'ATTACHMENT_NOT_FOUND', 'ATTACHMENT_NOT_DOWNLOADED', 'ATTACHMENT_NOT_UPLOADED']);

/**
 * The status a GET of bytes answers a refusal with, by its code: what the page asked cannot be
 * served (400), the record or its bytes are not here (404), the app is changing environment or
 * closing (409, 503), anything else went wrong inside (500). The body says the code either way.
 */
export function statusOf(code: ErrorCode): number {
  if (code === 'IPC_INVALID_INPUT') return 400;
  if (NOT_HERE.has(code)) return 404;
  if (code === 'ENVIRONMENT_SWITCHED') return 409;
  if (code === 'APP_CLOSING') return 503;
  return 500;
}

/**
 * The gate of every GET of bytes: the launch's token as a bearer (a page elsewhere cannot send it
 * without a preflight the host never grants), GET or HEAD, a query of the given shape. Answers the
 * refusal and says true when the request was refused.
 */
export function refuseGet(request: IncomingMessage, response: ServerResponse, url: URL, context: HostGetContext, query: { what: string; schema: z.ZodType; give: string }): boolean {
  const refusal = checkRequest(request, url, context, query);
  if (!refusal) return false;
  if (refusal.status === 401) context.refused({ reason: `${query.what}: ${refusal.code}`, origin: request.headers.origin, host: request.headers.host });
  answerError(response, context, refusal, request);
  return true;
}

function checkRequest(request: IncomingMessage, url: URL, context: HostGetContext, query: { schema: z.ZodType; give: string }): Refusal | undefined {
  if (!context.tokenMatches(bearerToken(request.headers.authorization))) {
    return { status: 401, code: 'IPC_NOT_CONNECTED', headers: { 'WWW-Authenticate': 'Bearer' } };
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') return { status: 405, code: 'IPC_INVALID_INPUT', message: 'File content is read with GET.', headers: { Allow: 'GET, HEAD' } };
  if (!query.schema.safeParse(Object.fromEntries(url.searchParams)).success) {
    return { status: 400, code: 'IPC_INVALID_INPUT', message: `Give ${query.give}.` };
  }
  return undefined;
}
