import { unlessNotFound } from '../api-client/api-error';
import type { WorkOrderPartsApi } from '../api-client/work-order-parts-api';
import type { Attachment, AttachmentFolder } from '../../src-shared/api/attachment';
import { AttachmentFolderListSchema } from '../../src-shared/api/attachment';
import { ProviderRequestListSchema } from '../../src-shared/api/provider';
import type { WorkOrder } from '../../src-shared/api/work-order';
import type { DeliverablesRepository } from '../db/deliverables-repository';
import type { PulledParts, WorkOrderPartsRepository } from '../db/work-order-parts-repository';

export interface WorkOrderPartsPullDependencies {
  parts: Pick<WorkOrderPartsApi, 'expenses' | 'attachmentFolders' | 'requests'>;
  repository: WorkOrderPartsRepository;
  /** Where the order's folders go (which is Deliverables, how many files it asks for); left out, not kept. */
  folders?: Pick<DeliverablesRepository, 'storeFolders' | 'reviewableOrderIds'>;
  /** Epoch ms. */
  now: () => number;
}

/**
 * The most requests `pullWorkOrderParts` makes for one order: its expenses always (no order answer
 * embeds them), its attachments and its requests only when the order's answer did not embed them.
 * Against the local marketplace, which embeds both, it is one.
 */
export const MAX_PART_REQUESTS_PER_ORDER = 3;

/** The order's own folders when it embeds them; undefined when a request must ask. */
function embeddedFolders(order: WorkOrder): AttachmentFolder[] | undefined {
  const parsed = AttachmentFolderListSchema.safeParse(order.attachments);
  return parsed.success ? parsed.data.results : undefined;
}

function embeddedRequests(order: WorkOrder) {
  const parsed = ProviderRequestListSchema.safeParse(order.requests);
  return parsed.success ? parsed.data.results : undefined;
}

/** An attachment inside a folder may leave out its folder: the folder says it. */
export function flatten(folders: readonly AttachmentFolder[]): Attachment[] {
  return folders.flatMap((folder) => (folder.results ?? []).map((attachment) => ({ ...attachment, folder_id: attachment.folder_id ?? folder.id })));
}

/**
 * Stores what hangs off one order (attachment metadata, expenses, provider requests) from its full
 * answer, fetching only what the answer does not embed (at most MAX_PART_REQUESTS_PER_ORDER
 * requests). Meant to run right after the pull stored that full answer, in the same lane, so the
 * parts never outlive or predate the order they belong to. Answers whether anything was written:
 * an order with an outbox change, or gone from the cache, is left alone.
 */
export async function pullWorkOrderParts(order: WorkOrder, deps: WorkOrderPartsPullDependencies, signal: AbortSignal): Promise<boolean> {
  const { parts } = deps;
  const fetched: PulledParts = {};
  const [folders, requests, expenses] = await Promise.all([
    embeddedFolders(order) ?? unlessNotFound(async () => (await parts.attachmentFolders(order.id, { signal })).results),
    embeddedRequests(order) ?? unlessNotFound(async () => (await parts.requests(order.id, { signal })).results),
    unlessNotFound(() => parts.expenses(order.id, { signal })),
  ]);
  if (folders) fetched.attachments = flatten(folders);
  if (requests) fetched.requests = requests;
  if (expenses) {
    fetched.expenses = expenses.results;
    fetched.expenseSum = expenses.sum ?? null;
  }
  signal.throwIfAborted();
  const stored = deps.repository.store(order.id, fetched, deps.now());
  if (stored && folders) deps.folders?.storeFolders(order.id, folders);
  return stored;
}
