/**
 * Cells a spreadsheet would take for a formula (OWASP "CSV injection"): the import keeps them as
 * the text they are, but a draft's title or description that starts with `=` could run as a
 * formula once someone exports the orders to a sheet again, so the preview says which cells look
 * like one.
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
