import { describe, expect, it } from 'vitest';
import { escapeFormulaCell, looksLikeFormula } from '../../../src-shared/domain/formula-cells';
import { exportFileName, exportKindOf, folderZipName } from '../../../src-shared/domain/export-files';

describe('cells a spreadsheet would run', () => {
  it('get a leading quote: =, @, tab, carriage return, and + or - before anything but a number or phone', () => {
    for (const cell of ['=1+1', '=HYPERLINK("https://x","y")', '@SUM(A1)', '\t=1', '\r=1', ' =1', '+cmd|x', '-2+3+cmd|x']) {
      expect(escapeFormulaCell(cell), JSON.stringify(cell)).toBe(`'${cell}`);
    }
  });

  it('leave everyday text, numbers and phone numbers as they are', () => {
    for (const cell of ['POS terminal install', '$1,200', '-12.50', '+1 555 010 0199', 'a=b', '', 'Austin, TX']) {
      expect(escapeFormulaCell(cell), JSON.stringify(cell)).toBe(cell);
      expect(looksLikeFormula(cell)).toBe(false);
    }
  });
});

describe('an export’s file name', () => {
  it('is words, the date and the kind, nothing a path could hide in', () => {
    const day = new Date(2026, 10, 27);
    expect(exportFileName('Work orders Needs attention', 'csv', day)).toBe('work-orders-needs-attention-2026-11-27.csv');
    expect(exportFileName('../../etc/Café “x”', 'xlsx', day)).toBe('etc-cafe-x-2026-11-27.xlsx');
    expect(exportFileName('///', 'csv', day)).toBe('export-2026-11-27.csv');
    expect(folderZipName(10021)).toBe('WO 10021 Deliverables.zip');
  });

  it('says its kind from its extension', () => {
    expect(exportKindOf('a.CSV')).toBe('csv');
    expect(exportKindOf('a.xlsx')).toBe('xlsx');
    expect(exportKindOf('a.zip')).toBe('zip');
    expect(exportKindOf('a.exe')).toBeUndefined();
  });
});
