import type { InboxItem, InboxListInput, InboxMarkInput, InboxPage } from '../../src-shared/ipc/inbox';
import { invoke } from '../lib/api';
import { showError } from '../lib/errors';
import { queueAction } from './work-order-actions';
import { sendMessage } from './work-order-detail';

/**
 * The Inbox: read from the cache (`inbox:list`), read and unread marked on this machine; a reply
 * and an assign go to the outbox, which answers at once, online or not. A refusal by main is toasted
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

/** Assigns the order to the provider who asked for it, as the detail's request does. */
export async function assignFrom(item: InboxItem): Promise<boolean> {
  if (item.providerId === null) return false;
  try {
    await queueAction({ operation: 'assign', id: item.order.id, providerId: item.providerId });
    return true;
  } catch (error) {
    showError(error, 'The assignment could not be queued.');
    return false;
  }
}
