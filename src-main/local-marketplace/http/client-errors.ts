import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { MARKETPLACE_ERRORS, restErrorBody, type MarketplaceErrorName } from './errors';

/** Node's error codes for what it refuses itself, before Fastify sees a request. */
const REFUSALS: Readonly<Record<string, MarketplaceErrorName>> = {
  ERR_HTTP_REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  HPE_HEADER_OVERFLOW: 'HEADERS_TOO_LARGE',
};

/**
 * Fastify's `clientErrorHandler` (node's `clientError` event): what node's HTTP server refuses
 * before there is a request (malformed HTTP, headers beyond its limit, the header deadline)
 * answers the REST error body like everything else, not node's or Fastify's own text. There is
 * no parsed URL here, so the webhook service's `{error}` body cannot be chosen: the REST one it is.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // The peer is gone; nothing to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // As node does: never write a status line into a response already under way on this socket.
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const { status, message } = MARKETPLACE_ERRORS[REFUSALS[error.code ?? ''] ?? 'MALFORMED_REQUEST'];
    const body = JSON.stringify(restErrorBody(status, message));
    const head = [`HTTP/1.1 ${status} ${STATUS_CODES[status]}`, 'Content-Type: application/json; charset=utf-8', `Content-Length: ${Buffer.byteLength(body)}`, 'Connection: close'];
    // end(), not destroy(): a reset could reach the client before the answer does. The idle
    // timeout still closes a peer that never closes its side.
    socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
    return;
  }
  socket.destroy();
}
