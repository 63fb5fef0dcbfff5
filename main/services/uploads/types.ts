import type { ServiceHttp } from '../../api/http';
import type {
  ErrorCode,
  PreparationAsIs,
  UploadHold,
  UploadProblemText,
  UploadState,
  UploadTargetKind,
} from '../../../preload/contract';

/**
 * The shapes of the upload queue: what a target is, what an item is, what the renderer is told.
 * Plain data only, so they can be journaled to disk and sent over IPC as they are.
 */

/** Where a file goes. Image targets accept PNG, JPEG, GIF or WebP only (judged by content). */
/**
 * The signed-in connection to the service (main/api/http.ts: proxy, trust, bearer and one refresh
 * after a refused token), or undefined when nobody is signed in. Asked afresh for every request, so
 * a new sign-in or another service address takes effect at the next file.
 */
export type UploadConnection = () => ServiceHttp | undefined;

/**
 * One member per kind of the contract's `uploadTargetKinds`, so a switch on `kind` narrows. In the caller's own
 * file area (`generic`, `id` is the caller's user id) videos also become the caller's videos.
 */
export type UploadTarget = { [K in UploadTargetKind]: { kind: K; id: number } }[UploadTargetKind];

export type { UploadTargetKind };

/** The states are listed once, in the contract; the moves between them are in states.ts. */
export type { UploadState };

/** Why an item failed or waits; `code` is one the UI already knows how to explain. */
export interface UploadProblem {
  code: ErrorCode;
  /** A sentence a teacher understands; never a token or secret. British English, also for the log. */
  message: string;
  /** The same sentence as a catalogue key (`uploads.problems.*`), so the page shows it in its language. */
  text?: UploadProblemText;
}

/** One file in the queue, as persisted in the journal. */
export interface UploadItem {
  id: string;
  /** Items enqueued together share a batch id. */
  batchId: string;
  target: UploadTarget;
  /** Absolute path on disk. */
  path: string;
  /** Shown to the user: the path below the dropped or chosen folder, or the file name. */
  displayPath: string;
  /** The name the service receives (base name). */
  fileName: string;
  /** Part content type (the sniffed image type for image targets). */
  contentType: string;
  /** Size and modification time when queued: a changed file is refused before sending. */
  size: number;
  mtimeMs: number;
  state: UploadState;
  /** Attempts begun so far (automatic and manual). */
  attempts: number;
  /** Automatic retries since the last manual action; past the policy's limit the item fails. */
  automaticRetries: number;
  /** Wall-clock ms when the current or last attempt began (kept durable before any byte is sent). */
  attemptStartedAt?: number;
  /**
   * Set while the service may hold this file without our knowing (an attempt was in flight when the
   * app stopped, or the connection broke after the whole body left): the start of the earliest such
   * attempt. The target's list is asked before the file is sent again.
   */
  uncertainSince?: number;
  /** Wall-clock ms of the next automatic retry (or of the reconciliation look), while waiting. */
  retryAt?: number;
  /** The last failure (kept while retrying so the UI can say why). */
  problem?: UploadProblem;
  /** The service's file id once stored (from its answer or from reconciliation). */
  remoteFileId?: number;
  /** The video the service made of a video sent to My files (from its answer, or found among the person's videos). */
  remoteVideoId?: number;
  /** How a done item was confirmed: by the service's answer, or found in the target's list (or the person's videos). */
  confirmedBy?: 'answer' | 'list';
  /** Issue 29: make this video smaller before sending it (asked for when it was queued). */
  prepare?: { trim?: { startSeconds: number; endSeconds: number } };
  /** The checked smaller copy in the app's data folder: sent instead of the original (sent-file.ts). */
  prepared?: { path: string; size: number };
  /** The smaller copy's size: kept after the copy is gone, so the page can still say what was sent. */
  preparedSize?: number;
  /** Preparation was asked for, but the video goes as it is: why, in one line on the page. */
  sentAsIs?: { reason: PreparationAsIs; codec?: string };
  /** Paused by the queue itself (e.g. signed out) rather than by the user. */
  pausedBy?: 'user' | 'signed-out';
  createdAt: number;
  finishedAt?: number;
}

/** An item as the renderer sees it: the persisted fields plus live byte progress. */
export interface UploadItemView extends Omit<UploadItem, 'path' | 'mtimeMs' | 'prepared'> {
  /** While it is being prepared: how far, 0 to 1. */
  preparedFraction?: number;
  bytesSent: number;
  /** While it is being sent: its own speed, smoothed like the queue's (0 while the network is down). */
  bytesPerSecond?: number;
  /** While it is being sent: null when nothing moves (nor while the network is down). */
  secondsLeft?: number | null;
}

export interface UploadTotals {
  /** Items per state, history included. */
  counts: Record<UploadState, number>;
  /** Bytes of the current run (since the queue was last idle), cancelled items excluded. */
  bytesTotal: number;
  /** Bytes of that run that are on the service or in flight. */
  bytesDone: number;
  /** Over a moving window of a few seconds; 0 when nothing moves. */
  bytesPerSecond: number;
  /** null when unknown (nothing moving) or nothing left. */
  secondsLeft: number | null;
  /** True while any item is queued, checking, uploading or reconciling. */
  active: boolean;
  /** Nothing answers (a dead Wi-Fi): files wait, retries are not counted, and it carries on by itself. */
  waitingForNetwork: boolean;
  /** Set while files wait to start only because of the schedule or the power rule. */
  waitingFor?: UploadHold;
}

/** Why queued files do not start (schedule, battery): the page's own type, so the two cannot drift. */
export type { UploadHold } from '../../../preload/contract';

/** The one event the queue emits, at most ten times a second: totals plus what changed since the last one. */
export interface UploadProgressEvent {
  totals: UploadTotals;
  /** Items whose state or progress changed since the previous event (latest view of each). */
  changed: UploadItemView[];
  /** Items removed (history cleared). */
  removed: string[];
}

/** A summary for notifications at the end of a run. */
export interface RunSummary {
  done: number;
  failed: number;
  cancelled: number;
  /** Failed items' display paths and reasons (at most 20, for the notification text). */
  failures: { displayPath: string; problem: UploadProblem }[];
  /** Set when the run stopped because the session ended: it carries on after the next sign-in. */
  waitingForSignIn?: boolean;
  /** Set (alone) when the queue's records on disk were damaged: told once, when the queue opens. */
  recordsDamaged?: {
    /** Lines that could not be read. */
    lines: number;
    /** Where the damaged records are kept; absent when no copy could be made. */
    copiedTo?: string;
    /** Files whose last record may be lost: looked for on the service before being sent again. */
    filesToCheck: number;
  };
}

// Electron-specific capabilities, implemented by the lead in main/electron/ and injected.

/** Keeps the system from suspending the app while a run is active (powerSaveBlocker). */
export interface PowerBlocker {
  start(): void;
  stop(): void;
}

/** Whether the computer runs on battery (Electron's powerMonitor), and a call when that changes. */
export interface PowerSource {
  onBattery(): boolean;
  /** Answers an unsubscribe function. */
  onChange(listener: () => void): () => void;
}

/** Plain Node (tests, tools) has no battery to ask about: always on mains. */
export const alwaysOnMains: PowerSource = { onBattery: () => false, onChange: () => () => undefined };

/** Taskbar/dock progress: a fraction 0..1, or null to clear it. */
export interface ProgressSink {
  setProgress(fraction: number | null): void;
}

/** Native notifications. */
export interface Notifier {
  /** Every item of the run ended done or cancelled. */
  batchFinished(summary: RunSummary): void;
  /** The run ended with failures, or the queue paused itself (signed out). */
  needsAttention(summary: RunSummary): void;
}
