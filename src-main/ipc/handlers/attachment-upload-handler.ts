import type { AttachmentUploadInput, OutboxReceipt } from '../../../src-shared/ipc/write-channels';
import type { StagedFile } from '../../attachments/staging';
import type { Handlers } from '../dispatcher';

/** The part of the staging this handler uses. */
export interface PathStaging {
  stageFromPath(path: string): Promise<StagedFile>;
  remove(id: string): Promise<void>;
}

/**
 * `attachments:upload-file` (the preload's own channel, Electron only: the dispatcher refuses it
 * elsewhere): copies the file into the staging folder, then queues it like a browser's staged
 * upload. A copy the outbox did not take is removed at once.
 */
export function attachmentUploadHandler(
  staging: PathStaging,
  enqueue: (input: AttachmentUploadInput) => Promise<OutboxReceipt>,
): Pick<Handlers, 'attachments:upload-file'> {
  return {
    'attachments:upload-file': async ({ path, ...target }) => {
      const staged = await staging.stageFromPath(path);
      try {
        return await enqueue({ ...target, stagedId: staged.id });
      } catch (error) {
        await staging.remove(staged.id);
        throw error;
      }
    },
  };
}
