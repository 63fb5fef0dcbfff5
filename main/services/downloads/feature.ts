import { access, mkdir, readdir, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type {
  DownloadAction,
  DownloadControl,
  DownloadSource,
  DownloadsSnapshot,
  ShownInFolderReason,
} from '../../../preload/contract';
import type { ServiceHttp } from '../../api/http';
import { createCommunityContentApi } from '../../api/community-content';
import { createPortfolioContentApi } from '../../api/portfolio-content';
import { AppError } from '../app-error';
import type { Logger } from '../log';
import { downloadToFile } from './download-file';
import { DownloadQueue, type DownloadJob, type DownloadLanding, type OpenOutcome } from './download-queue';
import { DownloadJournal, type JournalAccount, type JournalEntry } from './download-journal';
import { freeNameIn, isTempNameFor, safeFileName } from './file-names';
import { openDecisionFor } from './opener-policy';
import type { QuarantineDeps } from './quarantine';
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
  /** `process.platform`: Windows gets the Mark of the Web, macOS the quarantine flag. */
  platform: string;
  /** How macOS's quarantine flag is written (the system's xattr by default; tests give their own). */
  quarantine?: QuarantineDeps;
  log: Logger;
  emit: (snapshot: DownloadsSnapshot) => void;
  now?: () => Date;
  stallTimeoutMs?: number;
  /**
   * Where the list is kept across restarts (download-journal.ts), and whose it is; without them the
   * list lives in memory only.
   */
  journal?: { folder: string; account: () => JournalAccount | undefined };
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
 * and queues the download. Finished "open" downloads open with the system's app when they are
 * documents, pictures, sound, video or text the system knows came from the internet; anything else
 * is shown in its folder.
 */
export class DownloadsService {
  readonly queue: DownloadQueue;
  private readonly journal: DownloadJournal | undefined;
  /** What the journal last got: progress alone does not rewrite it. */
  private journaled = '';
  /** Whose downloads the list holds ("origin user"), so another account never sees them. */
  private owner: string | undefined;
  /** Quitting: the list on disk is final, nothing may rewrite it. */
  private stopped = false;
  private journalSetAside: DownloadsSnapshot['journalSetAside'];
  private readonly listeners = new Set<(snapshot: DownloadsSnapshot) => void>();
  /** Names chosen for an Open in the moment before its download is listed. */
  private readonly choosing = new Set<string>();

  constructor(private readonly deps: DownloadsDeps) {
    this.journal = deps.journal ? new DownloadJournal(deps.journal.folder, deps.now) : undefined;
    this.queue = new DownloadQueue({
      run: (job, signal, onProgress) => this.run(job, signal, onProgress),
      finished: (job) => this.finished(job),
      changed: (snapshot) => {
        this.keep();
        const whole = this.withNotice(snapshot);
        deps.emit(whole);
        for (const listener of this.listeners) listener(whole);
      },
      ...(deps.now ? { now: deps.now } : {}),
    });
  }

  /** Every change of the list (the taskbar's progress listens); answers an unsubscribe. */
  onChange(listener: (snapshot: DownloadsSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * At start, once the session is known: the downloads listed before the app last closed, if they
   * are this account's. What was under way or waiting then is shown as interrupted (its temporary
   * file, left by a crash, removed); a finished one says so when its file has gone since.
   */
  async restore(): Promise<void> {
    const account = this.deps.journal?.account();
    if (!this.journal || !account) return;
    const reading = this.journal.read();
    if (reading.kind === 'none') return;
    if (reading.kind === 'set-aside') {
      this.deps.log.warn('the list of earlier downloads could not be read and was set aside', {
        reason: reading.reason,
        ...(reading.setAsideAs ? { setAsideAs: reading.setAsideAs } : {}),
      });
      this.journalSetAside = { fileName: reading.setAsideAs ?? 'downloads.json' };
      this.deps.emit(this.list());
      return;
    }
    if (keyOf(reading.account) !== keyOf(account)) {
      // Another person's list (signed in elsewhere since): never shown, and not kept.
      this.journal.remove();
      return;
    }
    this.owner = keyOf(account);
    const entries = await Promise.all(reading.entries.map((entry) => this.settledAfterRestart(entry)));
    this.queue.restore(entries.map(({ item, job }) => ({ item, job: { ...job, url: '' } })));
  }

  private async settledAfterRestart({ item, job }: JournalEntry): Promise<JournalEntry> {
    if (item.state === 'queued' || item.state === 'downloading' || item.state === 'interrupted') {
      await removeLeftovers(job.target);
      const { problem: _problem, bytesTotal: _total, ...rest } = item;
      return { item: { ...rest, state: 'interrupted', bytesReceived: 0 }, job };
    }
    if (item.state === 'done') {
      const { fileMissing: _missing, ...rest } = item;
      return { item: (await exists(job.target)) ? rest : { ...rest, fileMissing: true }, job };
    }
    return { item, job };
  }

  /**
   * The app is quitting: what is under way or waiting is written down as interrupted (Retry after
   * the restart), then cancelled, which removes its temporary file. Settles once every file is gone.
   */
  async stop(): Promise<void> {
    if (!this.stopped) {
      this.keep(true);
      this.stopped = true;
    }
    await this.queue.reset();
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
    this.owner ??= this.accountKey();
    const id = this.queue.add({ source, action, url: decision.url, target, fileName: baseName(target) });
    // Listed now: the queue's entry holds the name from here on.
    this.choosing.delete(target);
    return { started: true, id };
  }

  /**
   * Open saves into the downloads folder (made if missing) under a name not yet taken on disk nor by
   * another Open under way, reserved at once: two files of the same name opened together get
   * "name.ext" and "name (1).ext". (Should another program take the name meanwhile, place-file.ts
   * still never replaces its file.)
   */
  private async openTarget(fileName: string): Promise<string> {
    const folder = this.deps.shell.downloadsFolder();
    await mkdir(folder, { recursive: true });
    for (;;) {
      const candidate = await freeNameIn(folder, fileName, async (path) => this.claimed(path) || (await exists(path)));
      // Judged again with no wait in between: another start may have taken it during the last look at the disk.
      if (this.claimed(candidate)) continue;
      this.choosing.add(candidate);
      return candidate;
    }
  }

  /** A name chosen for an Open that is waiting or under way (its file is not on disk yet). */
  private claimed(path: string): boolean {
    if (this.choosing.has(path)) return true;
    return this.queue
      .entriesNow()
      .some(
        ({ item, job }) =>
          job.action === 'open' && job.target === path && (item.state === 'queued' || item.state === 'downloading'),
      );
  }

  list(): DownloadsSnapshot {
    return this.withNotice(this.queue.snapshot());
  }

  async control(action: DownloadControl, id: string): Promise<void> {
    if (!this.queue.has(id)) throw new AppError('NOT_FOUND', 'That download is no longer listed.');
    switch (action) {
      case 'cancel':
        return this.queue.cancel(id);
      case 'retry':
        return this.retry(id);
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
        if (action === 'open') this.queue.noteOpened(id, await this.openOrShow(job));
        else this.deps.shell.showInFolder(job.target);
        return;
      }
    }
  }

  clearHistory(): number {
    return this.queue.clearHistory();
  }

  /** Signed out: cancel and forget, on disk too (the next account must not see this one's files). */
  async signedOut(): Promise<void> {
    this.owner = undefined;
    this.journalSetAside = undefined;
    await this.queue.reset();
    this.forgetJournal();
  }

  /**
   * The session changed: a different account than the one whose downloads are listed (signed in
   * as someone else without a sign-out in between) gets an empty list.
   */
  async sessionChanged(): Promise<void> {
    const now = this.accountKey();
    if (now === undefined || this.owner === undefined || now === this.owner) return;
    await this.signedOut();
  }

  /**
   * A download from before a restart has no address (addresses may expire, and are never kept): the
   * file's list is read again, as for a new download, before it runs again into the same place.
   */
  private async retry(id: string): Promise<void> {
    const job = this.queue.jobOf(id);
    if (!job || job.url !== '') return this.queue.retry(id);
    const state = this.queue.stateOf(id);
    if (state !== 'failed' && state !== 'cancelled' && state !== 'interrupted') return;
    const http = this.http();
    const file = await this.find(http, job.source);
    if (!file.url) {
      throw new AppError('NOT_FOUND', 'The service gives no address for this file, so it cannot be downloaded.');
    }
    const decision = judgeFileUrl(file.url, http.serviceUrl);
    if (decision.kind === 'refuse') throw decision.error;
    this.queue.retry(id, decision.url);
  }

  /**
   * Writes the list to the journal when a download changed state (not for bytes alone). `quitting`:
   * what is under way is written as interrupted. A failed write is logged, never thrown: the list
   * on screen is still right, only a restart would lose it.
   */
  private keep(quitting = false): void {
    const account = this.deps.journal?.account();
    if (!this.journal || this.stopped || !account) return;
    if (this.owner !== undefined && this.owner !== keyOf(account)) return;
    const entries: JournalEntry[] = this.queue.entriesNow().map(({ item, job }) => {
      const { url: _url, ...kept } = job;
      const underWay = item.state === 'queued' || item.state === 'downloading';
      if (!quitting || !underWay) return { item, job: kept };
      const { problem: _problem, bytesTotal: _total, ...rest } = item;
      return { item: { ...rest, state: 'interrupted', bytesReceived: 0 }, job: kept };
    });
    const signature = entries
      .map(
        ({ item }) =>
          `${item.id}:${item.state}:${item.opened ?? ''}:${item.shownBecause ?? ''}:${item.fileMissing ?? ''}`,
      )
      .join(',');
    if (signature === this.journaled) return;
    try {
      if (entries.length === 0) this.journal.remove();
      else this.journal.write(account, entries);
      this.journaled = signature;
    } catch (error) {
      this.deps.log.warn('the downloads list could not be kept for the next start', {
        code: (error as NodeJS.ErrnoException).code ?? 'unknown',
      });
    }
  }

  private forgetJournal(): void {
    try {
      this.journal?.remove();
      this.journaled = '';
    } catch (error) {
      this.deps.log.warn('the downloads list could not be removed', {
        code: (error as NodeJS.ErrnoException).code ?? 'unknown',
      });
    }
  }

  private withNotice(snapshot: DownloadsSnapshot): DownloadsSnapshot {
    return this.journalSetAside ? { ...snapshot, journalSetAside: this.journalSetAside } : snapshot;
  }

  private accountKey(): string | undefined {
    const account = this.deps.journal?.account();
    return account ? keyOf(account) : undefined;
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
  ): Promise<DownloadLanding> {
    const http = this.http();
    const { mark, target } = await downloadToFile({
      url: job.url,
      serviceUrl: http.serviceUrl,
      target: job.target,
      replace: job.action === 'save',
      stream: (url, request) => http.stream(url, request),
      signal,
      onProgress,
      markOfTheWeb: {
        platform: this.deps.platform,
        ...(this.deps.quarantine ? { quarantine: this.deps.quarantine } : {}),
      },
      ...(this.deps.stallTimeoutMs !== undefined ? { stallTimeoutMs: this.deps.stallTimeoutMs } : {}),
    });
    this.deps.log.info('download finished', { source: job.source.kind, action: job.action });
    // Another file took the name while this one downloaded: it landed as "name (n).ext".
    const landing: DownloadLanding = target === job.target ? {} : { target, fileName: baseName(target) };
    if (mark !== 'failed') return landing;
    this.deps.log.warn('a downloaded file could not be marked as from the internet', { action: job.action });
    return { ...landing, unmarked: true };
  }

  private async finished(job: DownloadJob): Promise<OpenOutcome | undefined> {
    if (job.action !== 'open') return undefined;
    return this.openOrShow(job);
  }

  /**
   * Opens a finished file with the system's app, or shows it in its folder: a type that is not on the
   * allow-list (opener-policy.ts), a file the system could not be told came from the internet (it would
   * open without Protected View or Gatekeeper), or a type no app on this computer opens.
   */
  private async openOrShow(job: DownloadJob): Promise<OpenOutcome> {
    const reason: ShownInFolderReason | undefined =
      openDecisionFor(job.fileName) === 'show-in-folder' ? 'file-type' : job.unmarked ? 'not-marked' : undefined;
    if (reason) {
      this.deps.shell.showInFolder(job.target);
      return { opened: 'shown-in-folder', shownBecause: reason };
    }
    const failure = await this.deps.shell.openPath(job.target);
    if (failure) {
      // No app for this type (or the OS refused): the file is saved; show where it is.
      this.deps.log.warn('the system could not open a downloaded file', { reason: failure });
      this.deps.shell.showInFolder(job.target);
      return { opened: 'shown-in-folder', shownBecause: 'no-app' };
    }
    return { opened: 'opened' };
  }
}

const exists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false,
  );

const baseName = (path: string): string => path.split(/[\\/]/).pop() ?? path;

const keyOf = (account: JournalAccount): string => `${account.origin} ${account.userId}`;

/** Removes the temporary files a crash left beside `target` (only ours: see isTempNameFor). */
async function removeLeftovers(target: string): Promise<void> {
  const folder = dirname(target);
  const names = await readdir(folder).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => isTempNameFor(target, name))
      .map((name) => unlink(join(folder, name)).catch(() => undefined)),
  );
}
