// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import TableHarness from './harness/TableHarness.svelte';
import { render, screen, user, within } from '../support/render';

const ROWS = [
  { id: 1, category: 'Parking', amount: 12 },
  { id: 2, category: 'Mileage', amount: 48.5 },
];

describe('DataTable', () => {
  it('is a named table: its column heads (a hidden one still named), then one row per item', () => {
    render(TableHarness, { rows: ROWS, onremove: vi.fn() });
    const table = screen.getByRole('table', { name: 'Expenses' });
    expect(within(table).getAllByRole('columnheader').map((head) => head.textContent)).toEqual(['Category', 'Amount', 'Remove']);
    const [, ...body] = within(table).getAllByRole('row');
    expect(body.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Parking', '12.00', '×'],
      ['Mileage', '48.50', '×'],
    ]);
  });

  it('takes its name from a caption when it has one', () => {
    render(TableHarness, { rows: ROWS, caption: 'Expenses on #10012', onremove: vi.fn() });
    expect(screen.getByRole('table', { name: 'Expenses on #10012' })).toBeTruthy();
  });

  it('says so in one cell across the columns when there are no rows', () => {
    render(TableHarness, { rows: [], onremove: vi.fn() });
    const cell = screen.getByRole('cell', { name: 'No expenses yet.' });
    expect(cell.getAttribute('colspan')).toBe('3');
  });

  it("leaves the cells to its caller: a row's button acts on that row, by keyboard", async () => {
    const person = user();
    const onremove = vi.fn();
    render(TableHarness, { rows: ROWS, onremove });
    screen.getByRole('button', { name: 'Remove Mileage' }).focus();
    await person.keyboard('{Enter}');
    expect(onremove).toHaveBeenCalledWith(ROWS[1]);
  });
});

describe('Toolbar', () => {
  it('is a toolbar named for assistive technology when labelled, and a plain band otherwise', () => {
    render(TableHarness, { rows: ROWS, onremove: vi.fn() });
    const toolbar = screen.getByRole('toolbar', { name: 'Expense tools' });
    expect(within(toolbar).getByRole('button', { name: 'Add expense' })).toBeTruthy();
    expect(screen.getAllByRole('toolbar')).toHaveLength(1);
    expect(screen.getByText('2 expenses').closest('[role="toolbar"]')).toBeNull();
  });

  it('keeps its tools in Tab order, before the table', async () => {
    const person = user();
    render(TableHarness, { rows: ROWS, onremove: vi.fn() });
    await person.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add expense' }));
    await person.tab();
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Find an expense' }));
    await person.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove Parking' }));
  });
});
