import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError } from '../../src-shared/errors';
import { FolderZipQuerySchema } from '../../src-shared/ipc/deliverables';
import type { FolderZips } from '../exports/folder-zips';
import type { Logger } from '../platform/logger';
import { answerError, bearerToken, type Refusal } from './file-upload';
import type { RefusedRequest } from './refusal-log';

export interface ZipContentContext {
  zips: Pick<FolderZips, 'sources' | 'write'>;
  logger: Logger;
  headers: Record<string, string>;
  tokenMatches(given: string | undefined): boolean;
  refused(request: RefusedRequest): void;
}

/**
 * GET /deliverables-zip: a folder's cached files as a zip, written to the answer as it is read
 * (`src-shared/ipc/deliverables.ts`). The same gate as /attachment-content: the launch's token in
 * the Authorization header, GET only, an opaque download in a sandbox. `deliverables:prepare-zip`
 * fetches first; this answers from the cache only.
 */
export async function sendFolderZip(request: IncomingMessage, response: ServerResponse, url: URL, context: ZipContentContext): Promise<void> {
  const refusal = checkRequest(request, url, context);
  if (refusal) {
    if (refusal.status === 401) context.refused({ reason: `zip: ${refusal.code}`, origin: request.headers.origin, host: request.headers.host });
    return answerError(response, context, refusal, request);
  }
  const ref = FolderZipQuerySchema.parse(Object.fromEntries(url.searchParams));
  let fileName: string;
  try {
    ({ fileName } = await context.zips.sources(ref));
  } catch (error) {
    if (error instanceof AppError) return answerError(response, context, { status: 404, code: error.code, message: error.message }, request);
    throw error;
  }
  response.writeHead(200, {
    ...context.headers,
    'Content-Type': 'application/zip',
    'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cache-Control': 'no-store',
  });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  try {
    await context.zips.write(ref, response);
    response.end();
  } catch (error) {
    // Headers are out: the page sees a cut answer (its reader fails) rather than a zip that lies.
    context.logger.warn('web-host: a zip broke off', { error });
    response.destroy();
  }
}

function checkRequest(request: IncomingMessage, url: URL, context: ZipContentContext): Refusal | undefined {
  if (!context.tokenMatches(bearerToken(request.headers.authorization))) {
    return { status: 401, code: 'IPC_NOT_CONNECTED', headers: { 'WWW-Authenticate': 'Bearer' } };
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') return { status: 405, code: 'IPC_INVALID_INPUT', message: 'A zip is read with GET.', headers: { Allow: 'GET, HEAD' } };
  if (!FolderZipQuerySchema.safeParse(Object.fromEntries(url.searchParams)).success) {
    return { status: 400, code: 'IPC_INVALID_INPUT', message: 'Give workOrderId and folderId.' };
  }
  return undefined;
}
