import type { UploadTarget } from '../uploads';
import type { FolderState } from './folder-watch';

/** One folder to watch, from Settings or from IT's `WatchedFolders` policy. */
export interface WatchedFolderConfig {
  /** Stable: the record names the folder a file came from by it. */
  id: string;
  /** Absolute path. */
  path: string;
  target: UploadTarget;
  /** Lower case, no dot; empty: every type. */
  extensions: readonly string[];
  /** Set by IT: shown, not removable. */
  managed?: boolean;
}

export interface WatchedFolderStatus {
  id: string;
  path: string;
  state: FolderState;
  /** Files seen that wait to stop changing. */
  waiting: number;
}

/** Files just handed to the queue from one folder (for the tray: "3 new recordings queued from Lessons"). */
export interface WatchQueuedEvent {
  folder: WatchedFolderConfig;
  count: number;
}

/** Knobs with sensible defaults; tests shorten the waits. */
export interface WatchTuning {
  /** A file is taken once its size and modification time have not changed for this long. */
  steadyMs: number;
  /** How often files waiting to be steady are looked at (only while some wait). */
  checkMs: number;
  /** A full scan of every folder, for events a watcher missed (network and synced folders). */
  rescanMs: number;
  /** How often a folder's presence is checked (one stat). */
  presenceMs: number;
  /** False: folders are only scanned, never watched (tests of the safety net; shares that send no events). */
  watchEvents: boolean;
}

export const defaultWatchTuning: WatchTuning = {
  steadyMs: 10_000,
  checkMs: 2_000,
  rescanMs: 10 * 60_000,
  presenceMs: 30_000,
  watchEvents: true,
};
