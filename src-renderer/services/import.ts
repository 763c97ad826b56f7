import type { WorkOrderCreateBody } from '../../src-shared/api/work-order-requests';
import { IMPORT_BATCH_MAX } from '../../src-shared/ipc/import-channels';
import { WIRE_MAX_FRAME_BYTES } from '../../src-shared/ipc/wire';
import type { OutboxReceipt } from '../../src-shared/ipc/write-channels';
import { invoke } from '../lib/api';
import { queueAutoDispatch, type DispatchChoice } from './work-order-actions';
import { savedLocationChoice, type SavedLocationChoice } from '../lib/job/job-values';

/**
 * Bulk import's calls to main: the cache's lists names are looked up in, the remembered column
 * mapping, and the drafts queued in the outbox in batches (each batch all or none).
 */

/** The saved locations a file's sites are looked up in; none when the cache cannot give them. */
export async function listSavedLocationChoices(): Promise<SavedLocationChoice[]> {
  return (await invoke('locations:search', { text: '' }).catch(() => [])).map(savedLocationChoice);
}

export async function readRememberedMapping(): Promise<Record<string, string>> {
  return (await invoke('settings:get')).importMapping ?? {};
}

export async function rememberMapping(mapping: Record<string, string>): Promise<void> {
  await invoke('settings:update', { importMapping: mapping });
}

/** Half a frame of the web host's socket: a batch of long descriptions must still fit in one. */
const BATCH_BYTES = WIRE_MAX_FRAME_BYTES / 2;

/** The drafts cut into batches of at most IMPORT_BATCH_MAX orders and about BATCH_BYTES of JSON. */
export function importBatches<Order>(orders: readonly Order[]): Order[][] {
  const batches: Order[][] = [];
  let batch: Order[] = [];
  let bytes = 0;
  for (const order of orders) {
    const size = JSON.stringify(order).length;
    if (batch.length > 0 && (batch.length === IMPORT_BATCH_MAX || bytes + size > BATCH_BYTES)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(order);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/** A draft to queue, and its auto-dispatch once made (the Auto-dispatch column said yes). */
export interface ImportDraft {
  body: WorkOrderCreateBody;
  dispatch?: DispatchChoice;
}

/**
 * Queues the drafts in batches, each all or none; `onBatch` hears how many are queued so far. After
 * each batch, its drafts to dispatch, one auto-dispatch per rule and mode: each waits in the outbox
 * for its orders' creates, and takes their ids once made. Answers one receipt per draft.
 */
export async function queueImport(drafts: readonly ImportDraft[], onBatch: (queued: number) => void): Promise<OutboxReceipt[]> {
  const receipts: OutboxReceipt[] = [];
  for (const batch of importBatches(drafts)) {
    const answer = await invoke('workorders:import', { orders: batch.map((draft) => draft.body) });
    receipts.push(...answer.receipts);
    await queueDispatches(batch, answer.receipts);
    onBatch(receipts.length);
  }
  return receipts;
}

async function queueDispatches(batch: readonly ImportDraft[], receipts: readonly OutboxReceipt[]): Promise<void> {
  const groups = new Map<string, { choice: DispatchChoice; ids: number[] }>();
  batch.forEach((draft, index) => {
    const id = receipts[index]?.id;
    if (!draft.dispatch || id === undefined) return;
    const key = `${draft.dispatch.selectionRuleId ?? ''} ${draft.dispatch.shouldRoute}`;
    const group = groups.get(key) ?? { choice: draft.dispatch, ids: [] };
    group.ids.push(id);
    groups.set(key, group);
  });
  // A batch is at most IMPORT_BATCH_MAX orders, within what one auto-dispatch takes.
  for (const { choice, ids } of groups.values()) await queueAutoDispatch(ids, choice);
}
