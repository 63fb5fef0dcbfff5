import type { DownloadItem } from '../../../preload/contract';
import type { ProgressSink } from '../uploads/types';

/**
 * One taskbar/dock progress bar for every transfer (issue #16): bytes done over bytes expected of the
 * uploads of the current run and the downloads queued or under way. Plain Node: the decision is
 * here, and main/electron/taskbar-progress.ts only draws it on the window.
 */

/** The uploads' share: their current run's bytes, while it runs. */
export interface UploadBytes {
  running: boolean;
  bytesDone: number;
  bytesTotal: number;
}

const idleUploads: UploadBytes = { running: false, bytesDone: 0, bytesTotal: 0 };

/**
 * The fraction (0..1) to show, or null for no bar (nothing moving). A download whose size the
 * service did not say counts what has arrived as both done and expected: it neither holds the bar
 * back nor pushes it forward, and a queued one counts nothing yet.
 */
export function transfersProgress(uploads: UploadBytes, downloads: readonly DownloadItem[]): number | null {
  const moving = downloads.filter((item) => item.state === 'queued' || item.state === 'downloading');
  if (!uploads.running && moving.length === 0) return null;
  let done = uploads.running ? uploads.bytesDone : 0;
  let total = uploads.running ? uploads.bytesTotal : 0;
  for (const item of moving) {
    done += item.bytesReceived;
    total += Math.max(item.bytesTotal ?? item.bytesReceived, item.bytesReceived);
  }
  if (!(total > 0)) return 0;
  return Math.min(1, Math.max(0, done / total));
}

/** Steps of the bar: finer than any taskbar draws, coarse enough not to redraw for every chunk. */
const steps = 1000;

/**
 * Holds the latest of both sides and tells the sink only when what it shows changes. The uploads
 * tell it through `uploadsSink` (the upload queue's own taskbar: a number while its run goes, null
 * at the end), with their bytes read from `uploadBytes`; the downloads through `downloadsChanged`.
 */
export class TransfersTaskbar {
  private uploadsRunning = false;
  private downloads: readonly DownloadItem[] = [];
  private shown: number | null = null;

  constructor(
    private readonly sink: ProgressSink,
    private readonly uploadBytes: () => { bytesDone: number; bytesTotal: number } | undefined,
  ) {}

  /** What the upload queue is given as its taskbar. */
  readonly uploadsSink: ProgressSink = {
    setProgress: (fraction) => {
      this.uploadsRunning = fraction !== null;
      this.apply();
    },
  };

  downloadsChanged(items: readonly DownloadItem[]): void {
    this.downloads = items;
    this.apply();
  }

  private apply(): void {
    const bytes = this.uploadsRunning ? this.uploadBytes() : undefined;
    const uploads = bytes ? { running: true, ...bytes } : idleUploads;
    const fraction = transfersProgress(uploads, this.downloads);
    const next = fraction === null ? null : Math.floor(fraction * steps) / steps;
    if (next === this.shown) return;
    this.shown = next;
    this.sink.setProgress(next);
  }
}
