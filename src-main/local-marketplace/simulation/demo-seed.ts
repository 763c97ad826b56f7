import type { MarketplaceContext } from '../context';
import { storeRequest } from '../domain/requests';
import type { WorkOrderRecord } from '../domain/work-order-record';
import { workOrderRepository } from '../domain/work-order-repository';
import { preparedStatement } from '../store/database';
import { seedDemoDeliverables } from './demo-deliverables';

// The provider side of the demo company's orders (seed/work-orders.ts, 10001–10040): requests on
// open orders, time logs, messages, shipments and a swap on assigned and finished ones, photos
// waiting for review on Work Done ones (demo-deliverables.ts), each
// consistent with the order's status, sub-status and milestones. Same seed, same records.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Requests on published (10007–10013) and routed (10014–10017) orders; the first is id 1. */
const REQUESTS: readonly { order: number; provider: number; hoursAgo: number; raise?: number; notes?: string; expired?: true }[] = [
  { order: 10007, provider: 3003, hoursAgo: 5, notes: 'I have installed this POS model many times.' },
  { order: 10007, provider: 3008, hoursAgo: 3, raise: 1.15, notes: 'Three lanes take most of a day.' },
  { order: 10008, provider: 3011, hoursAgo: 20 },
  { order: 10009, provider: 3005, hoursAgo: 30, expired: true },
  { order: 10010, provider: 3014, hoursAgo: 2, raise: 1.2, notes: 'Includes a second visit if parts are missing.' },
  { order: 10010, provider: 3002, hoursAgo: 4 },
  { order: 10010, provider: 3017, hoursAgo: 1 },
  { order: 10012, provider: 3009, hoursAgo: 6 },
  { order: 10015, provider: 3006, hoursAgo: 8 },
];

/** Finished orders, with the time each provider spent on site before the work was done. */
const FINISHED = [10027, 10028, 10029, 10030, 10031, 10032, 10033, 10034, 10035, 10036, 10037];

function seedRequests(context: MarketplaceContext, order: (id: number) => WorkOrderRecord | undefined, now: number): void {
  for (const request of REQUESTS) {
    const record = order(request.order);
    const pay = record?.data.fields.pay;
    if (!record || !pay) continue;
    const counter = request.raise ? { pay: { ...pay, base: { ...pay.base, amount: Math.round(pay.base.amount * request.raise) } }, notes: request.notes } : undefined;
    const expiresInSeconds = request.expired ? 12 * 3600 : 2 * 24 * 3600;
    storeRequest(context, record, { workOrderId: record.id, providerId: request.provider, notes: counter ? '' : request.notes, expiresInSeconds, counter }, now - request.hoursAgo * HOUR);
  }
}

function seedTimeLogs(context: MarketplaceContext, order: (id: number) => WorkOrderRecord | undefined, now: number): void {
  const insert = preparedStatement(context, 'INSERT INTO time_logs (work_order_id, provider_id, in_at, out_at, verified) VALUES (?, ?, ?, ?, ?)');
  const checkedIn = order(10021);
  if (checkedIn?.assigneeId) insert.run(checkedIn.id, checkedIn.assigneeId, now - 50 * MINUTE, null, 0);
  const checkedOut = order(10022);
  if (checkedOut?.assigneeId) insert.run(checkedOut.id, checkedOut.assigneeId, now - 4 * HOUR, now - HOUR, 0);
  FINISHED.forEach((id, index) => {
    const record = order(id);
    const done = record?.data.milestones.workdone;
    if (!record?.assigneeId || done === undefined) return;
    insert.run(record.id, record.assigneeId, done - (2 + (index % 3)) * HOUR, done, record.status === 'workdone' ? 0 : 1);
  });
}

function seedMessages(context: MarketplaceContext, order: (id: number) => WorkOrderRecord | undefined, now: number): void {
  const insert = preparedStatement(context, 'INSERT INTO work_order_messages (work_order_id, parent_id, author_id, recipient_id, body, read, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const write = (record: WorkOrderRecord, parentId: number | null, fromBuyer: boolean, body: string, at: number, read: boolean) => {
    const manager = record.data.fields.manager?.id ?? null;
    const [author, recipient] = fromBuyer ? [manager, record.assigneeId] : [record.assigneeId, manager];
    if (author === null) return null;
    return Number(insert.run(record.id, parentId, author, recipient, body, read ? 1 : 0, at).lastInsertRowid);
  };
  const confirmed = order(10019);
  if (confirmed) {
    const thread = write(confirmed, null, true, 'Please bring a spare access point in case the replacement is dead on arrival.', now - 20 * HOUR, true);
    write(confirmed, thread, false, 'Will do, I have one in the van.', now - 19 * HOUR, true);
  }
  const atRisk = order(10023);
  if (atRisk) write(atRisk, null, true, 'Can you confirm you are still able to make it tomorrow?', now - 3 * HOUR, true);
  const delayed = order(10024);
  if (delayed) write(delayed, null, false, 'Running about 30 minutes late: traffic on the interstate.', now - 40 * MINUTE, false);
}

function seedShipmentsAndSwaps(context: MarketplaceContext, order: (id: number) => WorkOrderRecord | undefined, now: number): void {
  const shipment = preparedStatement(
    context,
    'INSERT INTO shipments (work_order_id, author_id, name, carrier, tracking_number, direction, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const onTheWay = order(10020);
  if (onTheWay?.assigneeId) shipment.run(onTheWay.id, onTheWay.assigneeId, 'Replacement print head', 'ups', '1Z999AA10123456784', 'to site', 'en route', now - DAY, now - 2 * HOUR);
  const done = order(10028);
  if (done?.assigneeId) shipment.run(done.id, done.assigneeId, 'Failed access point (return)', 'fedex', '771234567890', 'from site', 'new', now - HOUR, now - HOUR);
  const swapping = order(10026);
  if (swapping?.assigneeId) {
    preparedStatement(context, 'INSERT INTO swap_requests (id, work_order_id, from_provider_id, to_provider_id, notes, created_at) VALUES (?, ?, ?, ?, ?, ?)').run(
      `swap-${swapping.id}-1`,
      swapping.id,
      swapping.assigneeId,
      swapping.assigneeId === 3015 ? 3016 : 3015,
      'A family matter came up; a colleague from my company can take it.',
      now - 90 * MINUTE,
    );
  }
}

/** Seeds the provider side of the demo orders; call it inside the demo seed, after the work orders. */
export function seedProviderSide(context: MarketplaceContext): void {
  const repository = workOrderRepository(context);
  const order = (id: number) => repository.find(id);
  const now = context.clock.now();
  seedRequests(context, order, now);
  seedTimeLogs(context, order, now);
  seedMessages(context, order, now);
  seedShipmentsAndSwaps(context, order, now);
  seedDemoDeliverables(context, order);
}
