import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { UserSchema } from '../../../src-shared/api/provider';
import type { MarketplaceContext } from '../context';
import { userProfile } from '../domain/providers';
import { IdParam, route } from '../http/route';

/** `GET users/{user}` answers the provider profile shape (decisions §6). */
export function registerUserRoutes(app: FastifyInstance, context: MarketplaceContext): void {
  route(app, context.routes, {
    method: 'GET',
    url: '/users/:user',
    summary: "Get a user's profile: any provider, or a manager of the caller's company",
    tag: 'Users',
    params: z.object({ user: IdParam }),
    response: UserSchema,
    handler: ({ auth, params }) => userProfile(context, auth.companyId, params.user),
  });
}
