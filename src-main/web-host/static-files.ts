import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  // pdf.js's worker is an ES module; a module script is refused under any other type.
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.map': 'application/json',
};

/** Resolves a URL path inside `root`, or undefined when it would leave it. */
export function resolveInside(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const relative = normalize(decoded === '/' ? '/index.html' : decoded).replace(/^([/\\])+/, '');
  const full = join(root, relative);
  return full === root || full.startsWith(root.endsWith(sep) ? root : root + sep) ? full : undefined;
}

/** Streams a built renderer file; answers 404 for anything missing or outside the folder. */
export async function serveFile(root: string, urlPath: string, response: ServerResponse, headers: Record<string, string>): Promise<void> {
  const file = resolveInside(root, urlPath);
  const info = file ? await stat(file).catch(() => undefined) : undefined;
  if (!file || !info?.isFile()) {
    response.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
    response.end('Not found');
    return;
  }
  // Only the bundler's assets carry a hash in their names; the page and the files of `public/` (the
  // early socket's script, the icon) keep theirs across versions and must be fetched fresh.
  const hashed = urlPath.startsWith('/assets/');
  response.writeHead(200, {
    ...headers,
    'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    'Content-Length': String(info.size),
    'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-store',
  });
  createReadStream(file)
    .on('error', () => response.destroy())
    .pipe(response);
}
