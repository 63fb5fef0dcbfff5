import { open, rename, unlink } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { tempPathFor } from '../downloads/file-names';
import { AppError } from '../app-error';
import { neutraliseCsvText } from '../csv/csv-text';

import type { SavedReport } from '../../../preload/contract/admin';
export type { SavedReport };

/** `group-activity-2026-11-25.csv`: the name offered when the service gives none. */
export function defaultReportName(stem: string, extension: string, now: Date): string {
  return `${stem}-${now.toISOString().slice(0, 10)}.${extension}`;
}

/** Fields of one CSV line, a quoted field (commas and doubled quotes inside) counting as one. */
const fieldCount = (line: string) => line.replace(/"(?:[^"]|"")*"/g, 'x').split(',').length;

/**
 * `csv` when the service says so or the text reads as a table (a header line with commas, and every line
 * with as many fields), else `txt`: a text/plain answer may still be CSV.
 */
export function reportExtension(contentType: string, content: string): 'csv' | 'txt' {
  if (/csv/i.test(contentType)) return 'csv';
  const lines = content.split(/\r?\n/).filter((line) => line !== '');
  const fields = lines.length ? fieldCount(lines[0]!) : 0;
  return fields > 1 && lines.every((line) => fieldCount(line) === fields) ? 'csv' : 'txt';
}

/**
 * The service's file name when it gives a safe one (no folders, no leading dot), else the default:
 * the name only seeds the save dialog, but a path in it would point the dialog elsewhere.
 */
export function reportFileName(given: string | undefined, fallback: string): string {
  const name = given?.trim();
  if (!name || name !== basename(name) || name.startsWith('.') || /[\\/:*?"<>|]/.test(name)) return fallback;
  return name;
}

/**
 * Writes the text to a temporary name in the target's folder, flushed, then renamed over the target,
 * as downloads do: a crash or a full disk never leaves half a report under the good name.
 */
export async function writeReportFile(target: string, text: string): Promise<void> {
  const temp = tempPathFor(target);
  try {
    const handle = await open(temp, 'wx');
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target).catch((error: NodeJS.ErrnoException) => {
      if (['EPERM', 'EBUSY', 'EACCES'].includes(error.code ?? '')) {
        throw new AppError(
          'FILE_PROBLEM',
          'The report could not replace the file already there, which may be open in another app. Close it and try again.',
        );
      }
      throw error;
    });
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    if (error instanceof AppError) throw error;
    throw new AppError('FILE_PROBLEM', 'The report could not be written there. Choose another folder and try again.', {
      reason: (error as NodeJS.ErrnoException).code ?? 'unknown',
    });
  }
}

/**
 * Asks where (a save dialog in main) and writes there; nothing is written when the dialog is closed. A CSV
 * (`asCsv`, or a name the person gave ending in .csv) is written through the one formula guard, cell by cell:
 * the service's reports hold group and people names anyone could have typed.
 */
export async function saveReport(
  chooseSavePath: (fileName: string) => Promise<string | undefined>,
  fileName: string,
  text: string,
  { asCsv }: { asCsv: boolean },
): Promise<SavedReport> {
  const target = await chooseSavePath(fileName);
  if (!target) return { cancelled: true };
  const csv = asCsv || extname(target).toLowerCase() === '.csv';
  await writeReportFile(target, csv ? neutraliseCsvText(text) : text);
  return { saved: target };
}
