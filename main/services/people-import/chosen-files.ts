import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import type { Table } from './read-table';
import type { UploadDialogMode } from '../uploads/feature';

/** The host's open dialogs: those of uploads, and one for a spreadsheet of people (.csv, .xlsx). */
export type OpenDialogMode = UploadDialogMode | 'spreadsheet';

export interface ChosenFile {
  path: string;
  fileName: string;
  table: Table;
}

/** A person picks a file now and then: a few are plenty, and the oldest make room. */
const KEPT = 8;

/**
 * Files chosen in main's open dialog, each under a random token the page may hold: the page names a
 * file by its token and can never make main read a path of its choosing.
 */
export class ChosenFiles {
  private readonly files = new Map<string, ChosenFile>();

  add(path: string, table: Table): { token: string; file: ChosenFile } {
    const token = randomUUID();
    const file = { path, fileName: basename(path), table };
    this.files.set(token, file);
    while (this.files.size > KEPT) this.files.delete(this.files.keys().next().value!);
    return { token, file };
  }

  get(token: string): ChosenFile | undefined {
    return this.files.get(token);
  }

  /** Signed out: nothing of one account's files is kept for the next. */
  clear(): void {
    this.files.clear();
  }
}
