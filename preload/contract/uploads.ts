import type { ErrorCode, Result } from './result';
import type { VideoOffer } from './media';

/**
 * Where a file goes, listed once: a group's files, a portfolio's files, the caller's own file area (`generic`,
 * whose id is the caller's user id), or one of the images. Main's argument check, journal and queue read this
 * list, and the page names each kind from `uploads.kinds` in the catalogue (a unit test keeps the two equal).
 */
export const uploadTargetKinds = [
  'community',
  'portfolio',
  'generic',
  'user-picture',
  'community-cover',
  'community-profile',
] as const;

export type UploadTargetKind = (typeof uploadTargetKinds)[number];

export interface UploadTarget {
  kind: UploadTargetKind;
  id: number;
}

/** A place the user may upload to, for the target picker (their groups and portfolios). */
export interface UploadTargetChoice {
  target: UploadTarget;
  label: string;
}

/**
 * An upload's states, listed once (main's journal, counts and state machine read this list; the moves
 * allowed between them are in main/services/uploads/states.ts).
 */
export const uploadStates = [
  'queued',
  'checking',
  // A video being made smaller before it is sent (issue 29).
  'preparing',
  'uploading',
  'reconciling',
  'paused',
  'done',
  'failed',
  'cancelled',
] as const;

export type UploadState = (typeof uploadStates)[number];

/** Why a video asked to be made smaller is sent as it is. */
export type PreparationAsIs = 'small-enough' | 'cannot-decode' | 'not-a-video' | 'no-video-track' | 'damaged';

/**
 * A problem's sentence as a catalogue key (`uploads.problems.*`) with what it needs: the page words it
 * in its own language. Parameters named `size` or `limit` are byte counts, formatted by the page.
 */
export interface UploadProblemText {
  key: string;
  params?: Record<string, string | number>;
}

export interface UploadProblem {
  code: ErrorCode;
  /** Main's British English sentence: for the log, and shown when there is no `text`. */
  message: string;
  text?: UploadProblemText;
}

/** One file of a selection, checked before anything is sent. Paths stay in main; this shows the relative one. */
export interface CheckedUpload {
  displayPath: string;
  fileName: string;
  size: number;
  contentType: string;
  problems: UploadProblem[];
  /** Issue 29, `offer` mode only: a video's facts and the smaller copy's estimate, for the tick box. */
  video?: VideoOffer;
}

/**
 * Why an entry inside a chosen folder was left out: a hidden or system file, a folder reached twice,
 * not a file (a device, a socket), unreadable, beyond the files-at-once limit, or a symbolic link (a
 * junction on Windows) to a place outside the chosen folder or to another place inside it.
 */
export type UploadSkipReason =
  'hidden' | 'loop' | 'not-a-file' | 'unreadable' | 'limit' | 'link-outside' | 'link-inside';

/** Files chosen in a dialog or dropped, checked and waiting for the user to confirm. */
export interface UploadSelection {
  selectionId: string;
  target: UploadTarget;
  files: CheckedUpload[];
  /** Entries left out of a folder (hidden files, links, ...). */
  skipped: { displayPath: string; reason: UploadSkipReason }[];
}

export interface UploadItem {
  id: string;
  batchId: string;
  target: UploadTarget;
  displayPath: string;
  fileName: string;
  contentType: string;
  size: number;
  state: UploadState;
  attempts: number;
  bytesSent: number;
  /** While it is being sent: its own speed, smoothed over a few seconds like the queue's. */
  bytesPerSecond?: number;
  /** While it is being sent: null when nothing moves (no time can be promised). */
  secondsLeft?: number | null;
  problem?: UploadProblem;
  /** Issue 29: this video is made smaller before it is sent. */
  prepare?: { trim?: { startSeconds: number; endSeconds: number } };
  /** While it is being made smaller: how far, 0 to 1. */
  preparedFraction?: number;
  /** The smaller copy's size, once made: what is sent. */
  preparedSize?: number;
  /** Preparation was asked for, but the video goes as it is: why (and the codec the computer cannot read). */
  sentAsIs?: { reason: PreparationAsIs; codec?: string };
  /** When the next automatic retry happens (epoch ms). */
  retryAt?: number;
  createdAt: number;
  finishedAt?: number;
}

export interface UploadTotals {
  counts: Record<UploadState, number>;
  bytesTotal: number;
  bytesDone: number;
  bytesPerSecond: number;
  secondsLeft: number | null;
  active: boolean;
  /** Nothing answers (a dead Wi-Fi): files wait without using up retries and carry on by themselves. */
  waitingForNetwork: boolean;
  /** Set while queued files wait only because of the upload schedule or the mains-power rule. */
  waitingFor?: UploadHold;
}

/**
 * Why queued files do not start: outside the upload schedule (`until`: when the window opens, `HH:MM`
 * local time), or on battery while uploads are set to go only on mains power. Files being sent finish.
 */
export type UploadHold = { waiting: 'schedule'; until: string } | { waiting: 'battery' };

/** A daily window on the 24-hour clock (`HH:MM`); it may cross midnight. Off: any time of day. */
export interface UploadSchedule {
  enabled: boolean;
  start: string;
  end: string;
}

export interface UploadsSnapshot {
  items: UploadItem[];
  totals: UploadTotals;
}

/** Throttled (at most 10 a second): what changed since the last event. */
export interface UploadsProgress {
  totals: UploadTotals;
  changed: UploadItem[];
  removed: string[];
}

export type UploadAction = 'pause' | 'resume' | 'cancel' | 'retry';

/** The upload settings the person controls; they apply to the running queue at once. */
export interface UploadSettings {
  /** Files sent at the same time. */
  concurrency: number;
  /** Files larger than this (in MiB, 1024 × 1024 bytes) are refused before anything is sent. */
  maxFileMiB: number;
  /** The bandwidth all uploads share together, in KiB (1,024 bytes) per second; 0: unlimited. */
  bandwidthLimitKiBps: number;
  /** Files start only inside this daily window (local time); files being sent when it closes finish. */
  schedule: UploadSchedule;
  /** Files start only while the computer is on mains power (not on battery). */
  onlyOnMainsPower: boolean;
  /** Read only: the file name extensions the organisation allows (lower case, no dot); absent: any type. */
  allowedFileTypes?: string[];
  /** Read only: the fields the organisation's policy fixes; the panel shows them disabled. */
  managed?: Partial<Record<UploadSettingsField | 'allowedFileTypes', true>>;
}

/** The fields the person may set. */
export type UploadSettingsField =
  'concurrency' | 'maxFileMiB' | 'bandwidthLimitKiBps' | 'schedule' | 'onlyOnMainsPower';

/** What the person may change: the read-only parts are not accepted in a patch. */
export type UploadSettingsPatch = Partial<Pick<UploadSettings, UploadSettingsField>>;

/**
 * What the person has before choosing. The policy schema reads these and the limits below too
 * (main/services/policy/schema.ts): the policy code need not import the uploads feature that depends on it.
 */
export const uploadSettingsDefaults = {
  concurrency: 3,
  // 4 GiB.
  maxFileMiB: 4096,
  // 0: no limit.
  bandwidthLimitKiBps: 0,
  onlyOnMainsPower: false,
} as const;

/** What main accepts (the page uses the same bounds for its inputs). */
export const uploadSettingsLimits = {
  concurrency: { min: 1, max: 16 },
  // 1 MiB to 64 GiB: a whole lesson recorded in 4K fits; a typing slip (a million MiB) does not.
  maxFileMiB: { min: 1, max: 65_536 },
  // 0 is unlimited; the top is 1 GiB/s, above any school's uplink.
  bandwidthLimitKiBps: { min: 0, max: 1_048_576 },
} as const;

export interface UploadsInvoke {
  /** Places the user may upload to. */
  'uploads:targets': () => Promise<Result<UploadTargetChoice[]>>;
  /** Opens a native dialog (files or a folder) and checks what was chosen; null when cancelled. */
  'uploads:choose': (input: {
    target: UploadTarget;
    mode: 'files' | 'folder';
  }) => Promise<Result<UploadSelection | null>>;
  /**
   * Called by the preload itself, never by the page (the page's object has no function for it): the
   * paths of files in a real drop on the window (a trusted event), kept by main under a one-time id.
   */
  'uploads:register-drop': (input: { paths: string[] }) => Promise<Result<{ dropId: string }>>;
  /** Files dropped on the window, named by the id main gave the preload for that drop. */
  'uploads:drop': (input: { target: UploadTarget; dropId: string }) => Promise<Result<UploadSelection>>;
  /** `prepare`: the display paths of the videos ticked "Make smaller before sending" (`offer` mode). */
  'uploads:confirm': (
    selectionId: string,
    options?: { prepare?: string[] },
  ) => Promise<Result<{ queued: number; refused: number }>>;
  'uploads:discard': (selectionId: string) => Promise<Result<null>>;
  'uploads:list': () => Promise<Result<UploadsSnapshot>>;
  /** Pause, resume, cancel or retry one upload, or all when no id is given. */
  'uploads:control': (input: { action: UploadAction; id?: string }) => Promise<Result<null>>;
  /** Forgets finished uploads; answers how many. */
  'uploads:clear-history': () => Promise<Result<number>>;
  'uploads:get-settings': () => Promise<Result<UploadSettings>>;
  /** Saves the given settings (the rest stay) and applies them to the running queue; answers all of them. */
  'uploads:set-settings': (patch: UploadSettingsPatch) => Promise<Result<UploadSettings>>;
}

/** Channels the preload calls on its own: the object the page gets has no function for them. */
export const preloadOnlyInvokeChannels = { 'uploads:register-drop': true } as const satisfies Partial<
  Record<keyof UploadsInvoke, true>
>;

export interface UploadsEvents {
  'uploads:progress': UploadsProgress;
}

export const uploadsInvokeChannels = {
  'uploads:targets': true,
  'uploads:choose': true,
  'uploads:register-drop': true,
  'uploads:drop': true,
  'uploads:confirm': true,
  'uploads:discard': true,
  'uploads:list': true,
  'uploads:control': true,
  'uploads:clear-history': true,
  'uploads:get-settings': true,
  'uploads:set-settings': true,
} as const satisfies Record<keyof UploadsInvoke, true>;

export const uploadsEventChannels = { 'uploads:progress': true } as const satisfies Record<keyof UploadsEvents, true>;
