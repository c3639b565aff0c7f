/**
 * Spreadsheets run a cell that starts with = + - @ (or a tab or carriage return) as a formula, so a
 * CSV we write quotes such a cell: a table named "=HYPERLINK(…)" stays text. A value that already
 * starts with quotes before such a character gets one more, so reading removes exactly one and gives
 * back the value as it was ("'=x" → "''=x" → "'=x"). Cells are trimmed first: import trims every
 * cell before it removes the quote.
 */
const NEEDS_QUOTE = /^'*[=+\-@\t\r]/;
const QUOTED = /^'+[=+\-@\t\r]/;

export function escapeFormula(value: string): string {
  const trimmed = value.trim();
  return NEEDS_QUOTE.test(trimmed) ? `'${trimmed}` : trimmed;
}

export function unescapeFormula(value: string): string {
  return QUOTED.test(value) ? value.slice(1) : value;
}
