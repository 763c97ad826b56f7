import type { EtaInput } from '../../src-shared/api/eta';
import type { OutboxReceipt } from '../../src-shared/ipc/write-channels';
import { invoke } from '../lib/api';

/** Queued like every write: shown on the order at once, refused at once when the tag does not fit its status. */
export function queueAddTag(id: number, tagId: number): Promise<OutboxReceipt> {
  return invoke('workorders:add-tag', { id, tagId });
}

export function queueRemoveTag(id: number, tagId: number): Promise<OutboxReceipt> {
  return invoke('workorders:remove-tag', { id, tagId });
}

/** The technician's ETA, set by the buyer while the order is Assigned (decisions §6). */
export function queueSetEta(id: number, eta: EtaInput): Promise<OutboxReceipt> {
  return invoke('workorders:set-eta', { id, eta });
}
