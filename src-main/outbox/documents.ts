import type { Attachment } from '../../src-shared/api/attachment';
import type { Expense, ExpenseSum } from '../../src-shared/api/expense';
import type { SavedLocation } from '../../src-shared/api/location';
import type { TalentPoolAttribute } from '../../src-shared/api/talent-pool';
import type { WorkOrder } from '../../src-shared/api/work-order';
import type { SavedLocationRepository } from '../db/saved-location-repository';
import type { TalentPoolRepository } from '../db/talent-pool-repository';
import type { WorkOrderPartsRepository } from '../db/work-order-parts-repository';
import type { WorkOrderRepository } from '../db/work-order-repository';

/**
 * A record the outbox changes optimistically, by kind and id: `workorder:10012`, `parts:10012`
 * (the order's attachments and expenses), `location:7`, and `poolmember:811:3001` (the attributes
 * of provider 3001 in talent pool 811, named by the pair). Ids may be temporary (negative).
 */
export type DocKind = 'workorder' | 'parts' | 'location' | 'poolmember';
/** The kinds named by one record id. */
export type RecordDocKind = Exclude<DocKind, 'poolmember'>;
export type DocKey = `${RecordDocKind}:${number}` | `poolmember:${number}:${number}`;
/** A key taken apart. */
export type DocRef = { kind: RecordDocKind; id: number } | { kind: 'poolmember'; poolId: number; providerId: number };

export interface OrderParts {
  attachments: Attachment[];
  expenses: Expense[];
  expenseSum: ExpenseSum | null;
}

export interface DocValues {
  workorder: WorkOrder;
  parts: OrderParts;
  location: SavedLocation;
  /** The member's attributes in the pool. */
  poolmember: TalentPoolAttribute[];
}

export const docKey = (kind: RecordDocKind, id: number): DocKey => `${kind}:${id}`;
export const poolMemberKey = (poolId: number, providerId: number): DocKey => `poolmember:${poolId}:${providerId}`;

export function parseDocKey(key: string): DocRef {
  const [kind, first, second] = key.split(':') as [DocKind, string, string | undefined];
  if (kind === 'poolmember') return { kind, poolId: Number(first), providerId: Number(second) };
  return { kind, id: Number(first) };
}

export interface DocumentRepositories {
  workOrders: WorkOrderRepository;
  parts: WorkOrderPartsRepository;
  locations: SavedLocationRepository;
  talentPools: TalentPoolRepository;
}

/**
 * What the cache shows of each record the outbox touches: read it, or write what the coordinator
 * should see (`null` removes it). The work order row carries the pending mark the pull respects.
 */
export class Documents {
  constructor(private readonly repositories: DocumentRepositories) {}

  read(key: DocKey): unknown | null {
    const ref = parseDocKey(key);
    if (ref.kind === 'poolmember') return this.repositories.talentPools.attributesOf(ref.poolId, ref.providerId) ?? null;
    const { kind, id } = ref;
    if (kind === 'workorder') return this.repositories.workOrders.get(id) ?? null;
    if (kind === 'location') return this.repositories.locations.get(id) ?? null;
    const { attachments, expenses, expenseSum, fetchedAt } = this.repositories.parts.get(id);
    return fetchedAt === null && attachments.length === 0 && expenses.length === 0 ? null : { attachments, expenses, expenseSum };
  }

  /** The pending mark of an order row: set while any outbox entry names the order. */
  setOrderPending(workOrderId: number, pending: boolean): void {
    this.repositories.workOrders.setPending(workOrderId, pending);
  }

  write(key: DocKey, value: unknown | null, pending: boolean): void {
    const ref = parseDocKey(key);
    if (ref.kind === 'poolmember') {
      // A member the cache does not know stays unknown; its attributes are written only beside it.
      if (value !== null) this.repositories.talentPools.writeAttributes(ref.poolId, ref.providerId, value as TalentPoolAttribute[]);
      return;
    }
    const { kind, id } = ref;
    if (kind === 'workorder') {
      if (value === null) this.repositories.workOrders.remove(id);
      else this.repositories.workOrders.writeLocal(withKnownMilestones(value as WorkOrder, () => this.repositories.workOrders.get(id)), pending);
    } else if (kind === 'location') {
      if (value === null) this.repositories.locations.remove(id);
      else this.repositories.locations.put(value as SavedLocation);
    } else {
      const parts = (value as OrderParts | null) ?? { attachments: [], expenses: [], expenseSum: null };
      this.repositories.parts.writeLocal(id, parts);
    }
  }
}

/**
 * An order's milestones come from their own endpoint, with the order's full answer (the pull's
 * details, an opened order's refresh), not with what a change answers: written as is, that answer
 * would drop them, and an order's history and Insights would lose when it was published or
 * assigned until the next full fetch. A milestone is the first entry into a state and never
 * changes once stamped, so the cached ones stay true; a newer stamp waits for that fetch.
 */
function withKnownMilestones(order: WorkOrder, cached: () => WorkOrder | undefined): WorkOrder {
  if ((order as { milestones?: unknown }).milestones !== undefined) return order;
  const milestones = (cached() as { milestones?: unknown } | undefined)?.milestones;
  return milestones === undefined ? order : { ...order, milestones };
}
