import type { FastifyReply, FastifyRequest } from 'fastify';
import { isAllowedHost, isAllowedOrigin, LOOPBACK_HOSTNAMES } from '../../platform/loopback-hosts';
import type { MarketplaceOptions } from '../options';
import { errorBodyAt } from './error-body-at';
import { MARKETPLACE_ERRORS, type MarketplaceErrorName } from './errors';

/**
 * Who may call the marketplace, checked before anything else on every route (token, REST,
 * `/__local`, webhook service). It listens on loopback only, but any web page the user opens can
 * still reach it from their browser:
 * - by DNS rebinding, a page's own name resolving to 127.0.0.1: its `Host` is that name, so only
 *   loopback names (any port) and the operator's `allowedHosts` are answered, 421 otherwise;
 * - by a cross-site request (a form POST to `/__local/reset` needs no CORS preflight): the browser
 *   sends the page's `Origin`, so an Origin on a host we do not answer to is refused with 403.
 * Clients that are not browsers (curl, the app's HTTP client) send no Origin and pass.
 */
export function checkCaller(options: MarketplaceOptions) {
  const hostNames: ReadonlySet<string> = new Set([...LOOPBACK_HOSTNAMES, ...options.allowedHosts]);
  const refuse = (request: FastifyRequest, reply: FastifyReply, name: MarketplaceErrorName) => {
    const { status, message } = MARKETPLACE_ERRORS[name];
    return reply.code(status).header('connection', 'close').send(errorBodyAt(request.url, options.environment, status, message));
  };
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    if (!isAllowedHost(request.headers.host, hostNames)) return refuse(request, reply, 'MISDIRECTED_REQUEST');
    if (!isAllowedOrigin(request.headers.origin, hostNames)) return refuse(request, reply, 'FOREIGN_ORIGIN');
    return undefined;
  };
}
