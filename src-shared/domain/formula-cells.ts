/**
 * Cells a spreadsheet would take for a formula (OWASP "CSV injection"), one rule for both ways a
 * table crosses: the import keeps such cells as the text they are and says which look like one; an
 * export writes them with a leading `'`, which every spreadsheet reads as "this is text", so a
 * title such as `=HYPERLINK(...)` opens as the words a provider or client typed, never as a formula.
 *
 * Flagged: a value that starts with `=` or `@`, or with a tab or carriage return (before trimming,
 * which the import does); and one that starts with `+` or `-` unless it is plainly a number or a
 * phone number. OWASP flags every `+` and `-`, but `-12.50` and `+1 555 010 0199` are everyday
 * data, and with nothing but digits, spaces and `.,()/$€£%+-` there is no function or reference for
 * a sheet to run: such a value can at worst be read as a sum.
 */
const ALWAYS = /^[=@\t\r]/;
const SIGNED = /^[+-]/;
const NUMBER_OR_PHONE = /^[\d\s.,()/$€£%+-]*$/;

export function looksLikeFormula(cell: string): boolean {
  const trimmed = cell.trim();
  if (ALWAYS.test(cell) || ALWAYS.test(trimmed)) return true;
  return SIGNED.test(trimmed) && !NUMBER_OR_PHONE.test(trimmed);
}

/** A cell as an export writes it: one that looks like a formula gets a leading `'`, the rest as they are. */
export function escapeFormulaCell(cell: string): string {
  return looksLikeFormula(cell) ? `'${cell}` : cell;
}
