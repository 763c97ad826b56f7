import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { UserSchema } from '../../../src-shared/api/user';
import type { MarketplaceContext } from '../context';
import { presentUser } from '../domain/users';
import { IdParam, route } from '../http/route';

/** `GET users/{user}` answers the provider profile shape (decisions §6) with the SDK `User` model's home base, bookings and jobs (domain/users.ts). */
export function registerUserRoutes(app: FastifyInstance, context: MarketplaceContext): void {
  route(app, context.routes, {
    method: 'GET',
    url: '/users/:user',
    summary: "Get a user: any provider (profile, home base, upcoming schedule, jobs with the caller's company), or a manager of the caller's company",
    tag: 'Users',
    params: z.object({ user: IdParam }),
    response: UserSchema,
    handler: ({ auth, params }) => presentUser(context, auth.companyId, params.user),
  });
}
