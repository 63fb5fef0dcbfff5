import { uploadSettingsDefaults } from '../../../preload/contract/uploads';
import type { TimeWindow } from '../policy/kinds';
import type { Logger } from '../log';
import type { AdmittedPaths } from './admitted-paths';
import type { LimiterClock } from './bandwidth';
import type { SkippedEntry } from './folder-expansion';
import type { CheckedFile } from './pre-checks';
import { defaultRetryPolicy, type RetryPolicy } from './retry-policy';
import type { GateClock } from './start-gate';
import type { Preparer } from '../media/preparer';
import type {
  Notifier,
  PowerBlocker,
  PowerSource,
  ProgressSink,
  UploadConnection,
  UploadItem,
  UploadItemView,
  UploadTarget,
  UploadTotals,
} from './types';

/**
 * What an upload queue is built from and answers with: its settings, tuning and dependencies, and the
 * shapes of its public methods' answers. Kept apart from the queue so the settings store and the
 * queue's parts can read them without importing the queue.
 */

/** User settings the queue reads each time it needs them (so changes apply without a restart). */
export interface UploadSettings {
  /** Files sent at the same time (default 3). */
  concurrency: number;
  /** Larger files are refused before sending. */
  maxFileBytes: number;
  /** Policy `UploadAllowedFileTypes`: only these extensions (lower case, no dot); absent: any type. */
  allowedExtensions?: readonly string[];
  /** Shared by every file being sent; 0 or absent: unlimited. Applies to running uploads at once. */
  bandwidthBytesPerSecond?: number;
  /** Queued files start only inside this daily window (local time); absent: any time. */
  schedule?: TimeWindow;
  /** Queued files start only while the computer is on mains power. */
  onlyOnMainsPower?: boolean;
}

/** The person's defaults (preload/contract/uploads.ts), in the queue's units. */
export const defaultUploadSettings: UploadSettings = {
  concurrency: uploadSettingsDefaults.concurrency,
  maxFileBytes: uploadSettingsDefaults.maxFileMiB * 1024 ** 2,
};

/** Knobs with sensible defaults; tests shorten the waits. */
export interface UploadTuning {
  retry: RetryPolicy;
  /** Give up on an attempt when neither body bytes nor an answer have moved for this long. */
  stallTimeoutMs: number;
  /**
   * How long after an uncertain attempt (or a restart) before the target's list is asked: a service
   * that received the whole body may still be storing it, and looking too early would send a duplicate.
   */
  reconcileSettleMs: number;
  /** How far the service's upload stamps may lag our clock. */
  clockSkewMs: number;
  /** Minimum gap between progress events (100 ms: at most ten a second). */
  eventIntervalMs: number;
  speedWindowMs: number;
  /** Files found below the chosen folders, at most. */
  maxFilesPerRequest: number;
  /** Probes while the network is down: the first delay, doubling up to the cap. */
  networkProbeMs: { first: number; cap: number };
}

export const defaultUploadTuning: UploadTuning = {
  retry: defaultRetryPolicy,
  stallTimeoutMs: 120_000,
  reconcileSettleMs: 10_000,
  clockSkewMs: 30_000,
  eventIntervalMs: 100,
  speedWindowMs: 5_000,
  maxFilesPerRequest: 10_000,
  networkProbeMs: { first: 2_000, cap: 30_000 },
};

export interface UploadQueueDeps {
  /** The app's data folder; the queue keeps its journal in `<dataFolder>/uploads/`. */
  dataFolder: string;
  /** The signed-in connection (main/api), asked afresh for each request. */
  connection: UploadConnection;
  /** The operating system's "online again" signal (main/electron); absent: probes alone decide. */
  network?: { onOnline(listener: () => void): () => void };
  admitted: AdmittedPaths;
  settings: () => UploadSettings;
  log: Logger;
  power: PowerBlocker;
  taskbar: ProgressSink;
  notifier: Notifier;
  clock?: { now(): number };
  random?: () => number;
  tuning?: Partial<UploadTuning>;
  /** Battery or mains (Electron's powerMonitor); absent: always on mains. */
  powerSource?: PowerSource;
  /** The wall clock and timer of the upload schedule; tests set the time and fire the wake-up by hand. */
  scheduleClock?: GateClock;
  /** The bandwidth limiter's clock (a monotonic one by default). */
  limiterClock?: LimiterClock;
  /** Makes videos smaller before they are sent (issue 29); absent: every file goes as it is. */
  preparer?: Pick<Preparer, 'prepare'>;
}

/** What the renderer sends to check or enqueue: paths from a dialog or a drop (files or folders). */
export interface UploadRequest {
  target: UploadTarget;
  paths: string[];
  /** Which checked files are made smaller before sending (issue 29); absent: none. */
  prepare?: (file: CheckedFile) => UploadItem['prepare'];
}

export interface CheckReport {
  target: UploadTarget;
  /** Every file found, with its problems (none: it may be queued). */
  files: CheckedFile[];
  /** Entries below chosen folders that were left out, and why. */
  skipped: SkippedEntry[];
}

export interface EnqueueResult {
  batchId: string;
  queued: UploadItemView[];
  /** Files that were not queued, with their problems. */
  refused: CheckedFile[];
  skipped: SkippedEntry[];
}

export interface UploadSnapshot {
  items: UploadItemView[];
  totals: UploadTotals;
}
