import type { AttachmentFolder } from '../../src-shared/api/attachment';
import type { WorkOrderDetail } from '../../src-shared/ipc/channels';

/**
 * An order's folders as far as this machine knows them: the full answer's, else (the cache holding
 * only its list item) the ones its parts' pull stored. The approval's checks and the Attachments
 * section read them from here.
 */
export const knownFolders = (detail: WorkOrderDetail): readonly AttachmentFolder[] => (detail.complete ? (detail.order.attachments?.results ?? []) : detail.folders);
