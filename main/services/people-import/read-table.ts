import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/node';
import { AppError } from '../app-error';

/**
 * A spreadsheet of people read from disk, as text cells: CSV (comma, semicolon or tab, with or
 * without a byte-order mark, as Excel writes it in each locale) or the first sheet of an XLSX file.
 */
export interface Table {
  headers: string[];
  rows: string[][];
}

/** Files larger than this are not a list of colleagues; refusing them keeps the app responsive. */
export const MAX_TABLE_BYTES = 10 * 1024 * 1024;

export async function readTableFile(path: string): Promise<Table> {
  const bytes = await readFile(path).catch((error: NodeJS.ErrnoException) => {
    throw new AppError('NOT_FOUND', `The file could not be read (${error.code ?? 'unknown error'}).`, { path });
  });
  if (bytes.length > MAX_TABLE_BYTES) {
    throw new AppError('VALIDATION', 'The file is larger than 10 MB; a list of people is much smaller.', { path });
  }
  const kind = extname(path).toLowerCase();
  if (kind === '.xlsx') return readXlsx(bytes);
  if (kind === '.xls') {
    throw new AppError('VALIDATION', 'Old Excel files (.xls) cannot be read: save it as .xlsx or CSV.', { path });
  }
  return readCsv(bytes.toString('utf8'));
}

export function readCsv(text: string): Table {
  const withoutBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const parsed = Papa.parse<string[]>(withoutBom, {
    // Papa Parse guesses among these from the first lines: Excel writes ";" where "," is the decimal mark.
    delimitersToGuess: [',', ';', '\t', '|'],
    skipEmptyLines: 'greedy',
  });
  const [headers = [], ...rows] = parsed.data;
  return { headers: headers.map((h) => h.trim()), rows: rows.map((row) => row.map((cell) => cell.trim())) };
}

async function readXlsx(bytes: Buffer): Promise<Table> {
  let data: unknown[][];
  try {
    data = (await readSheet(bytes)) as unknown[][];
  } catch {
    throw new AppError('VALIDATION', 'The file is not a readable Excel workbook (.xlsx).');
  }
  const [headers = [], ...rows] = data.map((row) => row.map(cellText));
  return {
    headers: headers.map((h) => h.trim()),
    rows: rows.filter((row) => row.some((cell) => cell !== '')),
  };
}

/** A cell as the person sees it: dates as YYYY-MM-DD (Excel stores them as day numbers), the rest as text. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  return String(value).trim();
}
