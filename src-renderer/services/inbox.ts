import type { InboxItem, InboxListInput, InboxMarkInput, InboxPage } from '../../src-shared/ipc/inbox';
import { invoke } from '../lib/api';
import { showError } from '../lib/errors';
import type { WorkOrder } from '../../src-shared/api/work-order';
import { readDetail, sendMessage } from './work-order-detail';

/**
 * The Inbox: read from the cache (`inbox:list`), read and unread marked on this machine; a reply
 * and an assign (through `orderActions`, as everywhere) go to the outbox, which answers at once, online or not. A refusal by main is toasted
 * and answered false; the marketplace's own refusal comes back later through the outbox's toasts.
 */

export function listInbox(input: InboxListInput): Promise<InboxPage> {
  return invoke('inbox:list', input);
}

export function markInbox(input: InboxMarkInput): Promise<{ changed: number; unread: number }> {
  return invoke('inbox:mark-read', input);
}

/** A reply in the provider's message's thread: the detail's Messages section's own call. */
export function replyTo(item: InboxItem, message: string): Promise<boolean> {
  return sendMessage(item.order.id, message, item.sourceId !== null && item.sourceId > 0 ? item.sourceId : undefined);
}

/** The item's order as the cache has it, for the rules an action checks; a failed read is toasted. */
export async function orderOf(item: InboxItem): Promise<WorkOrder | undefined> {
  try {
    return (await readDetail(item.order.id)).order;
  } catch (error) {
    showError(error, `#${item.order.id} could not be read.`);
    return undefined;
  }
}
