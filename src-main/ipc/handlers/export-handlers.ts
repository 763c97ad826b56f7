import type { ChooseSavePath } from '../../attachments/save-dialog';
import { saveGeneratedFile } from '../../exports/save-generated';
import type { FolderZips } from '../../exports/folder-zips';
import type { Handlers } from '../dispatcher';

/** Saving what the app made: the page's files (desktop dialog) and a folder's zip (`src-shared/ipc/export-files.ts`, `deliverables.ts`). */
export function exportHandlers(
  zips: Pick<FolderZips, 'prepare' | 'save'>,
  desktop: { chooseSavePath?: ChooseSavePath },
): Pick<Handlers, 'files:save' | 'deliverables:prepare-zip' | 'deliverables:save-zip'> {
  return {
    'files:save': (input) => saveGeneratedFile(input, desktop.chooseSavePath),
    'deliverables:prepare-zip': (ref) => zips.prepare(ref),
    'deliverables:save-zip': (ref) => zips.save(ref, desktop.chooseSavePath),
  };
}
