import { createHash, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type {
  SessionState,
  UploadItem as UploadItemDto,
  UploadSelection,
  UploadTarget,
  UploadTargetChoice,
  UploadTotals as UploadTotalsDto,
  UploadsProgress,
  UploadsSnapshot,
  UploadAction,
  UploadSettings as UploadSettingsView,
  UploadSettingsPatch,
  VideoOffer,
} from '../../../preload/contract';
import type { ManagedConfig } from '../policy';
import { AppError } from '../app-error';
import type { Logger } from '../log';
import type { SessionService } from '../session/session-service';
import { createCommunitiesApi } from '../../api/communities';
import { createPortfoliosApi } from '../../api/portfolios';
import { AdmittedPaths } from './admitted-paths';
import { DroppedPaths } from './dropped-paths';
import { isImageTarget } from './targets';
import type { NoticeText } from './run-summary-text';
import { UploadQueue } from './upload-queue';
import { UploadSettingsStore } from './settings-store';
import { preparedFolder } from './recovery';
import { Preparer } from '../media/preparer';
import type { MediaJobs } from '../media/media-jobs';
import { UploadPreparation } from '../media/upload-preparation';
import { videoOffer } from '../media/video-offer';
import { probeVideo } from '../media/video-probe';
import type { CheckedFile } from './pre-checks';
import type { Notifier, PowerBlocker, PowerSource, ProgressSink, UploadItemView, UploadTotals } from './types';

/** Several files, one folder, or (for the picture targets) one image file. */
export type UploadDialogMode = 'files' | 'folder' | 'image';

/**
 * What Electron provides for uploads: keep the computer awake, taskbar progress, native notifications,
 * and whether the computer is on battery (absent: always on mains).
 */
export interface UploadShell {
  power: PowerBlocker;
  taskbar: ProgressSink;
  notifier: Notifier;
  powerSource?: PowerSource;
  /** Any other short notice about uploads (watched folders: "3 new recordings queued from Lessons"). */
  notice?: (text: NoticeText) => void;
}

export interface UploadsFeatureDeps {
  session: SessionService;
  dataFolder: string;
  log: Logger;
  /** Native dialogs (`image`: one picture file); undefined when cancelled. */
  choosePaths: (mode: UploadDialogMode) => Promise<string[] | undefined>;
  shell: UploadShell;
  emit: (progress: UploadsProgress) => void;
  /** The organisation's policy (size limit, files at once, allowed types); absent: none. */
  managed?: ManagedConfig;
  /** The page's preparation worker (issue 29); absent: every video goes as it is. */
  mediaJobs?: MediaJobs;
  /** The operating system's "online again" signal: waiting uploads probe at once. */
  network?: { onOnline(listener: () => void): () => void };
  /** Told when an account's queue has started and before it stops (watched folders feed it). */
  accountQueue?: {
    started(account: {
      queue: UploadQueue;
      admitted: AdmittedPaths;
      dataFolder: string;
      userId: number | undefined;
    }): Promise<void>;
    stopping(): Promise<void>;
  };
}

/** Only what the page needs of an item: no absolute path, no internal bookkeeping. */
const toItemDto = (item: UploadItemView): UploadItemDto => ({
  id: item.id,
  batchId: item.batchId,
  target: item.target,
  displayPath: item.displayPath,
  fileName: item.fileName,
  contentType: item.contentType,
  size: item.size,
  state: item.state,
  attempts: item.attempts,
  bytesSent: item.bytesSent,
  ...(item.bytesPerSecond !== undefined ? { bytesPerSecond: item.bytesPerSecond } : {}),
  ...(item.secondsLeft !== undefined ? { secondsLeft: item.secondsLeft } : {}),
  ...(item.problem ? { problem: item.problem } : {}),
  ...(item.prepare ? { prepare: item.prepare } : {}),
  ...(item.preparedFraction !== undefined ? { preparedFraction: item.preparedFraction } : {}),
  ...(item.preparedSize !== undefined ? { preparedSize: item.preparedSize } : {}),
  ...(item.sentAsIs ? { sentAsIs: item.sentAsIs } : {}),
  ...(item.retryAt !== undefined ? { retryAt: item.retryAt } : {}),
  createdAt: item.createdAt,
  ...(item.finishedAt !== undefined ? { finishedAt: item.finishedAt } : {}),
});

const toTotalsDto = (totals: UploadTotals): UploadTotalsDto => ({
  counts: totals.counts,
  bytesTotal: totals.bytesTotal,
  bytesDone: totals.bytesDone,
  bytesPerSecond: totals.bytesPerSecond,
  secondsLeft: totals.secondsLeft,
  active: totals.active,
  waitingForNetwork: totals.waitingForNetwork,
  ...(totals.waitingFor ? { waitingFor: totals.waitingFor } : {}),
});

interface AccountQueue {
  key: string;
  queue: UploadQueue;
  admitted: AdmittedPaths;
  unsubscribe: () => void;
}

/**
 * Uploads in the running app. Each signed-in account has its own queue and journal (so one
 * account's files never go up under another's session, and nothing is lost by signing out: the
 * queue waits for that account's next sign-in). Paths come only from main's dialogs or a drop the
 * preload registered; a selection is checked, shown, and confirmed by id, so absolute paths never
 * reach the page, and the page never hands one to main.
 */
export class UploadsService {
  private current?: AccountQueue;
  private switching: Promise<void> = Promise.resolve();
  private readonly selections = new Map<string, { target: UploadTarget; paths: string[] }>();
  /** Drops the preload registered, waiting for the page to name them (dropped-paths.ts). */
  private readonly dropped = new DroppedPaths();
  private readonly totalsListeners = new Set<() => void>();
  /** One for the computer, shared by every account's queue (`<dataFolder>/upload-settings.json`). */
  private readonly settingsStore: UploadSettingsStore;
  /** Whether and how videos are made smaller before sending (policy; issue 29). */
  private readonly preparation: UploadPreparation;

  constructor(private readonly deps: UploadsFeatureDeps) {
    this.preparation = new UploadPreparation(deps.managed);
    this.settingsStore = new UploadSettingsStore({
      dataFolder: deps.dataFolder,
      ...(deps.managed ? { managed: deps.managed } : {}),
    });
  }

  /** Follows the session: a queue per account, started on sign-in and stopped on sign-out. */
  follow(state: SessionState): Promise<void> {
    const key =
      state.status === 'signed-in' && state.user
        ? createHash('sha256').update(`${state.connection.serviceUrl}|${state.user.id}`).digest('hex').slice(0, 24)
        : undefined;
    this.switching = this.switching
      .then(() => this.switchTo(key))
      .catch((error: unknown) => {
        this.deps.log.error('Upload queue could not follow the session', {
          error: error instanceof Error ? error.message : String(error),
        });
      });
    return this.switching;
  }

  private async switchTo(key: string | undefined): Promise<void> {
    if (this.current?.key === key) return;
    if (this.current) {
      const ending = this.current;
      this.current = undefined;
      this.selections.clear();
      this.dropped.clear();
      ending.unsubscribe();
      await this.deps.accountQueue?.stopping();
      ending.admitted.clear();
      await ending.queue.stop();
    }
    if (!key) {
      this.notifyTotals();
      return;
    }
    const { session } = this.deps;
    const admitted = new AdmittedPaths();
    const accountFolder = join(this.deps.dataFolder, 'accounts', key);
    const { mediaJobs } = this.deps;
    const queue = new UploadQueue({
      dataFolder: accountFolder,
      ...(mediaJobs
        ? {
            preparer: new Preparer({
              jobs: mediaJobs,
              folder: preparedFolder(accountFolder),
              target: () => this.preparation.target(),
            }),
          }
        : {}),
      // The session's own connection: the same proxy, trust, bearer and refresh as every other call.
      connection: () => (session.state().status === 'signed-in' ? session.http() : undefined),
      admitted,
      settings: () => this.settingsStore.forQueue(),
      ...(this.deps.network ? { network: this.deps.network } : {}),
      log: this.deps.log,
      power: this.deps.shell.power,
      taskbar: this.deps.shell.taskbar,
      notifier: this.deps.shell.notifier,
      ...(this.deps.shell.powerSource ? { powerSource: this.deps.shell.powerSource } : {}),
    });
    const unsubscribe = queue.onProgress((event) => {
      // A new picture of one's own shows wherever the session's summary of the user is used.
      if (event.changed.some((item) => item.target.kind === 'user-picture' && item.state === 'done')) {
        session.reloadProfile().catch((error: unknown) => {
          this.deps.log.warn('The profile could not be read again after a new picture', {
            error: error instanceof Error ? error.message : String(error),
          });
        });
      }
      this.deps.emit({
        totals: toTotalsDto(event.totals),
        changed: event.changed.map(toItemDto),
        removed: event.removed,
      });
      this.notifyTotals();
    });
    this.current = { key, queue, admitted, unsubscribe };
    await queue.start();
    // Items that stopped because the last session ended carry on now; ones the user paused stay paused.
    for (const item of queue.list()) {
      if (item.state === 'paused' && item.pausedBy === 'signed-out') queue.resume(item.id);
    }
    await this.deps.accountQueue?.started({
      queue,
      admitted,
      dataFolder: accountFolder,
      userId: session.state().user?.id,
    });
    this.notifyTotals();
  }

  private queue(): AccountQueue {
    if (!this.current) throw new AppError('UNAUTHENTICATED', 'Sign in to upload files.');
    return this.current;
  }

  totals(): UploadTotalsDto | undefined {
    return this.current ? toTotalsDto(this.current.queue.totals()) : undefined;
  }

  onTotalsChange(listener: () => void): () => void {
    this.totalsListeners.add(listener);
    return () => this.totalsListeners.delete(listener);
  }

  private notifyTotals(): void {
    for (const listener of this.totalsListeners) listener();
  }

  /**
   * Where the Uploads page can send files: the signed-in person's groups (the first is the page's
   * default), their own portfolios (only a portfolio's creator may add files), and their own file
   * area. Pictures are chosen on their own pages.
   */
  async targets(): Promise<UploadTargetChoice[]> {
    this.queue();
    const { session } = this.deps;
    const http = session.http();
    const [groups, portfolios] = await Promise.all([
      createCommunitiesApi(http).listMyCommunities({ pageSize: 100 }),
      createPortfoliosApi(http).listPortfoliosV2({ createdByMe: true }),
    ]);
    const me = session.state().user;
    return [
      ...groups.items.map((group) => ({ target: { kind: 'community' as const, id: group.id }, label: group.name })),
      ...portfolios.map((portfolio) => ({
        target: { kind: 'portfolio' as const, id: portfolio.id },
        label: portfolio.title,
      })),
      ...(me
        ? [{ target: { kind: 'generic' as const, id: me.id }, label: `${me.firstName} ${me.lastName}`.trim() }]
        : []),
    ];
  }

  async choose(target: UploadTarget, mode: 'files' | 'folder'): Promise<UploadSelection | null> {
    const { admitted } = this.queue();
    const paths = await this.deps.choosePaths(isImageTarget(target) ? 'image' : mode);
    if (!paths || paths.length === 0) return null;
    admitted.admit(paths, 'dialog');
    return this.select(target, paths);
  }

  /**
   * The preload saw files dropped on the window (a real drop, not one a page script made): their
   * paths are kept under a one-time id, which the page then names in `drop`.
   */
  registerDrop(paths: string[]): { dropId: string } {
    return { dropId: this.dropped.register(paths) };
  }

  /** Files dropped on the window, named by the id the preload got for them; never by paths from the page. */
  async drop(target: UploadTarget, dropId: string): Promise<UploadSelection> {
    const { admitted } = this.queue();
    const paths = this.dropped.take(dropId);
    admitted.admit(paths, 'drop');
    return this.select(target, paths);
  }

  /** In `offer` mode, what a chosen video says about itself and what the smaller copy would weigh. */
  private async offerFor(file: CheckedFile): Promise<VideoOffer | undefined> {
    if (this.preparation.mode() !== 'offer' || !file.contentType.startsWith('video/') || file.problems.length) {
      return undefined;
    }
    return videoOffer(await probeVideo(file.path), this.preparation.target());
  }

  private async select(target: UploadTarget, paths: string[]): Promise<UploadSelection> {
    const report = await this.queue().queue.check({ target, paths });
    const selectionId = randomUUID();
    this.selections.set(selectionId, { target, paths });
    return {
      selectionId,
      target,
      files: await Promise.all(
        report.files.map(async (file) => {
          const video = await this.offerFor(file);
          return {
            displayPath: file.displayPath,
            fileName: file.fileName,
            size: file.size,
            contentType: file.contentType,
            problems: file.problems,
            ...(video ? { video } : {}),
          };
        }),
      ),
      skipped: report.skipped.map((entry) => ({ displayPath: entry.displayPath, reason: entry.reason })),
    };
  }

  /**
   * A file the app made (a finished recording, issue 30) for the signed-in person's My files, so that it
   * becomes one of their videos. It goes through the same queue as a chosen file (checks, preparation,
   * retries, journal); the newest item already holding this file is answered instead of queuing it twice.
   */
  async enqueueOwn(path: string): Promise<UploadItemDto> {
    const { queue, admitted } = this.queue();
    const known = queue.findByPath(path);
    if (known && known.state !== 'cancelled') return toItemDto(known);
    const me = this.deps.session.state().user;
    if (!me) throw new AppError('UNAUTHENTICATED', 'Sign in to upload files.');
    admitted.admit([path], 'app');
    const result = await queue.enqueue({ target: { kind: 'generic', id: me.id }, paths: [path] });
    const item = result.queued[0];
    if (!item) {
      const problem = result.refused[0]?.problems[0];
      throw new AppError(problem?.code ?? 'FILE_PROBLEM', problem?.message ?? 'The recording could not be queued.');
    }
    return toItemDto(item);
  }

  /** An item of the signed-in person's queue by id, or undefined (another account's, or cleared). */
  item(id: string): UploadItemView | undefined {
    return this.current?.queue.item(id);
  }

  /** Retries one failed item (an app-owned file's pipeline asks after the person said "try again"). */
  retryItem(id: string): void {
    this.current?.queue.retry(id);
  }

  async confirm(
    selectionId: string,
    options: { prepare?: string[] } = {},
  ): Promise<{ queued: number; refused: number }> {
    const selection = this.selections.get(selectionId);
    if (!selection) throw new AppError('NOT_FOUND', 'That selection has expired. Please choose the files again.');
    this.selections.delete(selectionId);
    const result = await this.queue().queue.enqueue({
      ...selection,
      prepare: this.preparation.chooser(new Set(options.prepare)),
    });
    return { queued: result.queued.length, refused: result.refused.length };
  }

  discard(selectionId: string): null {
    this.selections.delete(selectionId);
    return null;
  }

  list(): UploadsSnapshot {
    if (!this.current) {
      return {
        items: [],
        totals: {
          counts: {
            queued: 0,
            checking: 0,
            preparing: 0,
            uploading: 0,
            reconciling: 0,
            paused: 0,
            done: 0,
            failed: 0,
            cancelled: 0,
          },
          bytesTotal: 0,
          bytesDone: 0,
          bytesPerSecond: 0,
          secondsLeft: null,
          active: false,
          waitingForNetwork: false,
        },
      };
    }
    const snapshot = this.current.queue.snapshot();
    return { items: snapshot.items.map(toItemDto), totals: toTotalsDto(snapshot.totals) };
  }

  control(action: UploadAction, id?: string): null {
    const { queue } = this.queue();
    const one = { pause: queue.pause, resume: queue.resume, cancel: queue.cancel, retry: queue.retry }[action];
    const all = { pause: queue.pauseAll, resume: queue.resumeAll, cancel: queue.cancelAll, retry: queue.retryAll }[
      action
    ];
    if (id === undefined) all.call(queue);
    else one.call(queue, id);
    return null;
  }

  clearHistory(): number {
    return this.queue().queue.clearHistory();
  }

  /** Settings belong to the computer: readable and changeable signed out too. */
  getSettings(): UploadSettingsView {
    return this.settingsStore.get();
  }

  /** Saves the settings and applies them to the running queue at once. */
  setSettings(patch: UploadSettingsPatch): UploadSettingsView {
    const settings = this.settingsStore.update(patch);
    this.current?.queue.settingsChanged();
    return settings;
  }

  async stop(): Promise<void> {
    await this.switchTo(undefined);
  }
}

export interface UploadsFeature {
  service: UploadsService;
  start(): Promise<void>;
  stop(): Promise<void>;
  totals(): UploadTotalsDto | undefined;
  onTotalsChange(listener: () => void): () => void;
}

export function composeUploads(deps: UploadsFeatureDeps): UploadsFeature {
  const service = new UploadsService(deps);
  let unsubscribe: (() => void) | undefined;
  return {
    service,
    async start() {
      unsubscribe = deps.session.onChange((state) => void service.follow(state));
      await service.follow(deps.session.state());
    },
    async stop() {
      unsubscribe?.();
      await service.stop();
    },
    totals: () => service.totals(),
    onTotalsChange: (listener) => service.onTotalsChange(listener),
  };
}
