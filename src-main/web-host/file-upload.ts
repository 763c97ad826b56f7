import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError, type ErrorCode } from '../../src-shared/errors';
import { FileUploadQuerySchema, type StagedUpload } from '../../src-shared/ipc/file-upload';
import type { AttachmentStaging } from '../attachments/staging';
import type { Logger } from '../platform/logger';
import type { RefusedRequest } from './refusal-log';

export interface FileUploadContext {
  staging: AttachmentStaging;
  logger: Logger;
  /** The host's security headers, sent with every answer. */
  headers: Record<string, string>;
  /** Whether a bearer token is this launch's (compared in constant time by the host). */
  tokenMatches(given: string | undefined): boolean;
  isAllowedOrigin(origin: string | undefined): boolean;
  /** Refusals go to the host's rate-limited log: a hostile page controls how many there are. */
  refused(request: RefusedRequest): void;
}

export interface Refusal {
  status: number;
  code: ErrorCode;
  message?: string;
  headers?: Record<string, string>;
}

/**
 * POST /files: the bytes of a file dropped in the browser, streamed into the attachment staging
 * (`src-shared/ipc/file-upload.ts` has the contract). The same rules as the IPC socket: the
 * launch's token and an Origin of this server; the Host was checked by the host already. The body
 * must be `application/octet-stream` (a page elsewhere cannot send that without a preflight, which
 * the host never grants) with a Content-Length within the staging's limit.
 */
export async function receiveFile(request: IncomingMessage, response: ServerResponse, url: URL, context: FileUploadContext): Promise<void> {
  const refusal = checkRequest(request, url, context);
  if (refusal) {
    if (refusal.status === 401 || refusal.status === 403) context.refused({ reason: `upload: ${refusal.code}`, origin: request.headers.origin, host: request.headers.host });
    return answerError(response, context, refusal, request);
  }
  const name = FileUploadQuerySchema.parse(Object.fromEntries(url.searchParams)).name;
  const declaredSize = Number(request.headers['content-length']);
  try {
    const staged = await context.staging.stageFromStream(request, name, { declaredSize });
    const body: StagedUpload = { stagedId: staged.id, name: staged.name, size: staged.size, sha256: staged.sha256 };
    answer(response, context, 201, body);
  } catch (error) {
    if (error instanceof AppError && error.code === 'ATTACHMENT_TOO_LARGE') return answerError(response, context, { status: 413, code: error.code }, request);
    if (error instanceof AppError && error.code === 'STAGING_FULL') return answerError(response, context, { status: 507, code: error.code, message: error.message }, request);
    // The page went away mid-upload: there is nobody to answer, and nothing was kept.
    if (error instanceof AppError && error.code === 'ATTACHMENT_UNREADABLE') return answerError(response, context, { status: 400, code: error.code }, request);
    context.logger.error('web-host: staging an upload failed', { error });
    answerError(response, context, { status: 500, code: 'INTERNAL' }, request);
  }
}

function checkRequest(request: IncomingMessage, url: URL, context: FileUploadContext): Refusal | undefined {
  if (!context.tokenMatches(bearerToken(request.headers.authorization))) {
    return { status: 401, code: 'IPC_NOT_CONNECTED', headers: { 'WWW-Authenticate': 'Bearer' } };
  }
  if (!context.isAllowedOrigin(request.headers.origin)) return { status: 403, code: 'IPC_FORBIDDEN_SENDER' };
  if (request.method !== 'POST') return { status: 405, code: 'IPC_INVALID_INPUT', message: 'Files are sent with POST.', headers: { Allow: 'POST' } };
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/octet-stream') return { status: 415, code: 'IPC_INVALID_INPUT', message: 'A file is sent as application/octet-stream.' };
  if (!FileUploadQuerySchema.safeParse(Object.fromEntries(url.searchParams)).success) {
    return { status: 400, code: 'IPC_INVALID_INPUT', message: 'The file name is missing or too long.' };
  }
  // node has already refused a malformed Content-Length; a chunked body has none.
  if (request.headers['content-length'] === undefined) return { status: 411, code: 'IPC_INVALID_INPUT', message: "The file's size (Content-Length) is required." };
  return undefined;
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

export function answer(response: ServerResponse, context: Pick<FileUploadContext, 'headers'>, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    ...context.headers,
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
  });
  response.end(text);
}

export function answerError(response: ServerResponse, context: Pick<FileUploadContext, 'headers'>, refusal: Refusal, request: IncomingMessage): void {
  if (response.headersSent || response.destroyed) return;
  const error = new AppError(refusal.code, refusal.message);
  // A body left unread is not worth reading to the end: the connection closes after the answer.
  const closing: Record<string, string> = request.readableEnded ? {} : { Connection: 'close' };
  answer(response, context, refusal.status, error.toBody(), { ...refusal.headers, ...closing });
}
