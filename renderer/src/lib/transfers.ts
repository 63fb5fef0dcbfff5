import type { DownloadItem, UploadItem } from '../../../preload/contract';

/**
 * Uploads and downloads as one list (the Transfers page, issue #16). Pure: the view and its tests
 * share it, and it knows nothing of Vue or the bridge.
 */

/** Where a transfer stands, in the order the list shows them: what moves first, what is over last. */
export type TransferPhase = 'running' | 'waiting' | 'failed' | 'done';

const phaseOrder: Record<TransferPhase, number> = { running: 0, waiting: 1, failed: 2, done: 3 };

export type TransferRow =
  | { key: string; direction: 'upload'; phase: TransferPhase; startedAt: number; upload: UploadItem }
  | { key: string; direction: 'download'; phase: TransferPhase; startedAt: number; download: DownloadItem };

/** Checking and confirming on the service are part of sending: the file is being worked on. */
export function uploadPhase(state: UploadItem['state']): TransferPhase {
  switch (state) {
    case 'checking':
    case 'preparing':
    case 'uploading':
    case 'reconciling':
      return 'running';
    case 'queued':
    case 'paused':
      return 'waiting';
    case 'failed':
      return 'failed';
    case 'done':
    case 'cancelled':
      return 'done';
  }
}

/** An interrupted download (the app quit or crashed under it) needs the person, as a failed one does. */
export function downloadPhase(state: DownloadItem['state']): TransferPhase {
  switch (state) {
    case 'downloading':
      return 'running';
    case 'queued':
      return 'waiting';
    case 'failed':
    case 'interrupted':
      return 'failed';
    case 'done':
    case 'cancelled':
      return 'done';
  }
}

/** Uploads carry milliseconds, downloads an ISO time: both become milliseconds (unreadable: oldest). */
function millisOf(value: string): number {
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? 0 : parsed;
}

/**
 * One list: running first, then waiting, failed and done; within each, newest first. Ties (same
 * phase, same moment) keep a stable order: downloads before uploads, then by id, so rows never
 * swap places between two progress events.
 */
export function mergeTransfers(uploads: readonly UploadItem[], downloads: readonly DownloadItem[]): TransferRow[] {
  const rows: TransferRow[] = [
    ...downloads.map((download): TransferRow => ({
      key: `download:${download.id}`,
      direction: 'download',
      phase: downloadPhase(download.state),
      startedAt: millisOf(download.createdAt),
      download,
    })),
    ...uploads.map((upload): TransferRow => ({
      key: `upload:${upload.id}`,
      direction: 'upload',
      phase: uploadPhase(upload.state),
      startedAt: upload.createdAt,
      upload,
    })),
  ];
  return rows.sort(
    (a, b) =>
      phaseOrder[a.phase] - phaseOrder[b.phase] ||
      b.startedAt - a.startedAt ||
      (a.direction === b.direction ? 0 : a.direction === 'download' ? -1 : 1) ||
      (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
}

/** How many rows are in each phase (the page's summary line). */
export function countByPhase(rows: readonly TransferRow[]): Record<TransferPhase, number> {
  const counts: Record<TransferPhase, number> = { running: 0, waiting: 0, failed: 0, done: 0 };
  for (const row of rows) counts[row.phase] += 1;
  return counts;
}

/** A file's name as the row shows it: an upload's path inside its folder, a download's name on disk. */
export function transferName(row: TransferRow): string {
  return row.direction === 'upload' ? row.upload.displayPath : row.download.fileName;
}
