import { access, mkdir } from 'node:fs/promises';
import type {
  DownloadAction,
  DownloadControl,
  DownloadItem,
  DownloadSource,
  DownloadsSnapshot,
} from '../../../preload/contract';
import type { ServiceHttp } from '../../api/http';
import { createCommunityContentApi } from '../../api/community-content';
import { createPortfolioContentApi } from '../../api/portfolio-content';
import { AppError } from '../app-error';
import type { Logger } from '../log';
import { downloadToFile } from './download-file';
import { DownloadQueue, type DownloadJob } from './download-queue';
import { freeNameIn, safeFileName } from './file-names';
import { openDecisionFor } from './opener-policy';
import { judgeFileUrl } from './url-rule';

/**
 * What Electron provides for downloads (main/electron/file-shell.ts): the downloads folder, a save
 * dialog, and the system's "open" and "show in folder".
 */
export interface FileShell {
  downloadsFolder(): string;
  /** A save dialog suggesting `fileName` in the downloads folder; undefined when cancelled. */
  chooseSavePath(fileName: string): Promise<string | undefined>;
  /** Opens with the system's default app: an error message, or '' on success (shell.openPath). */
  openPath(path: string): Promise<string>;
  showInFolder(path: string): void;
}

export interface DownloadsDeps {
  /** The signed-in connection, or undefined when signed out. */
  connection: () => ServiceHttp | undefined;
  shell: FileShell;
  /** `process.platform`: Windows gets the Mark of the Web. */
  platform: string;
  log: Logger;
  emit: (snapshot: DownloadsSnapshot) => void;
  now?: () => Date;
  stallTimeoutMs?: number;
}

/** A listed file as the service describes it now. */
interface ListedFile {
  name: string;
  url?: string;
}

/**
 * Open and Save for every file the app lists. The page names a file by where it is listed; main
 * reads that list again for the file's address (so the page never chooses what main fetches),
 * judges the address, asks where to save (or picks a free name in the downloads folder for Open),
 * and queues the download. Finished "open" downloads open with the system's app, except programs
 * and scripts, which are shown in their folder.
 */
export class DownloadsService {
  readonly queue: DownloadQueue;

  constructor(private readonly deps: DownloadsDeps) {
    this.queue = new DownloadQueue({
      run: (job, signal, onProgress) => this.run(job, signal, onProgress),
      finished: (job) => this.finished(job),
      changed: deps.emit,
      ...(deps.now ? { now: deps.now } : {}),
    });
  }

  async start(source: DownloadSource, action: DownloadAction): Promise<{ started: boolean; id?: string }> {
    const http = this.http();
    const file = await this.find(http, source);
    if (!file.url) {
      throw new AppError('NOT_FOUND', 'The service gives no address for this file, so it cannot be downloaded.');
    }
    const decision = judgeFileUrl(file.url, http.serviceUrl);
    if (decision.kind === 'refuse') throw decision.error;
    const fileName = safeFileName(file.name);
    const target = action === 'save' ? await this.deps.shell.chooseSavePath(fileName) : await this.openTarget(fileName);
    if (!target) return { started: false };
    const id = this.queue.add({ source, action, url: decision.url, target, fileName: baseName(target) });
    return { started: true, id };
  }

  /** Open saves into the downloads folder (made if missing) under a name not yet taken. */
  private async openTarget(fileName: string): Promise<string> {
    const folder = this.deps.shell.downloadsFolder();
    await mkdir(folder, { recursive: true });
    return freeNameIn(folder, fileName, exists);
  }

  list(): DownloadsSnapshot {
    return this.queue.snapshot();
  }

  async control(action: DownloadControl, id: string): Promise<void> {
    if (!this.queue.has(id)) throw new AppError('NOT_FOUND', 'That download is no longer listed.');
    switch (action) {
      case 'cancel':
        return this.queue.cancel(id);
      case 'retry':
        return this.queue.retry(id);
      case 'remove':
        this.queue.remove(id);
        return;
      case 'show-in-folder':
      case 'open': {
        const job = this.queue.finishedJob(id);
        if (!job) throw new AppError('UNAVAILABLE', 'The download has not finished.');
        if (!(await exists(job.target))) {
          throw new AppError(
            'FILE_PROBLEM',
            'The file is no longer where it was saved. It may have been moved or deleted.',
          );
        }
        if (action === 'open') await this.openOrShow(job.target, job.fileName);
        else this.deps.shell.showInFolder(job.target);
        return;
      }
    }
  }

  clearHistory(): number {
    return this.queue.clearHistory();
  }

  /** Signed out: cancel and forget (the next account must not see this one's files). */
  signedOut(): Promise<void> {
    return this.queue.reset();
  }

  private http(): ServiceHttp {
    const http = this.deps.connection();
    if (!http) throw new AppError('UNAUTHENTICATED', 'You are signed out. Please sign in again.');
    return http;
  }

  private async find(http: ServiceHttp, source: DownloadSource): Promise<ListedFile> {
    const files =
      source.kind === 'group-file'
        ? await createCommunityContentApi(http).listFiles(source.communityId)
        : source.kind === 'portfolio-file'
          ? await createPortfolioContentApi(http).listFiles(source.portfolioId)
          : await createPortfolioContentApi(http).listDocuments(source.portfolioId);
    const file = files.find((candidate) => candidate.id === source.fileId);
    if (!file) throw new AppError('NOT_FOUND', 'This file is no longer listed. It may have been removed.');
    return file;
  }

  private async run(
    job: DownloadJob,
    signal: AbortSignal,
    onProgress: (bytes: number, total: number | undefined) => void,
  ): Promise<void> {
    const http = this.http();
    await downloadToFile({
      url: job.url,
      serviceUrl: http.serviceUrl,
      target: job.target,
      stream: (url, request) => http.stream(url, request),
      signal,
      onProgress,
      markOfTheWeb: { platform: this.deps.platform },
      ...(this.deps.stallTimeoutMs !== undefined ? { stallTimeoutMs: this.deps.stallTimeoutMs } : {}),
    });
    this.deps.log.info('download finished', { source: job.source.kind, action: job.action });
  }

  private async finished(job: DownloadJob): Promise<DownloadItem['opened'] | undefined> {
    if (job.action !== 'open') return undefined;
    return this.openOrShow(job.target, job.fileName);
  }

  private async openOrShow(path: string, fileName: string): Promise<DownloadItem['opened']> {
    if (openDecisionFor(fileName) === 'show-in-folder') {
      this.deps.shell.showInFolder(path);
      return 'shown-in-folder';
    }
    const failure = await this.deps.shell.openPath(path);
    if (failure) {
      // No app for this type (or the OS refused): the file is saved; show where it is.
      this.deps.log.warn('the system could not open a downloaded file', { reason: failure });
      this.deps.shell.showInFolder(path);
      return 'shown-in-folder';
    }
    return 'opened';
  }
}

const exists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false,
  );

const baseName = (path: string): string => path.split(/[\\/]/).pop() ?? path;
