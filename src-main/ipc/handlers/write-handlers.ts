import { WRITE_CHANNEL_NAMES, type WriteChannelName } from '../../../src-shared/ipc/write-channels';
import type { Outbox } from '../../outbox/outbox';
import type { Handler, Handlers } from '../dispatcher';
import type { UseWorkspace } from './use-workspace';

/**
 * Every write channel: the input (already checked against the channel's schema) is queued in the
 * active environment's outbox with its optimistic change, and the receipt answers at once.
 * `workorders:import` queues many creates at once, all or none (one transaction).
 */
export function writeHandlers(use: UseWorkspace<{ outbox: Pick<Outbox, 'enqueue' | 'enqueueMany'> }>): Pick<Handlers, WriteChannelName | 'workorders:import'> {
  const handler = (kind: WriteChannelName): Handler<WriteChannelName> => (input) => use((workspace) => workspace.outbox.enqueue(kind, input));
  const writes = Object.fromEntries(WRITE_CHANNEL_NAMES.map((kind) => [kind, handler(kind)])) as Pick<Handlers, WriteChannelName>;
  const importOrders: Handler<'workorders:import'> = async ({ orders }) => ({
    receipts: await use((workspace) => workspace.outbox.enqueueMany('workorders:create', orders.map((order) => ({ order })))),
  });
  return { ...writes, 'workorders:import': importOrders };
}
