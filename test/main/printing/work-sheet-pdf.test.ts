import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../src-shared/errors';
import { printHandlers } from '../../../src-main/ipc/handlers/print-handler';
import { windowPdfPrinter, WORK_SHEET_PDF_OPTIONS, type PdfContents } from '../../../src-main/electron/print-pdf';
import { workSheetFileName, workSheetPdfSaver } from '../../../src-main/printing/work-sheet-pdf';

const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]); // "%PDF-"

/** A window's webContents as the shell hands it: printToPDF answers a Buffer, like Electron's. */
function fakeContents(overrides: Partial<PdfContents> = {}) {
  return { printToPDF: vi.fn(async () => Buffer.from(PDF)), isDestroyed: () => false, ...overrides } as unknown as PdfContents & { printToPDF: ReturnType<typeof vi.fn> };
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('an order’s work sheet saved as a PDF on the desktop', () => {
  it('asks where with a name made of the order, prints the window in print media and writes the file there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'work-sheet-'));
    dirs.push(dir);
    const contents = fakeContents();
    const chooseSavePath = vi.fn(async (name: string) => join(dir, name));
    const save = workSheetPdfSaver({ chooseSavePath, printToPdf: windowPdfPrinter(() => contents) });

    await expect(save({ id: 10019, title: 'Core switch replacement' })).resolves.toEqual({ saved: true });

    expect(chooseSavePath).toHaveBeenCalledWith('Work order 10019 - Core switch replacement.pdf');
    expect(contents.printToPDF).toHaveBeenCalledWith(WORK_SHEET_PDF_OPTIONS);
    // The page's @page rule decides the paper; no dark surface reaches it.
    expect(WORK_SHEET_PDF_OPTIONS).toMatchObject({ preferCSSPageSize: true, printBackground: false });
    expect(new Uint8Array(readFileSync(join(dir, 'Work order 10019 - Core switch replacement.pdf')))).toEqual(PDF);
  });

  it('prints nothing and writes nothing when the dialog is cancelled', async () => {
    const contents = fakeContents();
    const writeFile = vi.fn();
    const save = workSheetPdfSaver({ chooseSavePath: async () => undefined, printToPdf: windowPdfPrinter(() => contents), writeFile });
    await expect(save({ id: 10019 })).resolves.toEqual({ saved: false });
    expect(contents.printToPDF).not.toHaveBeenCalled();
    expect(writeFile).not.toHaveBeenCalled();
  });

  it('says the work sheet could not be printed when the window is gone or printing fails', async () => {
    const writeFile = vi.fn();
    const gone = workSheetPdfSaver({ chooseSavePath: async () => '/tmp/x.pdf', printToPdf: windowPdfPrinter(() => undefined), writeFile });
    await expect(gone({ id: 1 })).rejects.toMatchObject({ code: 'PRINT_FAILED' });
    const failing = fakeContents({ printToPDF: vi.fn(async () => Promise.reject(new Error('renderer crashed'))) });
    const broken = workSheetPdfSaver({ chooseSavePath: async () => '/tmp/x.pdf', printToPdf: windowPdfPrinter(() => failing), writeFile });
    const error = await broken({ id: 1 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    // The cause stays in main: the message is for a coordinator.
    expect((error as AppError).message).not.toContain('renderer crashed');
    expect(writeFile).not.toHaveBeenCalled();
  });

  it('says so when the chosen folder cannot be written', async () => {
    const save = workSheetPdfSaver({ chooseSavePath: async () => '/nonexistent-folder/x.pdf', printToPdf: async () => PDF });
    await expect(save({ id: 1 })).rejects.toMatchObject({ code: 'PRINT_FAILED', message: expect.stringContaining('choose another folder') });
  });

  it('leaves the file that was under the chosen name as it was when the write fails midway', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'work-sheet-'));
    dirs.push(dir);
    const target = join(dir, 'Work order 1.pdf');
    writeFileSync(target, 'the earlier sheet');
    const writeFile = async (path: string, bytes: Uint8Array) => {
      writeFileSync(path, bytes.slice(0, 2));
      throw new Error('no space left on device');
    };
    const save = workSheetPdfSaver({ chooseSavePath: async () => target, printToPdf: async () => PDF, writeFile });
    await expect(save({ id: 1 })).rejects.toMatchObject({ code: 'PRINT_FAILED', message: expect.stringContaining('choose another folder') });
    expect(readFileSync(target, 'utf8')).toBe('the earlier sheet');
    expect(readdirSync(dir)).toEqual(['Work order 1.pdf']);
  });

  it('suggests a file name without path or reserved characters, its extension kept for a long title', () => {
    expect(workSheetFileName({ id: 7, title: '  ../../etc/passwd: "quoted" <x>|y?  ' })).toBe('Work order 7 - ..-..-etc-passwd- -quoted- -x-y-.pdf');
    expect(workSheetFileName({ id: 7, title: '' })).toBe('Work order 7.pdf');
    // Made offline, not sent yet: no number to name it by.
    expect(workSheetFileName({ id: -3, title: 'Survey' })).toBe('New work order - Survey.pdf');
    const long = workSheetFileName({ id: 7, title: 'x'.repeat(400) });
    expect(long.endsWith('.pdf')).toBe(true);
    expect(long.length).toBeLessThanOrEqual(160);
  });

  it('is refused in browser mode, which prints with the browser’s own dialog', async () => {
    const handlers = printHandlers(undefined);
    expect(() => handlers['workorders:print-pdf']({ id: 1 }, { transport: 'web', url: 'http://127.0.0.1/' })).toThrow(expect.objectContaining({ code: 'PRINT_DESKTOP_ONLY' }));
  });
});
