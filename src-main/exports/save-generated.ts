import { writeFile } from 'node:fs/promises';
import type { SaveFileInput } from '../../src-shared/ipc/export-files';
import type { ChooseSavePath } from '../attachments/save-dialog';
import { desktopDialog, saveToChosenPath } from './save-to-chosen-path';

/**
 * Desktop: a file the page made (the list's CSV or xlsx, an Insights table) saved where the
 * coordinator chooses in the native dialog, whole or not at all. The name was checked by the
 * channel's schema. Browser mode has no dialog (`choose` absent): the page downloads.
 */
export async function saveGeneratedFile({ name, bytes }: SaveFileInput, choose: ChooseSavePath | undefined): Promise<{ saved: boolean }> {
  return saveToChosenPath(desktopDialog(choose, 'the file'), name, (partial) => writeFile(partial, bytes));
}
