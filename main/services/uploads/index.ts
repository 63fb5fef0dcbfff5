/** The upload queue's public face: what the composition root, IPC handlers and Electron adapters use. */
export { UploadQueue, defaultUploadSettings, defaultUploadTuning } from './upload-queue';
export type {
  CheckReport,
  EnqueueResult,
  UploadQueueDeps,
  UploadRequest,
  UploadSettings,
  UploadSnapshot,
  UploadTuning,
} from './upload-queue';
export { AdmittedPaths, type AdmissionSource } from './admitted-paths';
export type { CheckedFile } from './pre-checks';
export type { SkippedEntry } from './folder-expansion';
export type {
  Notifier,
  PowerBlocker,
  PowerSource,
  ProgressSink,
  RunSummary,
  UploadItem,
  UploadItemView,
  UploadHold,
  UploadProblem,
  UploadProgressEvent,
  UploadState,
  UploadTarget,
  UploadTargetKind,
  UploadTotals,
} from './types';
