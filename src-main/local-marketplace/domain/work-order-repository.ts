import type { Statement } from 'better-sqlite3';
import { statusById } from '../../../src-shared/api/status';
import { MarketplaceError, notFound } from '../http/errors';
import { type MarketplaceDatabase, perDatabase } from '../store/database';
import { addressOf, primaryTypeOfWorkId, scheduleStart, statusIdOf, type WorkOrderData, type WorkOrderRecord } from './work-order-record';

interface WorkOrderRow {
  id: number;
  company_id: number;
  status_id: number;
  sub_status: string;
  created_at: number;
  updated_at: number;
  assignee_id: number | null;
  data: string;
}

const WORK_ORDER_COLUMNS = 'w.id, w.company_id, w.status_id, w.sub_status, w.created_at, w.updated_at, w.assignee_id, w.data';

export interface RouteRow {
  provider_id: number;
  created_at: number;
}

function recordFromRow(row: WorkOrderRow): WorkOrderRecord {
  const status = statusById(row.status_id);
  if (!status) throw new Error(`Work order ${row.id} has an unknown status id ${row.status_id}`);
  return {
    id: row.id,
    companyId: row.company_id,
    status: status.slug,
    subStatus: row.sub_status as WorkOrderRecord['subStatus'],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    assigneeId: row.assignee_id,
    data: JSON.parse(row.data) as WorkOrderData,
  };
}

const COLUMNS = [
  'company_id', 'title', 'status_id', 'sub_status', 'created_at', 'updated_at', 'schedule_start', 'pay_amount', 'client_id',
  'project_id', 'manager_id', 'type_of_work_id', 'city', 'state', 'country', 'saved_location_id', 'integration_id', 'assignee_id', 'data',
] as const;
// `open_problems` is not among them: the problems resource keeps it.
const UPDATED_COLUMNS = COLUMNS.filter((name) => name !== 'company_id' && name !== 'created_at');

/** The indexed columns beside `data`, derived from it on every write so lists filter and sort in SQL. */
function columnValues(record: Omit<WorkOrderRecord, 'id'>): Record<(typeof COLUMNS)[number], string | number | null> {
  const fields = record.data.fields;
  const address = addressOf(record);
  const location = fields.location;
  return {
    company_id: record.companyId,
    title: fields.title,
    status_id: statusIdOf(record.status),
    sub_status: record.subStatus,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
    schedule_start: scheduleStart(fields),
    pay_amount: fields.pay?.base.amount ?? null,
    client_id: fields.client?.id ?? null,
    project_id: fields.project?.id ?? null,
    manager_id: fields.manager?.id ?? null,
    type_of_work_id: primaryTypeOfWorkId(fields),
    city: address?.city ?? null,
    state: address?.state ?? null,
    country: address?.country ?? null,
    saved_location_id: location?.mode === 'saved' ? location.id : null,
    integration_id: fields.integration?.id ?? null,
    assignee_id: record.assigneeId,
    data: JSON.stringify(record.data),
  };
}

const placeholders = (names: readonly string[]) => names.map((name) => `@${name}`).join(', ');

function prepareStatements(db: MarketplaceDatabase) {
  return {
    find: db.prepare(`SELECT ${WORK_ORDER_COLUMNS} FROM work_orders w WHERE w.id = ?`) as Statement<[number], WorkOrderRow>,
    findMany: db.prepare(`SELECT ${WORK_ORDER_COLUMNS} FROM work_orders w WHERE w.id IN (SELECT value FROM json_each(?))`) as Statement<[string], WorkOrderRow>,
    insert: db.prepare(`INSERT INTO work_orders (${COLUMNS.join(', ')}) VALUES (${placeholders(COLUMNS)})`),
    insertWithId: db.prepare(`INSERT INTO work_orders (id, ${COLUMNS.join(', ')}) VALUES (@id, ${placeholders(COLUMNS)})`),
    update: db.prepare(`UPDATE work_orders SET ${UPDATED_COLUMNS.map((name) => `${name} = @${name}`).join(', ')} WHERE id = @id`),
    byIntegrationId: db.prepare('SELECT id FROM work_orders WHERE company_id = ? AND integration_id = ?') as Statement<[number, string], { id: number }>,
    routes: db.prepare('SELECT provider_id, created_at FROM work_order_routes WHERE work_order_id = ? ORDER BY created_at, provider_id') as Statement<[number], RouteRow>,
    addRoute: db.prepare('INSERT OR IGNORE INTO work_order_routes (work_order_id, provider_id, created_at) VALUES (?, ?, ?)'),
    removeRoute: db.prepare('DELETE FROM work_order_routes WHERE work_order_id = ? AND provider_id = ?'),
    closeRoutes: db.prepare('DELETE FROM work_order_routes WHERE work_order_id = ?'),
  };
}

/** Reads and writes work orders and their routes; statements are prepared once per database. */
export class WorkOrderRepository {
  readonly #statements: ReturnType<typeof prepareStatements>;

  constructor(db: MarketplaceDatabase) {
    this.#statements = prepareStatements(db);
  }

  find(id: number): WorkOrderRecord | undefined {
    const row = this.#statements.find.get(id);
    return row ? recordFromRow(row) : undefined;
  }

  /** The orders of these ids that exist, in no particular order. */
  findMany(ids: readonly number[]): WorkOrderRecord[] {
    return this.#statements.findMany.all(JSON.stringify(ids)).map(recordFromRow);
  }

  /** The order, if the caller's company owns it: 404 when unknown, 403 when another company's. */
  findForCompany(companyId: number, id: number): WorkOrderRecord {
    const record = this.find(id);
    if (!record) throw notFound(`Work order ${id}`);
    if (record.companyId !== companyId) throw new MarketplaceError('FORBIDDEN', `Work order ${id} belongs to another company`);
    return record;
  }

  /** Inserts a new order; the seed gives its own ids, the API lets SQLite choose. */
  insert(record: Omit<WorkOrderRecord, 'id'> & { id?: number }): number {
    const values = columnValues(record);
    const result = record.id === undefined ? this.#statements.insert.run(values) : this.#statements.insertWithId.run({ ...values, id: record.id });
    return Number(result.lastInsertRowid);
  }

  update(record: WorkOrderRecord): void {
    const { company_id: _company, created_at: _created, ...values } = columnValues(record);
    this.#statements.update.run({ ...values, id: record.id });
  }

  idByIntegrationId(companyId: number, integrationId: string): number | undefined {
    return this.#statements.byIntegrationId.get(companyId, integrationId)?.id;
  }

  routes(workOrderId: number): RouteRow[] {
    return this.#statements.routes.all(workOrderId);
  }

  addRoute(workOrderId: number, providerId: number, at: number): void {
    this.#statements.addRoute.run(workOrderId, providerId, at);
  }

  /** Whether a route to that provider was open. */
  removeRoute(workOrderId: number, providerId: number): boolean {
    return this.#statements.removeRoute.run(workOrderId, providerId).changes > 0;
  }

  closeRoutes(workOrderId: number): void {
    this.#statements.closeRoutes.run(workOrderId);
  }
}

export const workOrderRepository = perDatabase((db) => new WorkOrderRepository(db));
