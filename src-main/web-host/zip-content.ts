import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../src-shared/errors';
import { FolderZipQuerySchema } from '../../src-shared/ipc/deliverables';
import type { FolderZips } from '../exports/folder-zips';
import { storedZip } from '../exports/zip-writer';
import { refuseGet, statusOf, type HostGetContext } from './file-content';
import { answerError } from './file-upload';

export interface ZipContentContext extends HostGetContext {
  zips: Pick<FolderZips, 'sources'>;
}

/**
 * GET /deliverables-zip: a folder's cached files as a zip, written to the answer as it is read
 * (`src-shared/ipc/deliverables.ts`). The same gate as /attachment-content: the launch's token in
 * the Authorization header, GET only, an opaque download in a sandbox. `deliverables:prepare-zip`
 * fetches first; this answers from the cache only.
 */
export async function sendFolderZip(request: IncomingMessage, response: ServerResponse, url: URL, context: ZipContentContext): Promise<void> {
  if (refuseGet(request, response, url, context, { what: 'zip', schema: FolderZipQuerySchema, give: 'workOrderId and folderId' })) return;
  const ref = FolderZipQuerySchema.parse(Object.fromEntries(url.searchParams));
  let found: Awaited<ReturnType<FolderZips['sources']>>;
  try {
    found = await context.zips.sources(ref);
  } catch (error) {
    if (error instanceof AppError) return answerError(response, context, { status: statusOf(error.code), code: error.code, message: error.message }, request);
    throw error;
  }
  response.writeHead(200, {
    ...context.headers,
    'Content-Type': 'application/zip',
    'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(found.fileName)}`,
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cache-Control': 'no-store',
  });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  try {
    // The files found above, not a second look at the folder; a page that cancels ends the reading.
    await pipeline(storedZip(found.sources), response);
  } catch (error) {
    // Headers are out: the page sees a cut answer (its reader fails) rather than a zip that lies.
    context.logger.warn('web-host: a zip broke off', { error });
    response.destroy();
  }
}
