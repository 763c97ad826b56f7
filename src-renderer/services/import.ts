import type { WorkOrderCreateBody } from '../../src-shared/api/work-order-requests';
import { IMPORT_BATCH_MAX } from '../../src-shared/ipc/import-channels';
import { WIRE_MAX_FRAME_BYTES } from '../../src-shared/ipc/wire';
import type { OutboxReceipt } from '../../src-shared/ipc/write-channels';
import { invoke } from '../lib/api';
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

/** Queues the drafts in batches, each all or none; `onBatch` hears how many are queued so far. Answers one receipt per draft. */
export async function queueImport(orders: readonly WorkOrderCreateBody[], onBatch: (queued: number) => void): Promise<OutboxReceipt[]> {
  const receipts: OutboxReceipt[] = [];
  for (const batch of importBatches(orders)) {
    const answer = await invoke('workorders:import', { orders: batch });
    receipts.push(...answer.receipts);
    onBatch(receipts.length);
  }
  return receipts;
}
