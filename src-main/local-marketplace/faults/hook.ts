import { STATUS_CODES } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MarketplaceContext } from '../context';
import { MarketplaceError, restErrorBody, type RestErrorBody } from '../http/errors';
import { withoutIdleTimeout } from '../http/server-timeouts';
import { restPath } from './path-pattern';
import { RATE_LIMITED_STATUS } from './rules';
import { faultControls } from './state';

/** Requests without an `access_token` share one window. */
const NO_TOKEN_KEY = '';

function answer(reply: FastifyReply, status: number, body: RestErrorBody, retryAfterSeconds?: number): FastifyReply {
  if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
  return reply.code(status).send(body);
}

/** The access token as given, valid or not: the limit counts requests, the token check comes after. */
function rateLimitKey(request: FastifyRequest): string {
  const token = (request.query as Record<string, unknown> | undefined)?.access_token;
  return typeof token === 'string' && token.length > 0 ? token : NO_TOKEN_KEY;
}

/** Only over a real socket: inject() has none to lose. */
const callerGone = (request: FastifyRequest): boolean => request.raw.socket?.destroyed === true;

/**
 * Fault injection and the rate limit (decisions §8, §9), before anything else on a REST request,
 * as a network or a gateway would act: an injected fault first (a failed request never reaches the
 * limit), then the limit. A delay-only fault waits, then lets the request go on to both.
 */
export function applyFaultsAndLimits(context: MarketplaceContext) {
  const { rules, limiter } = faultControls(context);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    // Taken before any wait, so rules count requests in the order they arrived.
    const fault = rules.take(request.method, restPath(request.url));
    // The delay may be longer than the idle timeout (up to 120 s): the client is waiting on us.
    if (fault && fault.delayMs > 0) await withoutIdleTimeout(reply, sleep(fault.delayMs));
    // The delay is the network's, in front of the service: a caller that gave up meanwhile (its
    // socket closed) is never forwarded, so a write it timed out on never acts behind its back.
    if (fault?.status === 'drop' || (fault && fault.delayMs > 0 && callerGone(request))) {
      // Hijacked, Fastify sends nothing; destroying the response closes the socket unanswered.
      reply.hijack();
      reply.raw.destroy();
      return reply;
    }
    if (fault?.status !== undefined) {
      const message = `Injected fault: ${fault.status} ${STATUS_CODES[fault.status] ?? 'Error'}`;
      return answer(reply, fault.status, restErrorBody(fault.status, message), fault.status === RATE_LIMITED_STATUS ? fault.retryAfterSeconds : undefined);
    }
    const retryAfterSeconds = limiter.take(rateLimitKey(request), context.clock.now());
    if (retryAfterSeconds === undefined) return undefined;
    const limited = new MarketplaceError('RATE_LIMITED', `Too many requests: at most ${limiter.perMinute} a minute per access token; retry in ${retryAfterSeconds} s`);
    return answer(reply, limited.status, limited.toBody(), retryAfterSeconds);
  };
}
