import type { Statement } from 'better-sqlite3';
import { serviceTypesFor } from '../../../src-shared/api/reference-data';
import type { WorkOrderCreateBody } from '../../../src-shared/api/work-order-requests';
import type { MarketplaceContext } from '../context';
import { invalidInput } from '../http/errors';
import { apiTimestamp, parseUtc } from '../http/timestamp';
import { clientOfCompany } from './clients';
import { findManager } from './providers';
import { savedLocation } from './locations';
import type { AddressSnapshot } from './work-order-record';
import { typeOfWorkIds } from './work-order-record';
import { perDatabase } from '../store/database';
import { workOrderRepository } from './work-order-repository';

// Records of other resources that a work order names: saved locations, clients and managers through
// their own modules; projects, which have none, read here.

export interface ProjectRecord {
  id: number;
  name: string;
  client_id: number | null;
}

const statements = perDatabase((db) => ({
  project: db.prepare('SELECT id, name, client_id FROM projects WHERE id = ? AND company_id = ?') as Statement<[number, number], ProjectRecord>,
}));

export function findProject(context: MarketplaceContext, companyId: number, projectId: number): ProjectRecord | undefined {
  return statements(context).project.get(projectId, companyId);
}

interface Problem {
  field: string;
  message: string;
}

/** `YYYY-MM-DD HH:MM:SS` that names a real moment: the pattern alone lets 2024-02-31 through. */
export function isRealUtc(text: string): boolean {
  const ms = parseUtc(text);
  return Number.isFinite(ms) && apiTimestamp(ms).utc === text;
}

function checkSchedule(fields: Partial<WorkOrderCreateBody>, problems: Problem[]): void {
  const window = fields.schedule?.service_window;
  if (!window) return;
  const ends = window.mode === 'exact' ? { start: window.start } : { start: window.start, end: window.end };
  for (const [key, moment] of Object.entries(ends)) {
    if (!isRealUtc(moment.utc)) problems.push({ field: `schedule.service_window.${key}.utc`, message: `${moment.utc} is not a real date and time` });
  }
}

/** Service types belong to the order's types of work; an update may change either side. */
function checkServiceTypes(merged: WorkOrderCreateBody, problems: Problem[]): void {
  const types = typeOfWorkIds(merged);
  const allowed = new Set(types.flatMap((id) => serviceTypesFor(id).map((serviceType) => serviceType.id)));
  for (const key of ['service_types', 'service_types_new'] as const) {
    const stray = (merged[key] ?? []).filter((serviceType) => !allowed.has(serviceType.id));
    if (stray.length > 0) {
      const message = types.length === 0 ? 'A service type needs a type of work' : `Service types ${stray.map((serviceType) => serviceType.id).join(', ')} do not belong to the types of work`;
      problems.push({ field: key, message });
    }
  }
}

/**
 * Checks the records a create or update names, against the store. `sent` holds the keys the
 * request sent, `merged` the order as it would be. Answers the saved location's address to keep;
 * throws one 400 naming every bad field.
 */
export function checkReferences(
  context: MarketplaceContext,
  companyId: number,
  sent: Partial<WorkOrderCreateBody>,
  merged: WorkOrderCreateBody,
  workOrderId?: number,
): { savedAddress?: AddressSnapshot } {
  const problems: Problem[] = [];
  let savedAddress: AddressSnapshot | undefined;
  if (sent.location?.mode === 'saved') {
    const saved = savedLocation(context, companyId, sent.location.id);
    if (saved) {
      const { name, address1, address2, city, state, zip, country } = saved;
      savedAddress = { name, address1, address2, city, state, zip, country };
    } else problems.push({ field: 'location.id', message: `Saved location ${sent.location.id} not found` });
  }
  if (sent.client && !clientOfCompany(context, companyId, sent.client.id)) problems.push({ field: 'client.id', message: `Client ${sent.client.id} not found` });
  if ((sent.project || sent.client) && merged.project) {
    const project = findProject(context, companyId, merged.project.id);
    if (!project) problems.push({ field: 'project.id', message: `Project ${merged.project.id} not found` });
    else if (merged.client && project.client_id !== null && project.client_id !== merged.client.id) {
      problems.push({ field: 'project.id', message: `Project ${project.id} belongs to client ${project.client_id}, not ${merged.client.id}` });
    }
  }
  if (sent.manager && !findManager(context, companyId, sent.manager.id)) {
    problems.push({ field: 'manager.id', message: `User ${sent.manager.id} is not a manager of the company` });
  }
  if (sent.integration) {
    const existing = workOrderRepository(context).idByIntegrationId(companyId, sent.integration.id);
    if (existing !== undefined && existing !== workOrderId) {
      problems.push({ field: 'integration.id', message: `${sent.integration.id} is already used by work order ${existing}` });
    }
  }
  checkSchedule(sent, problems);
  checkServiceTypes(merged, problems);
  if (problems.length > 0) {
    throw invalidInput(
      problems.map((problem) => `${problem.field}: ${problem.message}`).join('; '),
      problems.map((problem) => problem.field),
    );
  }
  return savedAddress ? { savedAddress } : {};
}
