import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MarketplaceContext } from '../context';
import { MarketplaceError } from '../http/errors';
import { findAccessToken, type TokenOwner } from './tokens';

export type AuthInfo = TokenOwner;

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthInfo | null;
  }
}

/** Every REST route needs `access_token` in the query (spec, Authentication 3); 401 otherwise. */
export function requireToken(context: MarketplaceContext) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const given = (request.query as Record<string, unknown> | undefined)?.access_token;
    const owner = typeof given === 'string' && given.length > 0 && given.length < 512 ? findAccessToken(context, given) : undefined;
    if (!owner) throw new MarketplaceError('NOT_AUTHENTICATED');
    request.auth = owner;
  };
}
