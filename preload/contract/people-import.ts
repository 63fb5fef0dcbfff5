import type { Result } from './result';
import type { SavedReport } from './admin';
import type { BulkInviteResult } from './models/organisation-admin';

/**
 * Inviting many people from a spreadsheet (issue #17 item 2). The page never holds a path: main shows
 * the open dialog, keeps the chosen file under an opaque token and reads it there. Every call is checked
 * against the session's roles in main before any request.
 */

/** Which column (0-based) holds what; absent when the file has no such column. */
export interface ImportColumnMapping {
  email?: number;
  admin?: number;
  groups?: number;
}

/** A file main read after the open dialog: its header, a few rows to recognise it, and a first guess. */
export interface ImportFile {
  token: string;
  /** The name only (no folder). */
  fileName: string;
  headers: string[];
  /** The first rows, as text, for the mapping step. */
  sampleRows: string[][];
  rowCount: number;
  /** How many rows one import sends at most; the preview marks those past it. */
  rowLimit: number;
  /**
   * The file goes on past the row limit: main read only up to one row past it (`rowCount` is that many),
   * and the rest are neither read nor sent.
   */
  truncated: boolean;
  guess: ImportColumnMapping;
}

/**
 * Why a chosen file could not be read, in an error's `details.problem`, for the page to word in its language:
 * over the file size cap, inflating past the workbook budget (a zip bomb, or a damaged file), not a
 * workbook, an old .xls, unreadable from disk, or no header row.
 */
export const importFileProblems = [
  'too-large',
  'unpacks-too-large',
  'not-workbook',
  'old-excel',
  'unreadable',
  'empty',
] as const;
export type ImportFileProblem = (typeof importFileProblems)[number];

export type ChosenImportFile = { file: ImportFile } | { cancelled: true };

/** What is wrong with a row; nothing is sent for a row with a problem. */
export type ImportRowProblem =
  | { kind: 'missing-email' }
  | { kind: 'malformed-email'; value: string }
  | { kind: 'duplicate-email'; firstRow: number }
  | { kind: 'unknown-group'; name: string }
  | { kind: 'too-many-rows'; limit: number };

export interface ImportPreviewRow {
  /** The line in the file as a spreadsheet numbers it (the header is line 1). */
  line: number;
  email: string;
  isOrgAdmin: boolean;
  groupNames: string[];
  problems: ImportRowProblem[];
}

export interface ImportPreview {
  rows: ImportPreviewRow[];
  /** Rows that would be sent. */
  ready: number;
  withProblems: number;
}

/** A file, an organisation and how its columns map: what a preview and a run are made of. */
export interface ImportRequest {
  token: string;
  organisationId: number;
  mapping: ImportColumnMapping;
}

/** Every address of a run: the answer's four lists, requests refused (with why) and answers never received. */
export interface ImportOutcome extends BulkInviteResult {
  notSent: { email: string; reason: string }[];
  /** Sent before the app stopped; whether the service got them is not known. */
  unknown: string[];
}

/** A run the journal says did not finish (the app quit or crashed half-way), or finished but was never shown. */
export interface PendingImport {
  organisationId: number;
  organisationName: string;
  fileName?: string;
  outcome: ImportOutcome;
  /** Batches never sent. */
  remainingBatches: number;
}

export interface ImportProgress {
  sentBatches: number;
  totalBatches: number;
}

export interface PeopleImportInvoke {
  /** Main shows an open dialog for .csv and .xlsx files and reads the chosen one. */
  'people-import:choose-file': () => Promise<Result<ChosenImportFile>>;
  /** Every row of the file with what would be sent and its problems; groups matched by name in the organisation. */
  'people-import:preview': (request: ImportRequest) => Promise<Result<ImportPreview>>;
  /** Sends the rows without problems in journaled batches; progress arrives as `people-import:progress`. */
  'people-import:start': (request: ImportRequest) => Promise<Result<ImportOutcome>>;
  /** A run left unfinished by a quit or a crash, or null. */
  'people-import:pending': () => Promise<Result<PendingImport | null>>;
  /** Sends the batches of the pending run never sent; those whose answer was lost stay "not known". */
  'people-import:resume': () => Promise<Result<ImportOutcome>>;
  /** Forgets the pending run (nothing more is sent). */
  'people-import:discard': () => Promise<Result<null>>;
  /** Main shows a save dialog and writes the last run's lists as CSV (temporary name, then rename). */
  'people-import:save-results': () => Promise<Result<SavedReport>>;
}

export interface PeopleImportEvents {
  'people-import:progress': ImportProgress;
}

export const peopleImportInvokeChannels = {
  'people-import:choose-file': true,
  'people-import:preview': true,
  'people-import:start': true,
  'people-import:pending': true,
  'people-import:resume': true,
  'people-import:discard': true,
  'people-import:save-results': true,
} as const satisfies Record<keyof PeopleImportInvoke, true>;

export const peopleImportEventChannels = { 'people-import:progress': true } as const satisfies Record<
  keyof PeopleImportEvents,
  true
>;
