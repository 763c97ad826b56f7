import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { saveDialogChooser, type ShowSaveDialog } from '../../../src-main/attachments/save-dialog';
import { AttachmentFiles } from '../../../src-main/attachments/attachment-files';
import type { FileContentCache } from '../../../src-main/attachments/file-content';
import type { Workspace } from '../../../src-main/app/workspace';
import { temporaryDir } from '../../support/temporary-dir';

describe('the desktop Save as', () => {
  it('opens the native dialog on the cleaned name in Downloads, and answers undefined when closed', async () => {
    const asked: Parameters<ShowSaveDialog>[0][] = [];
    let answer = { canceled: false, filePath: '/home/me/Downloads/report.pdf' };
    const choose = saveDialogChooser(async (options) => {
      asked.push(options);
      return answer;
    }, () => '/home/me/Downloads');
    expect(await choose('../../etc/report.pdf')).toBe('/home/me/Downloads/report.pdf');
    expect(asked[0]).toEqual({ title: 'Save report.pdf', defaultPath: '/home/me/Downloads/report.pdf', buttonLabel: 'Save' });
    answer = { canceled: true, filePath: '' };
    expect(await choose('report.pdf')).toBeUndefined();
  });

  it('copies the cached bytes where the coordinator chose, and nothing when the dialog was closed', async () => {
    const dir = temporaryDir();
    const cached = join(dir, 'cached');
    writeFileSync(cached, 'the bytes');
    const workspace = {
      environment: 'local',
      workOrders: { get: () => ({ id: 5 }) },
      parts: { get: () => ({ attachments: [{ id: 9, folder_id: 1, file: { name: 'plan.pdf', mime: 'application/pdf', size_bytes: 9, hash: 'a'.repeat(64) } }] }) },
    } as unknown as Workspace;
    const cache = { getOrFetch: async () => cached } as unknown as FileContentCache;
    const files = new AttachmentFiles(async (call) => call(workspace), cache);
    mkdirSync(join(dir, 'out'));
    const target = join(dir, 'out', 'saved.pdf');
    expect(await files.save({ workOrderId: 5, attachmentId: 9 }, async (name) => (name === 'plan.pdf' ? target : undefined))).toEqual({ saved: true });
    expect(readFileSync(target, 'utf8')).toBe('the bytes');
    expect(await files.save({ workOrderId: 5, attachmentId: 9 }, async () => undefined)).toEqual({ saved: false });
    await expect(files.save({ workOrderId: 5, attachmentId: 9 }, undefined)).rejects.toMatchObject({ code: 'IPC_INVALID_INPUT' });
    // A folder that is gone: a clear error, and nothing left where it was to go.
    await expect(files.save({ workOrderId: 5, attachmentId: 9 }, async () => join(dir, 'gone', 'saved.pdf'))).rejects.toMatchObject({ code: 'SAVE_FAILED' });
    expect(readdirSync(join(dir, 'out'))).toEqual(['saved.pdf']);
  });
});
