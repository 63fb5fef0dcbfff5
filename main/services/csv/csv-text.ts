import Papa from 'papaparse';
import { neutraliseCell } from './formula-guard';

/** A cell the app writes: numbers it counted itself, or text, which may have come from anyone. */
export type CsvCell = string | number;

export interface CsvLayout {
  /** `,` unless the text being rewritten used another. */
  delimiter?: string;
  /** CRLF, as RFC 4180 asks, unless the text being rewritten used another. */
  newline?: string;
  /** A byte-order mark first, so Excel reads the file as UTF-8. */
  bom?: boolean;
}

/**
 * A spreadsheet opened in another locale splits on its own list separator (`;` in much of Europe), so a
 * cell holding any usual separator is quoted: `a;=1+1` stays one cell, never a second one starting with `=`.
 */
const holdsASeparator = /[,;\t|]/;

/** Every CSV the app writes goes through here: every text cell neutralised (formula-guard.ts), then quoted. */
export function csvText(rows: readonly (readonly CsvCell[])[], layout: CsvLayout = {}): string {
  if (rows.length === 0) return layout.bom ? '\uFEFF' : '';
  const safe = rows.map((row) => row.map((cell) => (typeof cell === 'number' ? String(cell) : neutraliseCell(cell))));
  const text = Papa.unparse(safe, {
    delimiter: layout.delimiter ?? ',',
    newline: layout.newline ?? '\r\n',
    escapeFormulae: false,
    quotes: (value: unknown) => typeof value === 'string' && holdsASeparator.test(value),
  });
  return `${layout.bom ? '\uFEFF' : ''}${text}`;
}

/**
 * A CSV someone else wrote (the service's reports), parsed and written again cell by cell through
 * `csvText`, keeping its separator, line ends and byte-order mark. Parsing is lenient, as a spreadsheet's is:
 * a stray quote still gives cells, and each of them is neutralised.
 */
export function neutraliseCsvText(text: string): string {
  const bom = text.charCodeAt(0) === 0xfeff;
  const body = bom ? text.slice(1) : text;
  if (body === '') return text;
  // The separator is guessed from the first lines without blank ones (a final line end would count as a
  // one-cell row and hide a `;` in a short file); then every line is read, blank ones kept.
  const guess = Papa.parse<string[]>(body, {
    delimitersToGuess: [',', ';', '\t', '|'],
    skipEmptyLines: 'greedy',
    preview: 10,
  });
  const parsed = Papa.parse<string[]>(body, { delimiter: guess.meta.delimiter, skipEmptyLines: false });
  // A final line end parses as one more, empty row; written back, it is that line end again.
  return csvText(parsed.data, { delimiter: parsed.meta.delimiter, newline: parsed.meta.linebreak, bom });
}
