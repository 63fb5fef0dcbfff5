import { extname } from 'node:path';
import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/node';
import type { ImportFileProblem } from '../../../preload/contract/people-import';
import { AppError } from '../app-error';
import { readFileWithin } from './file-within';
import { MAX_IMPORT_ROWS } from './invite-preview';
import { unpackXlsxWithinBudget } from './xlsx-within-budget';

/**
 * A spreadsheet of people read from disk, as text cells: CSV (comma, semicolon or tab, with or
 * without a byte-order mark, as Excel writes it in each locale) or the first sheet of an XLSX file.
 */
export interface Table {
  headers: string[];
  /** At most `MAX_IMPORT_ROWS + 1`: the one past the cap is kept so the preview can say where the cap fell. */
  rows: string[][];
  /** The file has rows past those (never read, so a huge file costs no more than one at the cap). */
  truncated: boolean;
}

/** Files larger than this are not a list of colleagues; refusing them keeps the app responsive. */
export const MAX_TABLE_BYTES = 10 * 1024 * 1024;
/**
 * The XML an .xlsx may inflate to, all parts together. A list at the row cap with 40 columns is about 6 MB;
 * read-excel-file took 2.3 s for 20 MB of sheet and 9.5 s (about 590 MB) for 50 MB on this project's CI
 * machine, all on main's thread, so the budget stays at the smaller figure.
 */
export const MAX_XLSX_INFLATED_BYTES = 20 * 1024 * 1024;
/** Data rows a table keeps: the cap, and one past it for the preview's "more than 2,000 rows". */
const keptRows = MAX_IMPORT_ROWS + 1;

/** A refusal the page words in its own language (`adminImport.fileProblem.*`); the path stays in main's log. */
const fileProblem = (problem: ImportFileProblem, message: string, path?: string) =>
  new AppError('VALIDATION', message, { problem, ...(path ? { path } : {}) });

export async function readTableFile(path: string): Promise<Table> {
  const kind = extname(path).toLowerCase();
  if (kind === '.xls') {
    throw fileProblem('old-excel', 'Old Excel files (.xls) cannot be read: save it as .xlsx or CSV.', path);
  }
  const bytes = await readFileWithin(path, MAX_TABLE_BYTES, () =>
    fileProblem('too-large', 'The file is larger than 10 MB; a list of people is much smaller.', path),
  );
  if (kind === '.xlsx') return readXlsx(bytes);
  return readCsv(bytes.toString('utf8'));
}

export function readCsv(text: string): Table {
  const withoutBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lines: string[][] = [];
  let truncated = false;
  Papa.parse<string[]>(withoutBom, {
    // Papa Parse guesses among these from the first lines: Excel writes ";" where "," is the decimal mark.
    delimitersToGuess: [',', ';', '\t', '|'],
    skipEmptyLines: 'greedy',
    // Row by row, stopping past the cap: a file of half a million short lines is not held whole.
    step: (row, parser) => {
      if (lines.length > keptRows) {
        truncated = true;
        parser.abort();
        return;
      }
      lines.push(row.data);
    },
  });
  const [headers = [], ...rows] = lines;
  return {
    headers: headers.map((h) => h.trim()),
    rows: rows.map((row) => row.map((cell) => cell.trim())),
    truncated,
  };
}

async function readXlsx(bytes: Buffer): Promise<Table> {
  const notReadable = () => fileProblem('not-workbook', 'The file is not a readable Excel workbook (.xlsx).');
  // The header row, the kept rows and one more, which tells a sheet that goes on from one that ends there.
  const unpacked = unpackXlsxWithinBudget(bytes, { budgetBytes: MAX_XLSX_INFLATED_BYTES, keepRows: keptRows + 2 });
  if (!unpacked.ok && unpacked.reason === 'over-budget') {
    throw fileProblem('unpacks-too-large', 'This spreadsheet is too large or damaged to read.');
  }
  if (!unpacked.ok) throw notReadable();
  let data: unknown[][];
  try {
    data = (await readSheet(Buffer.from(unpacked.zip))) as unknown[][];
  } catch {
    throw notReadable();
  }
  const [headers = [], ...rest] = data.map((row) => row.map(cellText));
  const rows = rest.filter((row) => row.some((cell) => cell !== ''));
  return {
    headers: headers.map((h) => h.trim()),
    rows: rows.slice(0, keptRows),
    truncated: unpacked.cut || rows.length > keptRows,
  };
}

/** A cell as the person sees it: dates as YYYY-MM-DD (Excel stores them as day numbers), the rest as text. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  return String(value).trim();
}
