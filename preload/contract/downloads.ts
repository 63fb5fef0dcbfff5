import type { ErrorCode, Result } from './result';

/**
 * A file the app lists, named by where it is listed: main reads the file's address from the service's
 * list again, so the page never hands main a URL to fetch.
 */
export type DownloadSource =
  | { kind: 'group-file'; communityId: number; fileId: number }
  | { kind: 'portfolio-file'; portfolioId: number; fileId: number }
  | { kind: 'portfolio-document'; portfolioId: number; fileId: number };

/** Open: saved to the downloads folder, then opened with the system's app. Save: where a dialog says. */
export type DownloadAction = 'open' | 'save';

/** Why the disk would not take a file: the page words each in its own language. */
export const downloadFileProblems = [
  'disk-full',
  'not-allowed',
  'folder-missing',
  'name-too-long',
  'in-use',
  'other',
] as const;
export type DownloadFileProblem = (typeof downloadFileProblems)[number];

/** Why Open showed a file in its folder instead of opening it. */
export const shownInFolderReasons = ['file-type', 'not-marked', 'no-app'] as const;
export type ShownInFolderReason = (typeof shownInFolderReasons)[number];

/** `interrupted`: it was under way or waiting when the app quit or crashed (read back from the journal). */
export type DownloadState = 'queued' | 'downloading' | 'done' | 'failed' | 'cancelled' | 'interrupted';

export interface DownloadItem {
  id: string;
  source: DownloadSource;
  action: DownloadAction;
  /** The name on disk (no folder: the page never holds paths). */
  fileName: string;
  state: DownloadState;
  bytesReceived: number;
  /** Unknown until the service says. */
  bytesTotal?: number;
  /**
   * Why it failed; `incomplete`: the connection broke after the file had started to arrive (trying
   * again may help); `fileProblem`: the disk would not take the file (trying again as it is will not).
   */
  problem?: { code: ErrorCode; message: string; incomplete?: boolean; fileProblem?: DownloadFileProblem };
  /**
   * What Open did with the finished file: `opened` with the system's app, or `shown-in-folder` instead,
   * for the reason in `shownBecause`.
   */
  opened?: 'opened' | 'shown-in-folder';
  /**
   * `file-type`: not a document, picture, sound, video or plain text (it could run code); `not-marked`:
   * the system could not be told the file came from the internet; `no-app`: nothing on this computer
   * opens it. Absent on lists from before the reason was kept: `file-type`.
   */
  shownBecause?: ShownInFolderReason;
  /** A finished download from before a restart whose file is no longer where it was saved. */
  fileMissing?: true;
  createdAt: string;
  finishedAt?: string;
}

export interface DownloadsSnapshot {
  items: DownloadItem[];
  /**
   * The list of earlier downloads could not be read at start: it was set aside under this file name
   * (in the app's data folder) and the list starts empty. The files themselves are untouched.
   */
  journalSetAside?: { fileName: string };
}

export type DownloadControl = 'cancel' | 'retry' | 'show-in-folder' | 'open' | 'remove';

export interface DownloadsInvoke {
  /** Starts a download; `started: false` when the save dialog was cancelled. */
  'downloads:start': (input: {
    source: DownloadSource;
    action: DownloadAction;
  }) => Promise<Result<{ started: boolean; id?: string }>>;
  'downloads:list': () => Promise<Result<DownloadsSnapshot>>;
  'downloads:control': (input: { action: DownloadControl; id: string }) => Promise<Result<null>>;
  /** Forgets finished, failed and cancelled downloads (the files stay on disk). */
  'downloads:clear-history': () => Promise<Result<number>>;
}

export interface DownloadsEvents {
  /** The whole list, whenever it changes (a few times a second at most while bytes arrive). */
  'downloads:changed': DownloadsSnapshot;
}

export const downloadsInvokeChannels = {
  'downloads:start': true,
  'downloads:list': true,
  'downloads:control': true,
  'downloads:clear-history': true,
} as const satisfies Record<keyof DownloadsInvoke, true>;

export const downloadsEventChannels = { 'downloads:changed': true } as const satisfies Record<
  keyof DownloadsEvents,
  true
>;
