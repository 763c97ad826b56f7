import type { Shipment, ShipmentStatus } from '../../../src-shared/api/shipment';
import type { StatusSlug } from '../../../src-shared/api/status';
import type { MarketplaceContext } from '../context';
import { invalidInput } from '../http/errors';
import { preparedStatement } from '../store/database';
import { announce, requireAssignee, requireOrder, requireProviderUser } from './provider-common';
import { orderTimestamp, personSummary, wholeList } from './work-order-parts';
import type { WorkOrderRecord } from './work-order-record';

interface ShipmentRow {
  id: number;
  work_order_id: number;
  author_id: number;
  name: string;
  carrier: string;
  tracking_number: string;
  direction: 'to site' | 'from site';
  status: ShipmentStatus;
  created_at: number;
  updated_at: number;
}

/** A shipment the assigned provider records, from the simulation. */
export interface ShipmentInput {
  workOrderId: number;
  providerId: number;
  name: string;
  carrier: string;
  trackingNumber: string;
  direction: 'to site' | 'from site';
  status: ShipmentStatus;
}

function present(context: MarketplaceContext, record: WorkOrderRecord, row: ShipmentRow): Shipment {
  return {
    id: row.id,
    name: row.name,
    carrier: row.carrier,
    tracking_number: row.tracking_number,
    direction: row.direction,
    status: row.status,
    created: orderTimestamp(record, row.created_at),
    user: personSummary(context, row.author_id),
    actions: [],
  };
}

function rowsOf(context: MarketplaceContext, workOrderId: number): ShipmentRow[] {
  return preparedStatement(context, 'SELECT * FROM shipments WHERE work_order_id = ? ORDER BY id').all(workOrderId) as ShipmentRow[];
}

export function listShipments(context: MarketplaceContext, record: WorkOrderRecord) {
  return { ...wholeList(rowsOf(context, record.id).map((row) => present(context, record, row))), actions: [] };
}

/** Parts travel to the site while the work is on, and back (returns) after it is done. */
const SHIPPING: readonly StatusSlug[] = ['assigned', 'workdone'];

function requireShipper(context: MarketplaceContext, workOrderId: number, providerId: number, step: string): WorkOrderRecord {
  const record = requireOrder(context, workOrderId);
  requireProviderUser(context, providerId, 'provider_id');
  requireAssignee(record, providerId, step, SHIPPING);
  return record;
}

export function addShipment(context: MarketplaceContext, input: ShipmentInput): Shipment {
  const now = context.clock.now();
  return context.db.transaction(() => {
    const record = requireShipper(context, input.workOrderId, input.providerId, 'add a shipment');
    const id = Number(
      preparedStatement(
        context,
        'INSERT INTO shipments (work_order_id, author_id, name, carrier, tracking_number, direction, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(record.id, input.providerId, input.name, input.carrier, input.trackingNumber, input.direction, input.status, now, now).lastInsertRowid,
    );
    // Shipments carry the order's parts: decisions §7's `part_updated`, held until this commits.
    announce(context, 'workorder.part_updated', record, input.providerId, now);
    return present(context, record, rowsOf(context, record.id).find((row) => row.id === id) as ShipmentRow);
  })();
}

/** A shipment moves on: new, en route, arrived. */
export function updateShipmentStatus(context: MarketplaceContext, workOrderId: number, providerId: number, shipmentId: number, status: ShipmentStatus): Shipment {
  return context.db.transaction(() => {
    const record = requireShipper(context, workOrderId, providerId, 'update a shipment');
    const row = rowsOf(context, record.id).find((candidate) => candidate.id === shipmentId);
    if (!row) throw invalidInput(`Shipment ${shipmentId} of work order ${record.id} not found`, ['shipment_id']);
    const now = context.clock.now();
    preparedStatement(context, 'UPDATE shipments SET status = ?, updated_at = ? WHERE id = ?').run(status, now, row.id);
    if (row.status !== status) announce(context, 'workorder.part_updated', record, providerId, now);
    return present(context, record, { ...row, status, updated_at: now });
  })();
}
