/**
 * One rule for every cell of every CSV the app writes (CSV or formula injection, OWASP and CWE-1236): a
 * spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` as a formula, and Excel, LibreOffice and
 * Google Sheets skip leading spaces, tabs and line breaks before they look. So a cell whose first character
 * past any whitespace, control or format characters is one of those (or its full-width or small form, which
 * an East Asian input method turns into a formula), or which starts with a tab, carriage return, line feed
 * or NUL, gets a leading apostrophe: every spreadsheet shows it as text, and the apostrophe is visible, so
 * nothing is hidden from the reader.
 *
 * A plain number (`-5`, `+3.25`, `-1,5`, `2e-3`) is left alone: it cannot call anything, and a negative
 * number must stay a number the spreadsheet can sum. `-1+1` or `+44 20 7946 0958` are not plain numbers.
 */

/** `=`, `+`, `-`, `@`; full-width `＝＋－＠`; small forms `﹦﹢﹣﹫`; the minus sign `−`. */
const formulaStart = /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B\u2212]/;
/** Whitespace, controls (tab, CR, LF, NUL…) and invisible format characters (BOM, zero-width, bidi marks). */
const leadingIgnorable = /^[\s\p{Cc}\p{Cf}\p{Z}]+/u;
/** OWASP names these first characters on their own, whatever follows. */
const ignorableFirst = /^[\t\r\n\0]/;
const plainNumber = /^[+-]?(?:\d+(?:[.,]\d+)?|[.,]\d+)(?:[eE][+-]?\d+)?$/;

/** True when a spreadsheet could read the cell as a formula. */
export function startsLikeFormula(cell: string): boolean {
  if (plainNumber.test(cell)) return false;
  return ignorableFirst.test(cell) || formulaStart.test(cell.replace(leadingIgnorable, ''));
}

/** The cell as text a spreadsheet will not run: a leading apostrophe where it could, else unchanged. */
export function neutraliseCell(cell: string): string {
  return startsLikeFormula(cell) ? `'${cell}` : cell;
}
