import { crc32, deflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { parseXlsx } from '../../src-renderer/lib/import/import-xlsx';
import { checkInflatedSizes, declaredSize, readZipDirectory, ZipDamage } from '../../src-renderer/lib/import/zip-directory';
import { IMPORT_LIMITS } from '../../src-shared/domain/import-limits';

// The central-directory reader an xlsx passes before SheetJS inflates it (issue 22 item 3).

interface Part {
  name: string;
  data: Uint8Array;
  /** What the directory says the part unpacks to, when it should lie. */
  declared?: number;
  stored?: boolean;
  /** Extra fields on the central record (a ZIP64 record, say). */
  extra?: Uint8Array;
}

/** A zip as a workbook app writes one, with the lies a test wants. */
function zip(parts: readonly Part[]): Uint8Array<ArrayBuffer> {
  const locals: Buffer[] = [];
  const records: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const packed = part.stored ? Buffer.from(part.data) : deflateRawSync(part.data);
    const size = part.declared ?? part.data.byteLength;
    const extra = Buffer.from(part.extra ?? new Uint8Array());
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(part.stored ? 0 : 8, 8);
    local.writeUInt32LE(crc32(part.data), 14);
    local.writeUInt32LE(packed.byteLength, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.byteLength, 26);
    locals.push(local, name, packed);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(part.stored ? 0 : 8, 10);
    record.writeUInt32LE(crc32(part.data), 16);
    record.writeUInt32LE(packed.byteLength, 20);
    record.writeUInt32LE(size, 24);
    record.writeUInt16LE(name.byteLength, 28);
    record.writeUInt16LE(extra.byteLength, 30);
    record.writeUInt32LE(offset, 42);
    records.push(record, name, extra);
    offset += 30 + name.byteLength + packed.byteLength;
  }
  const directory = Buffer.concat(records);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  return Uint8Array.from(Buffer.concat([...locals, directory, end]));
}

const text = (value: string) => Uint8Array.from(new TextEncoder().encode(value));
const damage = async (work: () => unknown) => {
  try {
    await work();
  } catch (error) {
    expect(error).toBeInstanceOf(ZipDamage);
    return (error as Error).message;
  }
  throw new Error('no damage found');
};

/** A workbook of one sheet; `patch` edits its sheet's XML, for what SheetJS refuses to write (a cell over 32,767 characters, a cell at XFD1048576). */
function workbook(rows: unknown[][], patch: (xml: string) => string = (xml) => xml): ArrayBuffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Jobs');
  const zipped = XLSX.CFB.read(new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer), { type: 'array' });
  const index = zipped.FullPaths.findIndex((path: string) => path.endsWith('sheet1.xml'));
  const sheet = zipped.FileIndex[index] as { content: Uint8Array };
  sheet.content = new TextEncoder().encode(patch(new TextDecoder().decode(sheet.content)));
  return new Uint8Array(XLSX.CFB.write(zipped, { type: 'array', fileType: 'zip', compression: true }) as number[]).buffer;
}

describe('the zip directory of an xlsx', () => {
  it('lists the parts of a workbook SheetJS wrote, with the sizes they unpack to', async () => {
    const bytes = new Uint8Array(workbook([['Title'], ['Fix door']]));
    const entries = readZipDirectory(bytes);
    expect(entries.map((entry) => entry.name)).toEqual(expect.arrayContaining(['xl/workbook.xml', 'xl/worksheets/sheet1.xml', '[Content_Types].xml']));
    const sheet = XLSX.CFB.read(bytes, { type: 'array' });
    const sizes = Object.fromEntries(sheet.FullPaths.map((path: string, index: number) => [path.replace(/^Root Entry\//, ''), sheet.FileIndex[index]?.size]));
    for (const entry of entries) expect(entry.size).toBe(sizes[entry.name]);
    await expect(checkInflatedSizes(bytes, entries)).resolves.toBeUndefined();
  });

  it('adds up stored and deflated parts', () => {
    const entries = readZipDirectory(zip([{ name: 'a.xml', data: text('a'.repeat(5_000)) }, { name: 'b.xml', data: text('bb'), stored: true }]));
    expect(entries.map(({ name, method, size }) => [name, method, size])).toEqual([['a.xml', 8, 5_000], ['b.xml', 0, 2]]);
    expect(declaredSize(entries)).toBe(5_002);
  });

  it('finds the part that unpacks to more than the directory says, without keeping what it unpacks', async () => {
    const lying = zip([{ name: 'xl/worksheets/sheet1.xml', data: new Uint8Array(8_000_000), declared: 1_000 }]);
    const entries = readZipDirectory(lying);
    expect(declaredSize(entries)).toBe(1_000);
    expect(await damage(() => checkInflatedSizes(lying, entries))).toBe('its part “xl/worksheets/sheet1.xml” unpacks to more than its zip directory says');
  });

  it('refuses what is not a sound zip: no directory, a cut-off part, a broken stream, ZIP64 sizes', async () => {
    expect(await damage(() => readZipDirectory(text('Title,Pay\nFix,1\n')))).toBe('it is not a zip file, as an xlsx is');
    const whole = zip([{ name: 'a.xml', data: text('x'.repeat(1_000)) }]);
    const cut = whole.slice();
    cut.copyWithin(30 + 5, 30 + 5 + 4); // the deflate stream loses a few bytes, the directory moves up
    expect(await damage(() => checkInflatedSizes(cut, readZipDirectory(whole)))).toBe('its part “a.xml” is damaged');
    const zip64 = new Uint8Array([0x01, 0x00, 0x10, 0x00, ...new Uint8Array(16)]);
    expect(await damage(() => readZipDirectory(zip([{ name: 'a.xml', data: text('x'), extra: zip64 }])))).toBe('it uses ZIP64, which no workbook this size needs');
    const wrongStored = zip([{ name: 'a.xml', data: text('xyz'), stored: true, declared: 5 }]);
    expect(await damage(() => readZipDirectory(wrongStored))).toBe('its zip directory is damaged');
  });
});

describe('an xlsx measured before it is parsed', () => {
  it('refuses a workbook whose parts unpack to more than the limit, naming the file and the limit', async () => {
    const big = zip([{ name: 'xl/worksheets/sheet1.xml', data: new Uint8Array(1_000), declared: IMPORT_LIMITS.inflatedBytes + 1 }]);
    await expect(parseXlsx(big.buffer as ArrayBuffer, 'big.xlsx')).rejects.toThrow('“big.xlsx” unpacks to 100.0 MiB: a workbook to import can unpack to at most 100 MiB. Save its first sheet on its own, or as a CSV.');
  });

  it('refuses a lying directory as a damaged workbook', async () => {
    const lying = zip([{ name: 'xl/worksheets/sheet1.xml', data: new Uint8Array(2_000_000), declared: 10 }]);
    await expect(parseXlsx(lying.buffer as ArrayBuffer, 'bomb.xlsx')).rejects.toThrow('“bomb.xlsx” is not a workbook that can be read: its part “xl/worksheets/sheet1.xml” unpacks to more than its zip directory says.');
  });

  it('refuses a cell over Excel’s limit, naming its row and column, and takes one at the limit', async () => {
    const limit = 'x'.repeat(IMPORT_LIMITS.cellChars);
    await expect(parseXlsx(workbook([['Title', 'Description'], ['Fix', limit]]), 'ok.xlsx')).resolves.toMatchObject({ rows: [['Fix', limit]] });
    const long = workbook([['Title', 'Description'], ['Fix', 'short'], ['Paint', 'LONG']], (xml) => xml.replace('LONG', `${limit}y`));
    await expect(parseXlsx(long, 'long.xlsx')).rejects.toThrow('“long.xlsx” has a cell longer than 32,767 characters, in row 3, column B (“Description”): a cell can hold at most 32,767, as in Excel.');
  });

  it('keeps a sheet’s table where it starts, and reads a cell far out without filling the sheet’s range', async () => {
    const far = (cell: string) => (xml: string) => xml.replace('</sheetData>', `<row r="${cell.replace(/^[A-Z]+/, '')}"><c r="${cell}" t="str"><v>far</v></c></row></sheetData>`);
    const rows = [[null, null, 'Title', 'Pay'], [null, null, 'Fix', 150]];
    // ALL is the 1,000th column: the limit, taken.
    const table = await parseXlsx(workbook(rows, far('ALL200')), 'wide.xlsx');
    expect(table.headings).toEqual(['Title', 'Pay']);
    expect(table.rows[0]).toEqual(['Fix', '150']);
    expect(table.rows[1]).toHaveLength(998);
    expect(table.rows[1]?.at(-1)).toBe('far');
    // XFD1048576 is the last cell a sheet has: read as its row alone, then refused by its width.
    await expect(parseXlsx(workbook(rows, far('XFD1048576')), 'wider.xlsx')).rejects.toThrow('“wider.xlsx” has more than 1,000 columns, in row 1,048,576: a file to import can have at most 1,000. Remove the columns the jobs do not need.');
  });
});
