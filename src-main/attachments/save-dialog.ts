import { homedir } from 'node:os';
import { join } from 'node:path';
import { safeDisplayName } from '../../src-shared/domain/attachments';

/** A desktop "Save as" dialog: the chosen path, or undefined when closed. Absent in browser mode. */
export type ChooseSavePath = (suggestedName: string) => Promise<string | undefined>;

/** The part of Electron's `dialog.showSaveDialog` the app uses (a fake in tests). */
export type ShowSaveDialog = (options: { title: string; defaultPath: string; buttonLabel: string }) => Promise<{ canceled: boolean; filePath?: string }>;

/**
 * The desktop's "Save as" for a downloaded attachment: the native dialog, opened on the file's
 * cleaned name in the Downloads folder (or home). The coordinator picks the place; the renderer
 * never sees or gives a path.
 */
export function saveDialogChooser(show: ShowSaveDialog, downloadsDir: () => string = () => join(homedir(), 'Downloads')): ChooseSavePath {
  return async (suggestedName) => {
    const name = safeDisplayName(suggestedName);
    const answer = await show({ title: `Save ${name}`, defaultPath: join(downloadsDir(), name), buttonLabel: 'Save' });
    return answer.canceled || !answer.filePath ? undefined : answer.filePath;
  };
}
