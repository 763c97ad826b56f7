import { rename, rm, writeFile } from 'node:fs/promises';
import { AppError } from '../../src-shared/errors';
import type { SaveFileInput } from '../../src-shared/ipc/export-files';
import type { ChooseSavePath } from '../attachments/attachment-files';

/**
 * Desktop: a file the page made (the list's CSV or xlsx, an Insights table) saved where the
 * coordinator chooses in the native dialog. The name was checked by the channel's schema; the
 * bytes go beside the destination first and are renamed into place, so a failed write never leaves
 * half a file under the chosen name. Browser mode has no dialog (`choose` absent): the page downloads.
 */
export async function saveGeneratedFile({ name, bytes }: SaveFileInput, choose: ChooseSavePath | undefined): Promise<{ saved: boolean }> {
  if (!choose) throw new AppError('IPC_INVALID_INPUT', 'Saving through a dialog is for the desktop app; the browser downloads the file itself.');
  const destination = await choose(name);
  if (!destination) return { saved: false };
  const partial = `${destination}.partial`;
  try {
    await writeFile(partial, bytes);
    await rename(partial, destination);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return { saved: true };
}
