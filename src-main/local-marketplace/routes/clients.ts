import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ClientListSchema, ClientSchema, ProjectSchema } from '../../../src-shared/api/client';
import { listEnvelope } from '../../../src-shared/api/common';
import type { MarketplaceContext } from '../context';
import { ClientCreateBody, ProjectCreateBody, createClient, createProject, getClient, listClients, listProjects } from '../domain/clients';
import { IdParam, route } from '../http/route';

const TAG = 'Clients and projects';
const ClientParams = z.object({ client_id: IdParam });

/**
 * Clients and projects. `GET company/clients` is the service's; the other paths are ours, next to
 * it, because the real service manages clients in its web application.
 */
export function registerClientRoutes(app: FastifyInstance, context: MarketplaceContext): void {
  route(app, context.routes, {
    method: 'GET',
    url: '/company/clients',
    summary: 'List the clients of the company, each with its projects',
    tag: TAG,
    response: ClientListSchema,
    handler: ({ auth }) => listClients(context, auth.companyId),
  });

  route(app, context.routes, {
    method: 'GET',
    url: '/company/clients/:client_id',
    summary: 'Get a client with its projects (ours)',
    tag: TAG,
    params: ClientParams,
    response: ClientSchema,
    handler: ({ auth, params }) => getClient(context, auth.companyId, params.client_id),
  });

  route(app, context.routes, {
    method: 'POST',
    url: '/company/clients',
    summary: 'Add a client; name required; the manager defaults to the caller (ours)',
    tag: TAG,
    body: ClientCreateBody,
    response: ClientSchema,
    handler: ({ auth, body }) => createClient(context, auth.companyId, auth.userId, body),
  });

  route(app, context.routes, {
    method: 'GET',
    url: '/company/clients/:client_id/projects',
    summary: 'List the projects of a client (ours)',
    tag: TAG,
    params: ClientParams,
    response: listEnvelope(ProjectSchema),
    handler: ({ auth, params }) => listProjects(context, auth.companyId, params.client_id),
  });

  route(app, context.routes, {
    method: 'POST',
    url: '/company/clients/:client_id/projects',
    summary: 'Add a project to a client; name required (ours)',
    tag: TAG,
    params: ClientParams,
    body: ProjectCreateBody,
    response: ProjectSchema,
    handler: ({ auth, params, body }) => createProject(context, auth.companyId, params.client_id, body),
  });
}
