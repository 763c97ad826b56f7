import type { Attachment } from '../../src-shared/api/attachment';
import type { Expense, ExpenseSum } from '../../src-shared/api/expense';
import type { SavedLocation } from '../../src-shared/api/location';
import type { WorkOrder } from '../../src-shared/api/work-order';
import type { SavedLocationRepository } from '../db/saved-location-repository';
import type { WorkOrderPartsRepository } from '../db/work-order-parts-repository';
import type { WorkOrderRepository } from '../db/work-order-repository';

/**
 * A record the outbox changes optimistically, by kind and id: `workorder:10012`, `parts:10012`
 * (the order's attachments and expenses), `location:7`. Ids may be temporary (negative).
 */
export type DocKind = 'workorder' | 'parts' | 'location';
export type DocKey = `${DocKind}:${number}`;

export interface OrderParts {
  attachments: Attachment[];
  expenses: Expense[];
  expenseSum: ExpenseSum | null;
}

export interface DocValues {
  workorder: WorkOrder;
  parts: OrderParts;
  location: SavedLocation;
}

export const docKey = (kind: DocKind, id: number): DocKey => `${kind}:${id}`;

export function parseDocKey(key: string): { kind: DocKind; id: number } {
  const [kind, id] = key.split(':') as [DocKind, string];
  return { kind, id: Number(id) };
}

export interface DocumentRepositories {
  workOrders: WorkOrderRepository;
  parts: WorkOrderPartsRepository;
  locations: SavedLocationRepository;
}

/**
 * What the cache shows of each record the outbox touches: read it, or write what the coordinator
 * should see (`null` removes it). The work order row carries the pending mark the pull respects.
 */
export class Documents {
  constructor(private readonly repositories: DocumentRepositories) {}

  read(key: DocKey): unknown | null {
    const { kind, id } = parseDocKey(key);
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
    const { kind, id } = parseDocKey(key);
    if (kind === 'workorder') {
      if (value === null) this.repositories.workOrders.remove(id);
      else this.repositories.workOrders.writeLocal(value as WorkOrder, pending);
    } else if (kind === 'location') {
      if (value === null) this.repositories.locations.remove(id);
      else this.repositories.locations.put(value as SavedLocation);
    } else {
      const parts = (value as OrderParts | null) ?? { attachments: [], expenses: [], expenseSum: null };
      this.repositories.parts.writeLocal(id, parts);
    }
  }
}
