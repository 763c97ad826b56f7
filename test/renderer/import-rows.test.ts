import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { matchColumns, rememberedMapping } from '../../src-renderer/lib/import/import-fields';
import { parseCsv } from '../../src-renderer/lib/import/import-csv';
import { parseXlsx } from '../../src-renderer/lib/import/import-xlsx';
import { RowReader } from '../../src-renderer/lib/import/import-rows';
import { siteDateTime } from '../../src-renderer/lib/import/import-values';
import { emptyValues } from '../../src-renderer/lib/job/job-values';
import { bodyFromValues } from '../../src-renderer/lib/job/job-body';
import { WorkOrderCreateBodySchema } from '../../src-shared/api/work-order-requests';

describe('matching a file’s columns to the job form’s fields', () => {
  it('matches headings by name, case, spaces and punctuation aside, with the usual synonyms', () => {
    const headings = ['Job Title', 'type_of_work', 'Scheduled start', 'END', 'Rate ($)', 'Hours', 'City', 'State', 'Zip', 'Postal code', 'Customer', 'Location', 'Notes??'];
    expect(matchColumns(headings).map((column) => column.target)).toEqual(['title', 'typeOfWork', 'start', 'end', 'payAmount', 'payUnits', 'city', 'state', 'zip', 'ignore', 'client', 'location', 'ignore']);
    expect(matchColumns(['Pay', 'Postal Code']).map((column) => column.target)).toEqual(['payAmount', 'zip']);
  });

  it('takes a remembered mapping over the names, including Ignore, and remembers changes by heading', () => {
    const remembered = { jobtitle: 'description', pay: 'ignore', colour: 'title' };
    expect(matchColumns(['Job title', 'Pay', 'Colour'], remembered).map((column) => column.target)).toEqual(['description', 'ignore', 'title']);
    // Something remembered that is no field any more is not taken.
    expect(matchColumns(['Title'], { title: 'shoe size' })[0]?.target).toBe('title');
    const columns = matchColumns(['Title', 'Start']).map((column) => (column.heading === 'Start' ? { ...column, target: 'ignore' as const } : column));
    expect(rememberedMapping(columns, { other: 'city' })).toEqual({ other: 'city', title: 'title', start: 'ignore' });
  });
});

describe('a cell’s date and time', () => {
  it('reads ISO and US dates with 24-hour or AM/PM times, and refuses dates that are not', () => {
    expect(siteDateTime('2026-12-01 09:00')).toBe('2026-12-01T09:00');
    expect(siteDateTime('2026-12-01T9:05:00')).toBe('2026-12-01T09:05');
    expect(siteDateTime('12/1/2026 2:30 PM')).toBe('2026-12-01T14:30');
    expect(siteDateTime('12/1/2026 12:15 am')).toBe('2026-12-01T00:15');
    expect(siteDateTime('2026-02-30 09:00')).toBeUndefined();
    expect(siteDateTime('2026-12-01')).toBeUndefined();
    expect(siteDateTime('tomorrow')).toBeUndefined();
  });
});

describe('a row as the body the job form would send', () => {
  const headings = ['Title', 'Type of work', 'Start', 'End', 'Pay', 'Hours', 'Address', 'City', 'State', 'Zip', 'Country', 'Client', 'Tasks'];
  const reader = new RowReader(matchColumns(headings), { clients: [{ id: 7, name: 'Acme Retail' }] });

  it('enters times at the site (its zone from the state), money without its signs, types of work and clients by name', () => {
    const row = reader.read(['Replace POS', 'point of sale (pos)', '2026-12-01 09:00', '2026-12-01 13:00', '$1,250.50', '4', '1 Main St', 'Chicago', 'il', '60601', 'United States', 'ACME retail', 'Unbox; Install'], 2);
    expect(row.problems).toEqual([]);
    expect(row.body).toMatchObject({
      title: 'Replace POS',
      types_of_work: [{ id: 62, isPrimary: true }],
      schedule: { service_window: { mode: 'between', start: { utc: '2026-12-01 15:00:00' }, end: { utc: '2026-12-01 19:00:00' } } },
      pay: { type: 'hourly', base: { amount: 1250.5, units: 4 } },
      location: { mode: 'custom', address1: '1 Main St', city: 'Chicago', state: 'IL', zip: '60601', country: 'US' },
      client: { id: 7 },
      tasks: { results: [{ description: 'Unbox' }, { description: 'Install' }] },
    });
  });

  it('builds the very body the job form builds from the same values', () => {
    const row = reader.read(['Replace POS', 'Printer', '2026-03-08 02:30', '2026-03-08 04:00', '95', '', '1 Main St', 'Chicago', 'IL', '60601', 'US', '', ''], 2);
    const values = emptyValues();
    Object.assign(values, { title: 'Replace POS', typeOfWorkIds: [54], locationMode: 'custom', scheduleMode: 'between', start: '2026-03-08T02:30', end: '2026-03-08T04:00', payType: 'fixed', payAmount: '95' });
    values.address = { address1: '1 Main St', address2: '', city: 'Chicago', state: 'IL', zip: '60601', country: 'US' };
    expect(row.body).toEqual(WorkOrderCreateBodySchema.parse(bodyFromValues(values, 'America/Chicago')));
  });

  it('names each problem in words on its field: the schema’s, and names nobody has', () => {
    const row = reader.read(['', 'Plumbing', 'next week', '', 'lots', '', '', '', '', '', '', 'Nobody Inc', ''], 5);
    expect(row.body).toBeUndefined();
    expect(row.row).toBe(5);
    expect(row.problems).toEqual(
      expect.arrayContaining([
        { field: 'Start', message: '“next week” is not a date and time (write 2026-12-01 09:00)' },
        { field: 'Client', message: 'No client is called “Nobody Inc”' },
        { field: 'Title', message: 'Required' },
        { field: 'Pay amount', message: 'Enter a number' },
      ]),
    );
    expect(row.problems.filter((problem) => problem.field === 'Start')).toHaveLength(1);
    expect(reader.read(['Fix sink', 'Plumbin', '', '', '', '', '', '', '', '', '', '', ''], 3).problems).toEqual([{ field: 'Type of work', message: 'No type of work is called “Plumbin”' }]);
  });

  it('takes a saved location by its name, its zone for the times', () => {
    const saved = new RowReader(matchColumns(['Title', 'Location', 'Start']), { savedLocations: [{ id: 12, name: 'Denver store', address: '', state: 'CO', country: 'US' }] });
    expect(saved.read(['Visit', 'denver STORE', '2026-07-01 08:00'], 2).body).toMatchObject({ location: { mode: 'saved', id: 12 }, schedule: { service_window: { mode: 'exact', start: { utc: '2026-07-01 14:00:00' } } } });
    expect(saved.read(['Visit', 'Boulder', ''], 3).problems).toEqual([{ field: 'Saved location', message: 'No saved location is called “Boulder”' }]);
  });
});

describe('reading files', () => {
  it('reads CSV with a byte order mark, quoted delimiters and blank lines', () => {
    expect(parseCsv('\uFEFFTitle,Pay\n"Fix, then test",150\n\n,\nSecond,20\n')).toEqual({ fileName: 'file.csv', headings: ['Title', 'Pay'], rows: [['Fix, then test', '150'], ['Second', '20']] });
  });

  it('reads an xlsx workbook’s first sheet, its dates as wall times whatever this machine’s zone', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([['Title', 'Start', 'Pay'], ['A', new Date(Date.UTC(2026, 11, 1, 9, 30)), 150], [], ['B', '2026-12-02 10:00', '']], { cellDates: true, UTC: true });
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Jobs');
    const data = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
    expect(await parseXlsx(data, 'jobs.xlsx')).toEqual({ fileName: 'jobs.xlsx', headings: ['Title', 'Start', 'Pay'], rows: [['A', '2026-12-01 09:30', '150'], ['B', '2026-12-02 10:00', '']] });
  });
});
