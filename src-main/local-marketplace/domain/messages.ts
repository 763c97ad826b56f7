import type { Message } from '../../../src-shared/api/message';
import type { MarketplaceContext } from '../context';
import { invalidInput, notFound } from '../http/errors';
import { preparedStatement } from '../store/database';
import { announce, participant, requireOrder, requireProviderUser } from './provider-common';
import { orderTimestamp, wholeList } from './work-order-parts';
import type { Actor } from './work-order-lifecycle';
import type { WorkOrderRecord } from './work-order-record';
import { workOrderRepository } from './work-order-repository';

interface MessageRow {
  id: number;
  work_order_id: number;
  parent_id: number | null;
  author_id: number;
  recipient_id: number | null;
  body: string;
  read: 0 | 1;
  created_at: number;
}

/** A provider's message, from the simulation. */
export interface ProviderMessage {
  workOrderId: number;
  providerId: number;
  message: string;
  parentId?: number;
}

function rowsOf(context: MarketplaceContext, workOrderId: number): MessageRow[] {
  return preparedStatement(context, 'SELECT * FROM work_order_messages WHERE work_order_id = ? ORDER BY id').all(workOrderId) as MessageRow[];
}

function findRow(context: MarketplaceContext, workOrderId: number, messageId: number): MessageRow | undefined {
  return preparedStatement(context, 'SELECT * FROM work_order_messages WHERE id = ? AND work_order_id = ?').get(messageId, workOrderId) as MessageRow | undefined;
}

function present(context: MarketplaceContext, record: WorkOrderRecord, row: MessageRow, replies: Message[] = []): Message {
  return {
    msg_id: row.id,
    parent_id: row.parent_id,
    message: row.body,
    created: orderTimestamp(record, row.created_at),
    read: row.read === 1,
    from: participant(context, row.author_id),
    to: row.recipient_id === null ? null : participant(context, row.recipient_id),
    replies,
    actions: ['reply'],
  };
}

/** GET workorders/{id}/messages: threads, oldest first, each with its replies nested below it. */
export function listMessages(context: MarketplaceContext, record: WorkOrderRecord) {
  const rows = rowsOf(context, record.id);
  const children = new Map<number | null, MessageRow[]>();
  for (const row of rows) {
    const siblings = children.get(row.parent_id);
    if (siblings) siblings.push(row);
    else children.set(row.parent_id, [row]);
  }
  const tree = (row: MessageRow): Message => present(context, record, row, (children.get(row.id) ?? []).map(tree));
  return { ...wholeList((children.get(null) ?? []).map(tree)), actions: ['add'], unread: rows.filter((row) => row.read === 0).length };
}

/** A reply goes back to whoever wrote the message answered; a new thread to `defaultRecipient`. */
function recipientOf(parent: MessageRow | undefined, authorId: number, defaultRecipient: number | null): number | null {
  if (!parent) return defaultRecipient;
  return parent.author_id === authorId ? parent.recipient_id : parent.author_id;
}

function insert(context: MarketplaceContext, record: WorkOrderRecord, authorId: number, text: string, parent: MessageRow | undefined, defaultRecipient: number | null): Message {
  const now = context.clock.now();
  const row = context.db.transaction(() => {
    const recipient = recipientOf(parent, authorId, defaultRecipient);
    // The buyer's own messages are read; a provider's stays unread until the buyer answers it.
    const read = participant(context, authorId).role === 'buyer' ? 1 : 0;
    const id = Number(
      preparedStatement(context, 'INSERT INTO work_order_messages (work_order_id, parent_id, author_id, recipient_id, body, read, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
        record.id,
        parent?.id ?? null,
        authorId,
        recipient,
        text,
        read,
        now,
      ).lastInsertRowid,
    );
    if (parent && read === 1 && parent.author_id !== authorId) preparedStatement(context, 'UPDATE work_order_messages SET read = 1 WHERE id = ?').run(parent.id);
    return findRow(context, record.id, id) as MessageRow;
  })();
  announce(context, 'workorder.message_posted', record, authorId, now);
  return present(context, record, row);
}

/**
 * The buyer writes: a new thread to the assigned provider (to nobody in particular before
 * assignment), or a reply to a message of the order; 404 when the message is unknown.
 */
export function postBuyerMessage(context: MarketplaceContext, actor: Actor, workOrderId: number, text: string, parentId?: number): Message {
  const record = workOrderRepository(context).findForCompany(actor.companyId, workOrderId);
  const parent = parentId === undefined ? undefined : findRow(context, record.id, parentId);
  if (parentId !== undefined && !parent) throw notFound(`Message ${parentId} of work order ${record.id}`);
  return insert(context, record, actor.userId, text, parent, record.assigneeId);
}

/** Checks a buyer's reply before it is made (for `async=true`): the message must exist. */
export function requireMessage(context: MarketplaceContext, actor: Actor, workOrderId: number, messageId: number): void {
  const record = workOrderRepository(context).findForCompany(actor.companyId, workOrderId);
  if (!findRow(context, record.id, messageId)) throw notFound(`Message ${messageId} of work order ${record.id}`);
}

const OPEN_TO_EVERY_PROVIDER: readonly string[] = ['published', 'routed'];

/**
 * A provider writes to the order's manager: any provider while the order is open to requests,
 * only its assignee once assigned.
 */
export function postProviderMessage(context: MarketplaceContext, message: ProviderMessage): Message {
  const record = requireOrder(context, message.workOrderId);
  requireProviderUser(context, message.providerId, 'provider_id');
  if (!OPEN_TO_EVERY_PROVIDER.includes(record.status) && record.assigneeId !== message.providerId) {
    throw invalidInput(`Can not post a message: provider ${message.providerId} is not the assignee of work order ${record.id}`, ['provider_id']);
  }
  const parent = message.parentId === undefined ? undefined : findRow(context, record.id, message.parentId);
  if (message.parentId !== undefined && !parent) throw invalidInput(`Message ${message.parentId} of work order ${record.id} not found`, ['parent_id']);
  return insert(context, record, message.providerId, message.message, parent, record.data.fields.manager?.id ?? null);
}
