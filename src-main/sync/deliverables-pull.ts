import { unlessNotFound } from '../api-client/api-error';
import type { WorkOrder } from '../../src-shared/api/work-order';
import { forEachConcurrently } from './concurrency';
import { flatten, pullWorkOrderParts, type WorkOrderPartsPullDependencies } from './work-order-parts-pull';

/**
 * A provider's new file changes nothing in the order's list item, so the pull would never see it:
 * on each pull the folders of every order under way or done are asked for (one request each),
 * except those whose parts this pull already fetched. An order whose parts were never fetched gets
 * them all. Without a folder store (`deps.folders`) nothing happens. Answers how many orders were written.
 */
export async function pullDeliverables(deps: WorkOrderPartsPullDependencies, fetchedThisPull: ReadonlySet<number>, concurrency: number, signal: AbortSignal): Promise<number> {
  const folders = deps.folders;
  if (!folders) return 0;
  const ids = folders.reviewableOrderIds().filter((id) => !fetchedThisPull.has(id));
  let written = 0;
  await forEachConcurrently(ids, concurrency, signal, async (id, orderSignal) => {
    const current = deps.repository.get(id);
    if (current.fetchedAt === null) {
      // The list item is enough: none embeds its parts, so each is asked for.
      if (await pullWorkOrderParts({ id } as WorkOrder, deps, orderSignal)) written += 1;
      return;
    }
    const answer = await unlessNotFound(() => deps.parts.attachmentFolders(id, { signal: orderSignal }));
    orderSignal.throwIfAborted();
    if (!answer) return;
    // Only the files change: the expense sum and the parts' age stay as the last full fetch left them.
    if (deps.repository.store(id, { attachments: flatten(answer.results), expenseSum: current.expenseSum }, current.fetchedAt)) {
      folders.storeFolders(id, answer.results);
      written += 1;
    }
  });
  return written;
}
