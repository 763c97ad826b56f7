import type { Deliverable, DeliverablesFilter, DeliverablesPage } from '../../src-shared/ipc/deliverables';
import { AttachmentReviewInputSchema } from '../../src-shared/ipc/write-channels';
import { invoke } from '../lib/api';
import { attachmentFiles } from './attachment-files';
import { showError } from '../lib/errors';

/**
 * The review queue: read from the cache (`deliverables:list`), reviews queued in the outbox, which
 * answers at once and takes the file out of the queue, online or not. A refusal by main is toasted
 * and answered false; the marketplace's own refusal comes back later through the outbox's toasts.
 */

export function listDeliverables(filter: DeliverablesFilter): Promise<DeliverablesPage> {
  return invoke('deliverables:list', filter);
}

export interface Review {
  status: 'approved' | 'denied';
  reason?: string;
}

/** The reason's problem in words, by the shared rule, or undefined when the review may go. */
export function reviewProblem(item: Deliverable, review: Review): string | undefined {
  const parsed = AttachmentReviewInputSchema.safeParse(reviewInput(item, review));
  return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? 'This review cannot be sent.');
}

function reviewInput(item: Deliverable, review: Review) {
  const reason = review.reason?.trim();
  return { workOrderId: item.workOrderId, attachmentId: item.attachment.id, status: review.status, ...(reason ? { reason } : {}) };
}

/** Queues the review; answers its outbox entry (for Undo), or undefined when it could not be queued (said in a toast). */
export async function reviewDeliverable(item: Deliverable, review: Review): Promise<string | undefined> {
  try {
    return (await invoke('attachments:review', reviewInput(item, review))).entryId;
  } catch (error) {
    showError(error, 'The review could not be queued.');
    return undefined;
  }
}

/** Starts loading a file's preview, so moving to it paints at once. */
export function prefetchPreview(item: Deliverable): void {
  attachmentFiles.prefetch(item.workOrderId, item.attachment.id);
}
