import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src-shared/errors';
import { desktopDialog, saveToChosenPath } from '../../../src-main/exports/save-to-chosen-path';
import { temporaryDir } from '../../support/temporary-dir';

describe('saving where the coordinator chose', () => {
  it('writes the file whole under the chosen name, offering the suggested one; nothing when the dialog was closed', async () => {
    const dir = temporaryDir();
    const offered: string[] = [];
    const choose = async (name: string) => {
      offered.push(name);
      return offered.length === 1 ? join(dir, 'chosen.csv') : undefined;
    };
    expect(await saveToChosenPath(choose, 'list.csv', (partial) => writeFile(partial, 'a,b'))).toEqual({ saved: true });
    expect(await saveToChosenPath(choose, 'again.csv', () => Promise.reject(new Error('never called')))).toEqual({ saved: false });
    expect(offered).toEqual(['list.csv', 'again.csv']);
    expect(readdirSync(dir)).toEqual(['chosen.csv']);
    expect(readFileSync(join(dir, 'chosen.csv'), 'utf8')).toBe('a,b');
  });

  it('leaves a file that was there as it was when the write fails midway, and no partial file', async () => {
    const dir = temporaryDir();
    const target = join(dir, 'report.pdf');
    writeFileSync(target, 'the earlier report');
    const failing = async (partial: string) => {
      await writeFile(partial, 'half');
      throw Object.assign(new Error('no space left'), { code: 'ENOSPC' });
    };
    const error = await saveToChosenPath(async () => target, 'report.pdf', failing).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'SAVE_FAILED', message: expect.stringContaining('choose another folder') });
    expect(readFileSync(target, 'utf8')).toBe('the earlier report');
    expect(readdirSync(dir)).toEqual(['report.pdf']);
  });

  it('answers SAVE_FAILED for a folder that does not exist, and leaves nothing behind', async () => {
    const dir = temporaryDir();
    const target = join(dir, 'gone', 'list.csv');
    await expect(saveToChosenPath(async () => target, 'list.csv', (partial) => writeFile(partial, 'x'))).rejects.toMatchObject({ code: 'SAVE_FAILED' });
    expect(existsSync(join(dir, 'gone'))).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('says an AppError from the writer as it is', async () => {
    const dir = temporaryDir();
    await expect(saveToChosenPath(async () => join(dir, 'x.pdf'), 'x.pdf', () => Promise.reject(new AppError('PRINT_FAILED')))).rejects.toMatchObject({ code: 'PRINT_FAILED' });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('is the desktop’s only: browser mode, which has no dialog, is refused with what the page does instead', () => {
    expect(() => desktopDialog(undefined, 'the zip')).toThrow(expect.objectContaining({ code: 'IPC_INVALID_INPUT', message: expect.stringContaining('the browser downloads the zip itself') }));
    const choose = async () => undefined;
    expect(desktopDialog(choose, 'the file')).toBe(choose);
  });
});
