import type { InboxItem, InboxListInput, InboxMarkInput, InboxPage } from '../../src-shared/ipc/inbox';
import { invoke } from '../lib/api';
import { showError } from '../lib/errors';

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

async function queued(write: () => Promise<unknown>, failed: string): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    showError(error, failed);
    return false;
  }
}

/** A reply in the provider's message's thread. */
export function replyTo(item: InboxItem, message: string): Promise<boolean> {
  return queued(() => invoke('messages:send', { workOrderId: item.order.id, message, ...(item.sourceId !== null && item.sourceId > 0 ? { parentId: item.sourceId } : {}) }), 'The reply could not be queued.');
}

/** Assigns the order to the provider who asked for it. */
export function assignFrom(item: InboxItem): Promise<boolean> {
  const providerId = item.providerId;
  if (providerId === null) return Promise.resolve(false);
  return queued(() => invoke('workorders:assign', { id: item.order.id, providerId }), 'The assignment could not be queued.');
}
