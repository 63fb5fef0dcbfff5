import { randomUUID } from 'node:crypto';
import {
  downloadFileProblems,
  type DownloadAction,
  type DownloadFileProblem,
  type DownloadItem,
  type DownloadSource,
  type DownloadsSnapshot,
} from '../../../preload/contract';
import { AppError } from '../app-error';
import { DownloadStalled } from './download-file';

/** What one download needs: where from, where to. `target` is an absolute path that stays in main. */
export interface DownloadJob {
  source: DownloadSource;
  action: DownloadAction;
  url: string;
  target: string;
  fileName: string;
  /** The system could not be told the file came from the internet: never opened without the person. */
  unmarked?: true;
}

/** What an attempt learnt about the finished file (it may have landed under another name). */
export type DownloadLanding = Partial<Pick<DownloadJob, 'target' | 'fileName' | 'unmarked'>>;

/** What Open did with a finished file. */
export type OpenOutcome = Pick<DownloadItem, 'opened' | 'shownBecause'>;

/** Runs one attempt: resolves when the file is complete at `target`, rejects otherwise. */
export type RunDownload = (
  job: DownloadJob,
  signal: AbortSignal,
  onProgress: (bytes: number, total: number | undefined) => void,
) => Promise<DownloadLanding | void>;

export interface DownloadQueueDeps {
  run: RunDownload;
  /** A download finished; answers what was done for "open" (undefined for "save"). */
  finished?: (job: DownloadJob) => Promise<OpenOutcome | undefined>;
  /** The list changed (throttled while bytes arrive). */
  changed: (snapshot: DownloadsSnapshot) => void;
  now?: () => Date;
  /** Downloads at once (default 3). */
  concurrency?: number;
  /** Least time between two progress-only notices (default 200 ms). */
  progressIntervalMs?: number;
}

interface Entry {
  item: DownloadItem;
  job: DownloadJob;
  controller?: AbortController;
}

/**
 * Downloads in the order asked, a few at once, each cancellable and retryable. Knows nothing of
 * HTTP or Electron: `run` does the bytes (download-file.ts) and `finished` the opening.
 */
export class DownloadQueue {
  private readonly entries = new Map<string, Entry>();
  private running = 0;
  /** Attempts under way, so a reset can wait for their temporary files to be removed. */
  private readonly attempts = new Set<Promise<void>>();
  private progressTimer: NodeJS.Timeout | undefined;
  private readonly now: () => Date;

  constructor(private readonly deps: DownloadQueueDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  add(job: DownloadJob): string {
    const id = randomUUID();
    this.entries.set(id, {
      job,
      item: {
        id,
        source: job.source,
        action: job.action,
        fileName: job.fileName,
        state: 'queued',
        bytesReceived: 0,
        createdAt: this.now().toISOString(),
      },
    });
    this.notify();
    this.pump();
    return id;
  }

  /**
   * Puts back downloads read from the journal (newest first, as `entries()` gives them), without
   * starting any: a restored download runs again only when the person asks (Retry).
   */
  restore(entries: readonly { item: DownloadItem; job: DownloadJob }[]): void {
    for (const { item, job } of [...entries].reverse()) {
      if (!this.entries.has(item.id)) this.entries.set(item.id, { item: { ...item }, job });
    }
    this.notify();
  }

  /** Every download with its job, newest first (what the journal keeps). */
  entriesNow(): { item: DownloadItem; job: DownloadJob }[] {
    return [...this.entries.values()].map((entry) => ({ item: { ...entry.item }, job: entry.job })).reverse();
  }

  /** The job of any listed download (retry reads a restored one's file list again). */
  jobOf(id: string): DownloadJob | undefined {
    return this.entries.get(id)?.job;
  }

  stateOf(id: string): DownloadItem['state'] | undefined {
    return this.entries.get(id)?.item.state;
  }

  snapshot(): DownloadsSnapshot {
    // Newest first, as the Transfers page lists them.
    return { items: [...this.entries.values()].map((entry) => ({ ...entry.item })).reverse() };
  }

  /** The absolute path of a finished download (for "Show in folder" and "Open"). */
  finishedJob(id: string): DownloadJob | undefined {
    const entry = this.entries.get(id);
    return entry?.item.state === 'done' ? entry.job : undefined;
  }

  /** Open (or Show in folder) asked again from the list: the item says what became of it this time. */
  noteOpened(id: string, outcome: OpenOutcome): void {
    const entry = this.entries.get(id);
    if (!entry || entry.item.state !== 'done') return;
    const { opened: _opened, shownBecause: _because, ...rest } = entry.item;
    entry.item = { ...rest, ...outcome };
    this.notify();
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  cancel(id: string): void {
    const entry = this.entries.get(id);
    if (!entry || (entry.item.state !== 'queued' && entry.item.state !== 'downloading')) return;
    entry.controller?.abort();
    this.settle(entry, { state: 'cancelled' });
  }

  /** Runs a failed, cancelled or interrupted download again; `url`: the file's address read anew. */
  retry(id: string, url?: string): void {
    const entry = this.entries.get(id);
    if (!entry || !retryable.has(entry.item.state)) return;
    if (url !== undefined) entry.job = { ...entry.job, url };
    const {
      problem: _problem,
      finishedAt: _finished,
      bytesTotal: _total,
      opened: _opened,
      shownBecause: _because,
      fileMissing: _missing,
      ...rest
    } = entry.item;
    entry.item = { ...rest, state: 'queued', bytesReceived: 0 };
    this.notify();
    this.pump();
  }

  /** Forgets a download that is not under way; true when it did. */
  remove(id: string): boolean {
    const entry = this.entries.get(id);
    if (!entry || entry.item.state === 'queued' || entry.item.state === 'downloading') return false;
    this.entries.delete(id);
    this.notify();
    return true;
  }

  clearHistory(): number {
    let removed = 0;
    for (const [id, entry] of this.entries) {
      if (entry.item.state !== 'queued' && entry.item.state !== 'downloading') {
        this.entries.delete(id);
        removed++;
      }
    }
    if (removed > 0) this.notify();
    return removed;
  }

  /**
   * Cancels everything and forgets the list (signing out: another account must not see it). Settles
   * once every attempt has ended, i.e. its temporary file is gone (quitting waits for that).
   */
  async reset(): Promise<void> {
    for (const entry of this.entries.values()) entry.controller?.abort();
    this.entries.clear();
    this.notify();
    await Promise.all([...this.attempts]);
  }

  /** True while any download is queued or under way. */
  busy(): boolean {
    return [...this.entries.values()].some((e) => e.item.state === 'queued' || e.item.state === 'downloading');
  }

  private pump(): void {
    const limit = this.deps.concurrency ?? 3;
    for (const entry of this.entries.values()) {
      if (this.running >= limit) return;
      if (entry.item.state === 'queued') {
        const attempt = this.start(entry);
        this.attempts.add(attempt);
        void attempt.finally(() => this.attempts.delete(attempt));
      }
    }
  }

  private async start(entry: Entry): Promise<void> {
    const controller = new AbortController();
    entry.controller = controller;
    entry.item = { ...entry.item, state: 'downloading' };
    this.running++;
    this.notify();
    try {
      const landing = await this.deps.run(entry.job, controller.signal, (bytes, total) => {
        if (controller.signal.aborted) return;
        entry.item = { ...entry.item, bytesReceived: bytes, ...(total !== undefined ? { bytesTotal: total } : {}) };
        this.notifyProgress();
      });
      if (controller.signal.aborted) return;
      const { unmarked: _unmarked, ...job } = entry.job;
      entry.job = { ...job, ...landing };
      const opened = await this.deps.finished?.(entry.job).catch(() => undefined);
      this.settle(entry, {
        state: 'done',
        fileName: entry.job.fileName,
        bytesTotal: entry.item.bytesReceived,
        ...opened,
      });
    } catch (error) {
      if (controller.signal.aborted) return;
      this.settle(entry, { state: 'failed', problem: problemOf(error) });
    } finally {
      this.running--;
      if (entry.controller === controller) delete entry.controller;
      this.pump();
    }
  }

  private settle(entry: Entry, patch: Partial<DownloadItem>): void {
    entry.item = { ...entry.item, ...patch, finishedAt: this.now().toISOString() };
    this.notify();
  }

  private notify(): void {
    clearTimeout(this.progressTimer);
    this.progressTimer = undefined;
    this.deps.changed(this.snapshot());
  }

  private notifyProgress(): void {
    if (this.progressTimer) return;
    this.progressTimer = setTimeout(() => this.notify(), this.deps.progressIntervalMs ?? 200);
  }
}

const retryable = new Set<DownloadItem['state']>(['failed', 'cancelled', 'interrupted']);

function problemOf(error: unknown): NonNullable<DownloadItem['problem']> {
  if (error instanceof AppError) {
    const fileProblem = error.details?.fileProblem;
    return {
      code: error.code,
      message: error.message,
      ...(error.details?.incomplete ? { incomplete: true } : {}),
      ...(isFileProblem(fileProblem) ? { fileProblem } : {}),
    };
  }
  if (error instanceof DownloadStalled) {
    return { code: 'TIMEOUT', message: 'The download stopped: no data arrived for a while. Try again.' };
  }
  return { code: 'INTERNAL', message: 'The download failed. Try again.' };
}

const isFileProblem = (value: unknown): value is DownloadFileProblem =>
  (downloadFileProblems as readonly unknown[]).includes(value);
