import type { WorkOrderCreateBody } from '../../src-shared/api/work-order-requests';
import { IMPORT_BATCH_MAX } from '../../src-shared/ipc/import-channels';
import { WIRE_MAX_FRAME_BYTES } from '../../src-shared/ipc/wire';
import type { OutboxReceipt } from '../../src-shared/ipc/write-channels';
import { invoke, on } from '../lib/api';
import type { ImportSources } from '../lib/import/import-rows';
import { savedLocationChoice } from '../views/job-form/job-values';
import { listClientOptions, listManagerOptions, listProjectOptions, listTypeOfWorkOptions } from './work-orders';

/**
 * Bulk import's calls to main: the cache's lists names are looked up in, the remembered column
 * mapping, and the drafts queued in the outbox in batches (each batch all or none).
 */

const orNothing = <T>(promise: Promise<T[]>): Promise<T[]> => promise.catch(() => []);

/** The cache's lists a file's names are looked up in; a list the cache cannot give is empty. */
export async function loadImportSources(): Promise<ImportSources> {
  const [typesOfWork, clients, projects, managers, locations] = await Promise.all([
    orNothing(listTypeOfWorkOptions()),
    orNothing(listClientOptions()),
    orNothing(listProjectOptions()),
    orNothing(listManagerOptions()),
    orNothing(invoke('locations:search', { text: '' })),
  ]);
  return { typesOfWork: typesOfWork.length > 0 ? typesOfWork : undefined, clients, projects, managers, savedLocations: locations.map(savedLocationChoice) };
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

/** Hears the outbox move and drafts get their marketplace ids; answers the unsubscribe. */
export function followImport(handlers: { onOutbox: () => void; onRenamed: (renamed: { from: number; to: number }[]) => void }): () => void {
  const stops = [
    on('outbox:changed', handlers.onOutbox),
    on('workorders:did-change', (change) => {
      if ('renamed' in change && change.renamed) handlers.onRenamed(change.renamed);
    }),
  ];
  return () => stops.forEach((stop) => stop());
}
