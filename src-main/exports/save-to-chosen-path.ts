import { rename, rm } from 'node:fs/promises';
import { AppError, type ErrorCode } from '../../src-shared/errors';
import type { ChooseSavePath } from '../attachments/save-dialog';

/**
 * The native Save dialog, which only the desktop has: browser mode (no `choose`) is refused, the
 * page downloads `what` itself ("the file", "the zip").
 */
export function desktopDialog(choose: ChooseSavePath | undefined, what: string): ChooseSavePath {
  if (!choose) throw new AppError('IPC_INVALID_INPUT', `Saving through a dialog is for the desktop app; the browser downloads ${what} itself.`);
  return choose;
}

export interface WriteFailure {
  code: ErrorCode;
  message: string;
}

/** Said when the chosen place cannot be written (a folder gone, read-only, a full disk). */
export const SAVE_FAILED: WriteFailure = { code: 'SAVE_FAILED', message: 'The file could not be written there: choose another folder.' };

/**
 * Writes a file at `destination` whole or not at all: `write` fills `<destination>.partial`, which
 * is renamed into place once it is complete and removed when anything fails, so a write cut short
 * never leaves half a file under the chosen name (nor over a file that was there). An AppError from
 * `write` is said as it is; a failure of the disk (a folder gone, no permission, a full disk)
 * becomes `failure`, words for a coordinator rather than a system error.
 */
export async function writeWhole(destination: string, write: (partial: string) => Promise<void>, failure: WriteFailure = SAVE_FAILED): Promise<void> {
  const partial = `${destination}.partial`;
  try {
    await write(partial);
    await rename(partial, destination);
  } catch (error) {
    await rm(partial, { force: true });
    if (error instanceof AppError) throw error;
    throw new AppError(failure.code, failure.message);
  }
}

/**
 * Asks where with the dialog, offering `suggestedName`, then writes there whole (`writeWhole`).
 * `saved: false` when the dialog was closed, and nothing is written.
 */
export async function saveToChosenPath(
  choose: ChooseSavePath,
  suggestedName: string,
  write: (partial: string) => Promise<void>,
  failure: WriteFailure = SAVE_FAILED,
): Promise<{ saved: boolean }> {
  const destination = await choose(suggestedName);
  if (!destination) return { saved: false };
  await writeWhole(destination, write, failure);
  return { saved: true };
}
