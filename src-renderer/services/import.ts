import type { WorkOrderCreateBody } from '../../src-shared/api/work-order-requests';
import { IMPORT_BATCH_MAX } from '../../src-shared/ipc/import-channels';
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

/** Queues the drafts in batches; `onBatch` hears how many are queued so far. Answers one receipt per draft. */
export async function queueImport(orders: readonly WorkOrderCreateBody[], onBatch: (queued: number) => void): Promise<OutboxReceipt[]> {
  const receipts: OutboxReceipt[] = [];
  for (let start = 0; start < orders.length; start += IMPORT_BATCH_MAX) {
    const answer = await invoke('workorders:import', { orders: orders.slice(start, start + IMPORT_BATCH_MAX) });
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
