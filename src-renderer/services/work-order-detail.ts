import type { ProviderHistory, WorkOrderDetail } from '../../src-shared/ipc/channels';
import { invoke } from '../lib/api';
import { showError } from '../lib/errors';

/**
 * The detail panel's calls to main. Reads come from the cache (`workorders:detail`), except the
 * refresh an opened order asks for; writes go to the outbox and answer at once.
 */
export function readDetail(id: number): Promise<WorkOrderDetail> {
  return invoke('workorders:detail', { id });
}

export function refreshDetail(id: number): Promise<WorkOrderDetail> {
  return invoke('workorders:refresh', { id });
}

/**
 * The marketplace's latest detail of the order if it answers within `waitMs`, else undefined (a
 * refusal, offline, or a network that hangs for the client's 30 s): for a screen that must not wait on it.
 */
export async function refreshWithin(id: number, waitMs: number): Promise<WorkOrderDetail | undefined> {
  // The timer's type differs between the DOM and Node typings; a cancel function hides it.
  let stopWaiting = () => {};
  const late = new Promise<undefined>((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    stopWaiting = () => clearTimeout(timer);
  });
  try {
    return await Promise.race([refreshDetail(id).catch(() => undefined), late]);
  } finally {
    stopWaiting();
  }
}

export function readProviderHistory(providerId: number): Promise<ProviderHistory> {
  return invoke('providers:history', { providerId });
}

/**
 * Runs a write; a refusal by main (bad input, a closing app) is toasted. Success is not: the panel
 * shows the queued change where it belongs at once (a pending message, problem or swap answer).
 */
async function queue(write: () => Promise<unknown>, failed: string): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    showError(error, failed);
    return false;
  }
}

export function sendMessage(workOrderId: number, message: string, parentId?: number): Promise<boolean> {
  return queue(() => invoke('messages:send', { workOrderId, message, parentId }), 'The message could not be queued.');
}

export function resolveProblem(workOrderId: number, problemId: number): Promise<boolean> {
  return queue(() => invoke('problems:resolve', { workOrderId, problemId }), 'The problem could not be marked resolved.');
}

export function reportProblem(workOrderId: number, problemTypeId: number, comments?: string): Promise<boolean> {
  return queue(() => invoke('problems:report', { workOrderId, problemTypeId, comments: comments || undefined }), 'The problem could not be queued.');
}

export function answerSwap(workOrderId: number, swapId: string, accept: boolean): Promise<boolean> {
  return queue(() => invoke(accept ? 'swaps:accept' : 'swaps:decline', { workOrderId, swapId }), 'The swap answer could not be queued.');
}
