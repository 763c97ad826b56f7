import type { AttachmentFiles } from '../../attachments/attachment-files';
import type { ChooseSavePath } from '../../attachments/save-dialog';
import type { Handlers } from '../dispatcher';

/** Previews and desktop downloads of attachment bytes (`src-shared/ipc/attachment-files.ts`). */
export function attachmentFileHandlers(
  files: AttachmentFiles,
  desktop: { host: 'electron' | 'web'; chooseSavePath?: ChooseSavePath },
): Pick<Handlers, 'attachments:preview' | 'attachments:save' | 'attachments:bytes'> {
  return {
    'attachments:preview': async (ref) => (await files.prepare(ref)).info,
    'attachments:save': (ref) => files.save(ref, desktop.chooseSavePath),
    'attachments:bytes': (ref) => files.bytes(ref, desktop.host === 'electron'),
  };
}
