import { z } from 'zod';
import type { Client, Project } from '../../../src-shared/api/client';
import { IdInputSchema } from '../../../src-shared/api/common';
import { booleanField, jsonField } from '../../../src-shared/api/form-fields';
import { LocationTypeIdSchema } from '../../../src-shared/api/location';
import { CountryCodeSchema } from '../../../src-shared/api/reference-data';
import type { MarketplaceContext } from '../context';
import { MarketplaceError, invalidInput, notFound } from '../http/errors';
import type { MarketplaceDatabase } from '../store/database';
import { findManager, findUser, type ManagerData } from './providers';

/** Project statuses *(ours: the spec shows `active` "such as")*. */
export const PROJECT_STATUSES = ['active', 'inactive'] as const;

/**
 * Body of POST company/clients *(ours: the real service manages clients in its web application)*.
 * Every field of the spec's Client table but `id`, `client_id` and `projects`; `name` required.
 */
export const ClientCreateBody = z.strictObject({
  name: z.string().trim().min(1).max(200),
  active: booleanField().optional(),
  manager: jsonField(IdInputSchema).optional(),
  logo: z.string().max(2000).optional(),
  website: z.string().max(2000).optional(),
  about: z.string().max(10_000).optional(),
  print_logo: booleanField().optional(),
  policy_procedure: z.string().max(50_000).optional(),
  standard_instruction: z.string().max(50_000).optional(),
  address1: z.string().optional(),
  address2: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  zip: z.string().optional(),
  country: CountryCodeSchema.optional(),
  location_type: LocationTypeIdSchema.optional(),
});
export type ClientCreateBody = z.output<typeof ClientCreateBody>;

/** Body of POST company/clients/{client_id}/projects *(ours)*. */
export const ProjectCreateBody = z.strictObject({
  name: z.string().trim().min(1).max(200),
  status: z.enum(PROJECT_STATUSES).optional(),
});
export type ProjectCreateBody = z.output<typeof ProjectCreateBody>;

/** What the `clients` table keeps in `data`; `name` is a column. */
export interface ClientData {
  active: boolean;
  manager_id: number | null;
  logo: string;
  website: string;
  about: string;
  print_logo: boolean;
  policy_procedure: string;
  standard_instruction: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  location_type: number | null;
}

interface ClientRow {
  id: number;
  company_id: number;
  name: string;
  data: string;
}

export function insertClient(db: MarketplaceDatabase, companyId: number, name: string, data: ClientData, id?: number): number {
  const result = db.prepare('INSERT INTO clients (id, company_id, name, data) VALUES (?, ?, ?, ?)').run(id ?? null, companyId, name, JSON.stringify(data));
  return Number(result.lastInsertRowid);
}

export function insertProject(db: MarketplaceDatabase, companyId: number, clientId: number, name: string, status: string, id?: number): number {
  const result = db.prepare('INSERT INTO projects (id, company_id, client_id, name, status) VALUES (?, ?, ?, ?, ?)').run(id ?? null, companyId, clientId, name, status);
  return Number(result.lastInsertRowid);
}

function projectsOf(context: MarketplaceContext, clientId: number): Project[] {
  return context.db.prepare('SELECT id, name, status FROM projects WHERE client_id = ? ORDER BY id').all(clientId) as Project[];
}

function clientManager(context: MarketplaceContext, managerId: number | null) {
  const user = managerId === null ? undefined : findUser(context, managerId);
  if (!user) return null;
  const data = JSON.parse(user.data) as ManagerData;
  return { id: user.id, first_name: user.first_name, last_name: user.last_name, email: data.email ?? '', phone: data.phone ?? '' };
}

function presentClient(context: MarketplaceContext, row: ClientRow): Client {
  const { manager_id: managerId, ...fields } = JSON.parse(row.data) as ClientData;
  return {
    id: row.id,
    client_id: row.id,
    name: row.name,
    ...fields,
    manager: clientManager(context, managerId),
    projects: { results: projectsOf(context, row.id) },
  };
}

function findRow(context: MarketplaceContext, clientId: number): ClientRow | undefined {
  return context.db.prepare('SELECT id, company_id, name, data FROM clients WHERE id = ?').get(clientId) as ClientRow | undefined;
}

/** The row of a client the company may use: 404 unknown, 403 another company's (decisions §5). */
function ownedRow(context: MarketplaceContext, companyId: number, clientId: number): ClientRow {
  const row = findRow(context, clientId);
  if (!row) throw notFound(`Client ${clientId}`);
  if (row.company_id !== companyId) throw new MarketplaceError('FORBIDDEN', `Client ${clientId} belongs to another company`);
  return row;
}

/** A client of the company with its projects, or undefined (also for another company's). */
export function clientOfCompany(context: MarketplaceContext, companyId: number, clientId: number): Client | undefined {
  const row = findRow(context, clientId);
  return row && row.company_id === companyId ? presentClient(context, row) : undefined;
}

export function getClient(context: MarketplaceContext, companyId: number, clientId: number): Client {
  return presentClient(context, ownedRow(context, companyId, clientId));
}

/** GET company/clients: a small list, whole, so `per_page` equals `total` (spec, Response envelope). */
export function listClients(context: MarketplaceContext, companyId: number) {
  const rows = context.db.prepare('SELECT id, company_id, name, data FROM clients WHERE company_id = ? ORDER BY name COLLATE NOCASE, id').all(companyId) as ClientRow[];
  return {
    metadata: { total: rows.length, page: 1, pages: 1, per_page: rows.length, columns: 'id,name,active,manager,city,state,country,projects' },
    results: rows.map((row) => presentClient(context, row)),
    actions: ['add'],
  };
}

/** Without a `manager`, the caller manages the client, as a work order's manager defaults to the API user. */
export function createClient(context: MarketplaceContext, companyId: number, callerId: number, body: ClientCreateBody): Client {
  const { name, manager, ...fields } = body;
  const managerId = manager?.id ?? callerId;
  if (!findManager(context, companyId, managerId)) throw invalidInput(`User ${managerId} is not a manager of this company`, ['manager.id']);
  const data: ClientData = {
    active: true,
    logo: '',
    website: '',
    about: '',
    print_logo: false,
    policy_procedure: '',
    standard_instruction: '',
    address1: '',
    address2: '',
    city: '',
    state: '',
    zip: '',
    country: '',
    location_type: null,
    ...fields,
    manager_id: managerId,
  };
  return getClient(context, companyId, insertClient(context.db, companyId, name, data));
}

export function listProjects(context: MarketplaceContext, companyId: number, clientId: number) {
  const client = ownedRow(context, companyId, clientId);
  const projects = projectsOf(context, client.id).map((project) => ({ ...project, client: { id: client.id, name: client.name } }));
  return {
    metadata: { total: projects.length, page: 1, pages: 1, per_page: projects.length, columns: 'id,name,status' },
    results: projects,
    actions: ['add'],
  };
}

export function createProject(context: MarketplaceContext, companyId: number, clientId: number, body: ProjectCreateBody): Project {
  const client = ownedRow(context, companyId, clientId);
  const id = insertProject(context.db, companyId, client.id, body.name, body.status ?? 'active');
  return { id, name: body.name, status: body.status ?? 'active', client: { id: client.id, name: client.name } };
}
