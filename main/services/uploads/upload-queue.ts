import PQueue from 'p-queue';
import { randomUUID } from 'node:crypto';
import { basename, join } from 'node:path';
import { uploadSettingsDefaults, uploadTargetKinds } from '../../../preload/contract';
import { AppError } from '../app-error';
import type { Logger } from '../log';
import type { AdmittedPaths } from './admitted-paths';
import { expandPaths, type SkippedEntry } from './folder-expansion';
import { FileLister, ListUnavailable } from './file-lister';
import { UploadJournal, type JournalDamage } from './journal';
import { decide, signedOutProblem, type Decision } from './outcome';
import { checkFile, recheckBeforeSend, type CheckedFile } from './pre-checks';
import { findUploaded } from './reconcile';
import { NetworkGate } from './network-gate';
import { defaultRetryPolicy, retryDelay, type RetryPolicy } from './retry-policy';
import { activeStates, RunTracker } from './run-tracker';
import { BandwidthLimiter, type LimiterClock } from './bandwidth';
import { StartGate, systemGateClock, type GateClock } from './start-gate';
import type { TimeWindow } from '../policy/kinds';
import { resendIsHarmless, sameTarget } from './targets';
import { Throttle } from './throttle';
import { UploadSender } from './upload-sender';
import {
  finishedStates,
  alwaysOnMains,
  type Notifier,
  type PowerBlocker,
  type PowerSource,
  type ProgressSink,
  type UploadConnection,
  type UploadItem,
  type UploadItemView,
  type UploadProblem,
  type UploadProgressEvent,
  type UploadState,
  type UploadTarget,
  type UploadHold,
  type UploadTotals,
} from './types';

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
}

/** What the renderer sends to check or enqueue: paths from a dialog or a drop (files or folders). */
export interface UploadRequest {
  target: UploadTarget;
  paths: string[];
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

type AbortReason = 'pause' | 'cancel' | 'signed-out' | 'stop';

interface Running {
  controller: AbortController;
  reason: AbortReason | undefined;
  /** Resumed while its paused attempt was still winding down. */
  resumeWanted?: boolean;
}

const targetKinds: ReadonlySet<string> = new Set(uploadTargetKinds);

/**
 * The durable upload queue (issue 5). Files are checked, queued, sent `concurrency` at a time,
 * retried with backoff when the network or the service may do better, and every state change is
 * journaled, so after a quit, a crash or a kill the queue comes back; a file that may already be on
 * the service is looked for in the target's list before it is sent again.
 */
export class UploadQueue {
  private readonly tuning: UploadTuning;
  private readonly clock: { now(): number };
  private readonly random: () => number;
  private readonly items = new Map<string, UploadItem>();
  /** Queued and reconciling items in the order they will be tried. */
  private readonly waiting = new Set<string>();
  private readonly running = new Map<string, Running>();
  private readonly bytesSent = new Map<string, number>();
  private readonly changed = new Set<string>();
  private removed: string[] = [];
  private readonly listeners = new Set<(event: UploadProgressEvent) => void>();
  private readonly pq = new PQueue({ concurrency: defaultUploadSettings.concurrency });
  private readonly tracker: RunTracker;
  private readonly throttle: Throttle;
  private readonly sender: UploadSender;
  private readonly lister: FileLister;
  private readonly limiter: BandwidthLimiter;
  private readonly gate: StartGate;
  /** Why queued files wait now (schedule, battery); undefined while they may start. */
  private hold: UploadHold | undefined;
  /** The power blocker was let go because files only wait (see applyHold). */
  private powerReleased = false;
  private journal: UploadJournal | undefined;
  private wakeTimer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private readonly networkGate: NetworkGate;
  private readonly offOnline: () => void;

  constructor(private readonly deps: UploadQueueDeps) {
    this.tuning = { ...defaultUploadTuning, ...deps.tuning };
    this.clock = deps.clock ?? { now: Date.now };
    this.random = deps.random ?? Math.random;
    this.tracker = new RunTracker(this.tuning.speedWindowMs);
    this.throttle = new Throttle(
      this.tuning.eventIntervalMs,
      () => this.emit(),
      () => this.clock.now(),
    );
    this.limiter = new BandwidthLimiter(deps.limiterClock);
    this.gate = new StartGate({
      rules: () => this.deps.settings(),
      power: deps.powerSource ?? alwaysOnMains,
      clock: deps.scheduleClock ?? systemGateClock,
      reopened: () => this.pump(),
    });
    this.sender = new UploadSender({
      connection: deps.connection,
      stallTimeoutMs: this.tuning.stallTimeoutMs,
      budget: this.limiter,
    });
    this.lister = new FileLister({ connection: deps.connection });
    this.networkGate = new NetworkGate({
      // Signed out: nothing to wait for here; the sign-out path parks the files.
      probe: async () => (await deps.connection()?.reachable()) ?? true,
      onChange: (down) => {
        this.deps.log.info(down ? 'Uploads wait for the network' : 'The network is back; uploads carry on');
        this.throttle.request();
        if (!down) this.pump();
      },
      probeMs: this.tuning.networkProbeMs,
    });
    this.offOnline = deps.network?.onOnline(() => this.networkGate.osOnline()) ?? (() => undefined);
  }

  /** Loads the journal and carries on where the last session stopped. */
  async start(): Promise<void> {
    if (this.journal) return;
    const now = this.clock.now();
    const { journal, items, damage } = UploadJournal.open(join(this.deps.dataFolder, 'uploads'), {
      now: () => this.clock.now(),
      // Before the journal is rewritten, so the rewritten journal already says what to check.
      recover: (item, recordMayBeLost) => this.recover(item, now, recordMayBeLost),
    });
    this.journal = journal;
    for (const item of items) {
      this.items.set(item.id, item);
      this.tracker.moved(undefined, item.state);
      if (item.state === 'queued' || item.state === 'reconciling') this.waiting.add(item.id);
    }
    if (damage) this.reportDamage(damage);
    const resumed = items.filter((item) => activeStates.has(item.state));
    for (const item of resumed) this.joinRun(item);
    if (resumed.length > 0) this.deps.log.info('Upload queue resumed', { items: resumed.length });
    this.pump();
  }

  /** Checks chosen files and folders before anything is sent; nothing is queued. */
  async check(request: UploadRequest): Promise<CheckReport> {
    const target = validTarget(request.target);
    const paths = this.admittedPaths(request.paths);
    const { files, skipped } = await expandPaths(paths, { maxFiles: this.tuning.maxFilesPerRequest });
    const { maxFileBytes, allowedExtensions } = this.deps.settings();
    const limits = { maxFileBytes, ...(allowedExtensions ? { allowedExtensions } : {}) };
    const checked = await mapLimit(files, 8, (file) => checkFile(file, target, limits));
    for (const file of checked) {
      if (file.problems.length === 0 && this.alreadyWaiting(file.path, target)) {
        file.problems.push({
          code: 'CONFLICT',
          message: 'This file is already waiting to be uploaded here.',
          text: { key: 'uploads.problems.alreadyWaiting' },
        });
      }
    }
    return { target, files: checked, skipped };
  }

  /** Checks again and queues every file without problems, as one batch. */
  async enqueue(request: UploadRequest): Promise<EnqueueResult> {
    const journal = this.requireStarted();
    const report = await this.check(request);
    const batchId = randomUUID();
    const now = this.clock.now();
    const queued: UploadItem[] = [];
    for (const file of report.files) {
      if (file.problems.length > 0) continue;
      const item: UploadItem = {
        id: randomUUID(),
        batchId,
        target: report.target,
        path: file.path,
        displayPath: file.displayPath,
        fileName: file.fileName,
        contentType: file.contentType,
        size: file.size,
        mtimeMs: file.mtimeMs,
        state: 'queued',
        attempts: 0,
        automaticRetries: 0,
        createdAt: now,
      };
      this.items.set(item.id, item);
      this.tracker.moved(undefined, 'queued');
      journal.put(item);
      queued.push(item);
    }
    journal.compactIfDue(this.items.size, () => this.items.values());
    for (const item of queued) {
      this.joinRun(item);
      this.waiting.add(item.id);
      this.changed.add(item.id);
    }
    if (queued.length > 0) this.deps.log.info('Uploads queued', { batchId, files: queued.length });
    this.throttle.request();
    this.pump();
    return {
      batchId,
      queued: queued.map((item) => this.view(item)),
      refused: report.files.filter((file) => file.problems.length > 0),
      skipped: report.skipped,
    };
  }

  pause(id: string): void {
    this.pauseItem(this.requireItem(id), 'user');
    this.afterUserAction();
  }

  resume(id: string): void {
    this.resumeItem(this.requireItem(id));
    this.afterUserAction();
  }

  cancel(id: string): void {
    this.cancelItem(this.requireItem(id));
    this.afterUserAction();
  }

  /** A failed or cancelled item is tried again; one waiting for an automatic retry is tried now. */
  retry(id: string): void {
    this.retryItem(this.requireItem(id));
    this.afterUserAction();
  }

  pauseAll(): void {
    for (const item of this.items.values()) this.pauseItem(item, 'user');
    this.afterUserAction();
  }

  resumeAll(): void {
    for (const item of this.items.values()) this.resumeItem(item);
    this.afterUserAction();
  }

  cancelAll(): void {
    for (const item of this.items.values()) this.cancelItem(item);
    this.afterUserAction();
  }

  /** Tries every failed item again. */
  retryAll(): void {
    for (const item of this.items.values()) if (item.state === 'failed') this.retryItem(item);
    this.afterUserAction();
  }

  /** Forgets finished items (done, failed, cancelled). */
  clearHistory(): number {
    const journal = this.requireStarted();
    const ids = [...this.items.values()].filter((item) => finishedStates.has(item.state)).map((item) => item.id);
    for (const id of ids) {
      this.tracker.moved(this.items.get(id)!.state, undefined);
      this.items.delete(id);
      this.changed.delete(id);
    }
    journal.remove(ids);
    journal.compactIfDue(this.items.size, () => this.items.values());
    this.removed.push(...ids);
    this.throttle.request();
    return ids.length;
  }

  list(): UploadItemView[] {
    return [...this.items.values()].map((item) => this.view(item));
  }

  totals(): UploadTotals {
    const moving = this.tracker.totals(this.items, this.bytesSent, this.clock.now());
    // While the network is gone nothing moves: no speed from before the drop, no time left to promise.
    const totals = this.networkGate.down
      ? { ...moving, bytesPerSecond: 0, secondsLeft: null, waitingForNetwork: true }
      : { ...moving, waitingForNetwork: false };
    return this.hold && this.hasFilesToStart() ? { ...totals, waitingFor: this.hold } : totals;
  }

  snapshot(): UploadSnapshot {
    return { items: this.list(), totals: this.totals() };
  }

  /**
   * The settings changed: more files may go at once now. With fewer allowed, files already being
   * sent finish (cutting one off would throw its bytes away) and no new one starts until the count
   * is below the new limit. A new size limit applies to files chosen from now on. A new bandwidth
   * limit applies to the files being sent at once; a schedule or power rule to files not yet started
   * (files already being sent finish, for the same reason as above).
   */
  settingsChanged(): void {
    this.pump();
  }

  /** Progress events, at most one per `eventIntervalMs`; answers an unsubscribe function. */
  onProgress(listener: (event: UploadProgressEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Stops sending (app quit): requests in flight are cut off and left as they are in the journal,
   * so the next start reconciles them. Waits until every attempt has wound down.
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.wakeTimer);
    this.gate.dispose();
    this.networkGate.dispose();
    this.offOnline();
    for (const running of this.running.values()) this.abort(running, 'stop');
    // Bodies waiting for their share of the bandwidth go now, see that their request is gone, and end.
    this.limiter.dispose();
    await this.pq.onIdle();
    this.throttle.flushNow();
    this.throttle.dispose();
    if (this.tracker.running) {
      if (!this.powerReleased) this.deps.power.stop();
      this.deps.taskbar.setProgress(null);
    }
    this.journal?.close();
    this.journal = undefined;
  }

  // --- scheduling -------------------------------------------------------------------------------

  private pump(): void {
    if (this.stopped || !this.journal) return;
    const settings = this.deps.settings();
    const concurrency = Math.min(16, Math.max(1, Math.floor(settings.concurrency) || 1));
    if (this.pq.concurrency !== concurrency) this.pq.concurrency = concurrency;
    this.limiter.setLimit(settings.bandwidthBytesPerSecond ?? 0);
    this.applyHold(this.gate.hold());
    // No file starts while the network is down; the network gate pumps when it is back.
    if (this.networkGate.down) return;
    const now = this.clock.now();
    let earliest = Number.POSITIVE_INFINITY;
    for (const id of this.hold ? [] : this.waiting) {
      if (this.running.size >= concurrency) break;
      // An attempt that scheduled its own retry is still winding down: not twice at once.
      if (this.running.has(id)) continue;
      const item = this.items.get(id)!;
      if (item.retryAt !== undefined && item.retryAt > now) {
        earliest = Math.min(earliest, item.retryAt);
        continue;
      }
      this.waiting.delete(id);
      const running: Running = { controller: new AbortController(), reason: undefined };
      this.running.set(id, running);
      this.pq
        .add(() => this.attempt(item, running))
        .catch((error: unknown) => {
          this.deps.log.error('Upload attempt crashed', { item: item.displayPath, error: String(error) });
          this.finish(item, 'failed', {
            code: 'INTERNAL',
            message: 'Something went wrong in the app while sending this file.',
            text: { key: 'uploads.problems.internal' },
          });
        })
        .finally(() => {
          this.running.delete(id);
          this.bytesSent.delete(id);
          this.pump();
          this.checkRunEnd();
        });
    }
    clearTimeout(this.wakeTimer);
    this.wakeTimer = undefined;
    if (Number.isFinite(earliest)) {
      this.wakeTimer = setTimeout(() => this.pump(), Math.max(0, earliest - now) + 5);
    }
  }

  /**
   * Files wait (not fail) while the schedule or the power rule holds them. A computer that only
   * waits needs no keeping awake: the power blocker is released while nothing is being sent, and
   * taken again when files start.
   */
  private applyHold(hold: UploadHold | undefined): void {
    const release = hold !== undefined && this.tracker.running && this.running.size === 0;
    if (release && !this.powerReleased) this.deps.power.stop();
    if (!release && this.powerReleased && this.tracker.running) this.deps.power.start();
    this.powerReleased = release;
    const before = this.hold;
    this.hold = hold;
    if (JSON.stringify(before) === JSON.stringify(hold)) return;
    if (hold) this.deps.log.info('Uploads wait', { for: hold.waiting });
    else this.deps.log.info('Uploads may start again');
    this.throttle.request();
  }

  private hasFilesToStart(): boolean {
    for (const id of this.waiting) if (!this.running.has(id)) return true;
    return false;
  }

  /** One go at an item: reconcile if needed, re-check the file, send, and act on the outcome. */
  private async attempt(item: UploadItem, running: Running): Promise<void> {
    if (item.uncertainSince !== undefined) {
      const verdict = await this.reconcile(item, running.controller.signal);
      if (verdict === 'found') return;
      if (running.reason) {
        this.waiting.delete(item.id);
        return this.afterAbort(item, running, false);
      }
      if (verdict === 'unknown') return;
    }
    this.transition(item, 'checking');
    const problem = await recheckBeforeSend(item);
    if (running.reason) return this.afterAbort(item, running, false);
    if (problem) return this.finish(item, 'failed', problem);

    // The record of this attempt is written now (a crashed or killed app finds it: the next start
    // reconciles) and flushed to disk while the file streams; the body's last bytes wait for the
    // flush, so even after a power cut the service cannot hold a file the journal does not know was
    // on its way. (Waiting for the flush before the first byte cost a slot up to a second per file
    // while the disk was busy storing the previous uploads.)
    item.attempts += 1;
    item.attemptStartedAt = this.clock.now();
    item.retryAt = undefined;
    this.transition(item, 'uploading');
    const durable = this.journal?.sync() ?? Promise.resolve();
    durable.catch(() => undefined); // awaited below, after the attempt

    const outcome = await this.sender.send({
      target: item.target,
      path: item.path,
      fileName: item.fileName,
      contentType: item.contentType,
      size: item.size,
      signal: running.controller.signal,
      onProgress: (bytes) => this.progress(item, bytes),
      durable,
    });
    // A journal that cannot be flushed is the app's failure, not the network's: the attempt was cut
    // off before its body was complete, and the item fails as it did when the flush came first.
    await durable;
    if (this.stopped) return;
    const decision = decide(outcome, this.clock.now());
    if (decision.action === 'aborted') return this.afterAbort(item, running, decision.reconcileFirst);
    const noAnswer = outcome.kind === 'network' || outcome.kind === 'stalled';
    if (decision.action === 'retry' && noAnswer && !(await this.networkGate.noAnswer())) {
      if (this.stopped) return;
      return this.waitForNetwork(item, decision.reconcileFirst);
    }
    this.act(item, decision);
  }

  /**
   * Nothing answered and a probe says the network is gone: the file waits, its retries untouched,
   * until the gate opens again (however long that takes). A file whose body had left is asked for in
   * the target's list first, as after any uncertain attempt.
   */
  private waitForNetwork(item: UploadItem, reconcileFirst: boolean): void {
    if (reconcileFirst) markUncertain(item);
    item.retryAt = undefined;
    item.problem = {
      code: 'UNREACHABLE',
      message: 'Waiting for the network. The upload carries on by itself when it is back.',
      text: { key: 'uploads.problems.waitingForNetwork' },
    };
    this.wait(item);
  }

  private act(item: UploadItem, decision: Exclude<Decision, { action: 'aborted' }>): void {
    switch (decision.action) {
      case 'done':
        item.remoteFileId = decision.remoteFileId;
        item.confirmedBy = 'answer';
        item.uncertainSince = undefined;
        return this.finish(item, 'done', undefined);
      case 'fail':
        return this.finish(item, 'failed', decision.problem);
      case 'signed-out':
        return this.signedOut(item);
      case 'retry': {
        if (decision.reconcileFirst) markUncertain(item);
        if (item.automaticRetries >= this.tuning.retry.maxAutomaticRetries) {
          this.deps.log.warn('Upload gave up after retries', { item: item.displayPath, code: decision.problem.code });
          return this.finish(item, 'failed', decision.problem);
        }
        item.automaticRetries += 1;
        let delay = retryDelay(item.automaticRetries, decision.retryAfterMs, this.tuning.retry, this.random);
        if (item.uncertainSince !== undefined) delay = Math.max(delay, this.tuning.reconcileSettleMs);
        item.retryAt = this.clock.now() + delay;
        item.problem = decision.problem;
        return this.wait(item);
      }
    }
  }

  /** Looks for an uncertain upload in the target's list: 'found' (done), 'absent' (send again) or 'unknown' (wait). */
  private async reconcile(item: UploadItem, signal: AbortSignal): Promise<'found' | 'absent' | 'unknown'> {
    if (resendIsHarmless(item.target)) {
      item.uncertainSince = undefined;
      return 'absent';
    }
    this.transition(item, 'reconciling');
    let remote;
    try {
      remote = await this.lister.list(item.target, signal);
    } catch (error) {
      if (this.stopped || signal.aborted) return 'unknown';
      if (error instanceof ListUnavailable && error.reason === 'signed-out') {
        this.signedOut(item);
        return 'unknown';
      }
      if (
        error instanceof ListUnavailable &&
        error.reason === 'status' &&
        (error.status === 403 || error.status === 404)
      ) {
        this.finish(item, 'failed', {
          code: error.status === 403 ? 'FORBIDDEN' : 'NOT_FOUND',
          message:
            'The place you are uploading to can no longer be read, so the app cannot tell whether this file arrived.',
          text: { key: 'uploads.problems.targetUnreadable' },
        });
        return 'unknown';
      }
      if (error instanceof ListUnavailable && error.reason === 'network' && !(await this.networkGate.noAnswer())) {
        if (!this.stopped) this.waitForNetwork(item, true);
        return 'unknown';
      }
      this.act(item, {
        action: 'retry',
        problem: {
          code: 'UNREACHABLE',
          message: 'The app is checking whether this file arrived and will try again.',
          text: { key: 'uploads.problems.checkingArrival' },
        },
        retryAfterMs: undefined,
        reconcileFirst: true,
      });
      return 'unknown';
    }
    if (this.stopped) return 'unknown';
    if (remote === undefined) {
      // The generic file area has no list: rather than risk a second copy, ask the user.
      item.uncertainSince = undefined;
      this.finish(item, 'failed', {
        code: 'UNREACHABLE',
        message:
          'The connection broke after the file was sent, and the service cannot be asked whether it arrived. Check your files, then retry if it is missing.',
        text: { key: 'uploads.problems.arrivalUnknown' },
      });
      return 'unknown';
    }
    const claimed = new Set<number>();
    for (const other of this.items.values()) {
      if (other.id !== item.id && other.remoteFileId !== undefined && sameTarget(other.target, item.target)) {
        claimed.add(other.remoteFileId);
      }
    }
    const found = findUploaded(
      remote,
      { fileName: item.fileName, size: item.size, since: item.uncertainSince! },
      claimed,
      this.tuning.clockSkewMs,
    );
    if (found) {
      item.remoteFileId = found.id;
      item.confirmedBy = 'list';
      item.uncertainSince = undefined;
      this.deps.log.info('Upload found on the service after an interruption', { item: item.displayPath });
      this.finish(item, 'done', undefined);
      return 'found';
    }
    item.uncertainSince = undefined;
    this.persist(item);
    return 'absent';
  }

  private afterAbort(item: UploadItem, running: Running, bodySent: boolean): void {
    const reason = running.reason ?? 'stop';
    if (reason === 'stop') return; // the journal keeps the item as it was; the next start sorts it out
    if (finishedStates.has(item.state)) return;
    if (bodySent) {
      markUncertain(item);
      item.retryAt = this.clock.now() + this.tuning.reconcileSettleMs;
    }
    if (reason === 'cancel') return this.finish(item, 'cancelled', undefined);
    if (reason === 'pause' && running.resumeWanted) return this.wait(item);
    item.pausedBy = reason === 'signed-out' ? 'signed-out' : 'user';
    if (reason === 'signed-out') item.problem = signedOutProblem;
    this.transition(item, 'paused');
  }

  /** Signed out (a 401 survived the refresh): everything waits for the user to sign in again. */
  private signedOut(item: UploadItem): void {
    const first = !this.hasSignedOutPause();
    item.pausedBy = 'signed-out';
    item.problem = signedOutProblem;
    this.transition(item, 'paused');
    for (const other of this.items.values()) this.pauseItem(other, 'signed-out');
    if (first) {
      this.deps.log.warn('Uploads paused: signed out');
      this.deps.notifier.needsAttention({ ...this.tracker.summarise(this.items), waitingForSignIn: true });
    }
  }

  // --- item actions -------------------------------------------------------------------------------

  private pauseItem(item: UploadItem, by: 'user' | 'signed-out'): void {
    if (!activeStates.has(item.state)) return;
    const running = this.running.get(item.id);
    if (running) {
      this.abort(running, by === 'user' ? 'pause' : 'signed-out');
      return;
    }
    this.waiting.delete(item.id);
    item.pausedBy = by;
    if (by === 'signed-out') item.problem = signedOutProblem;
    this.transition(item, 'paused');
  }

  private resumeItem(item: UploadItem): void {
    const running = this.running.get(item.id);
    if (running?.reason === 'pause') running.resumeWanted = true;
    if (item.state !== 'paused') return;
    item.pausedBy = undefined;
    item.problem = undefined;
    item.automaticRetries = 0;
    this.joinRun(item);
    this.wait(item);
  }

  private cancelItem(item: UploadItem): void {
    if (finishedStates.has(item.state)) return;
    const running = this.running.get(item.id);
    if (running) {
      this.abort(running, 'cancel');
      return;
    }
    this.waiting.delete(item.id);
    this.finish(item, 'cancelled', undefined);
  }

  private retryItem(item: UploadItem): void {
    if (item.state === 'failed' || item.state === 'cancelled') {
      item.problem = undefined;
      item.finishedAt = undefined;
      item.automaticRetries = 0;
      item.retryAt = undefined;
      this.joinRun(item);
      this.wait(item);
    } else if ((item.state === 'queued' || item.state === 'reconciling') && !this.running.has(item.id)) {
      item.retryAt = undefined;
      this.persist(item);
    }
  }

  private afterUserAction(): void {
    this.throttle.request();
    this.pump();
    this.checkRunEnd();
  }

  private abort(running: Running, reason: AbortReason): void {
    if (running.reason !== undefined && running.reason !== 'pause') return;
    running.reason = reason;
    running.controller.abort();
  }

  // --- state, persistence, events -------------------------------------------------------------

  /** Puts an item in line: queued, or reconciling when the service may already hold it. */
  private wait(item: UploadItem): void {
    this.transition(item, item.uncertainSince !== undefined ? 'reconciling' : 'queued');
    this.waiting.add(item.id);
  }

  private finish(item: UploadItem, state: 'done' | 'failed' | 'cancelled', problem: UploadProblem | undefined): void {
    this.waiting.delete(item.id);
    item.problem = problem;
    item.retryAt = undefined;
    item.finishedAt = this.clock.now();
    if (state === 'failed') this.deps.log.warn('Upload failed', { item: item.displayPath, code: problem?.code });
    this.transition(item, state);
  }

  private transition(item: UploadItem, state: UploadState): void {
    this.tracker.moved(item.state, state);
    item.state = state;
    this.persist(item);
  }

  private persist(item: UploadItem): void {
    // 'checking' is momentary and recovers as 'queued' anyway: not worth a journal line.
    if (item.state !== 'checking') {
      this.journal?.put(item);
      this.journal?.compactIfDue(this.items.size, () => this.items.values());
    }
    this.changed.add(item.id);
    this.throttle.request();
  }

  private progress(item: UploadItem, bytes: number): void {
    const before = this.bytesSent.get(item.id) ?? 0;
    this.bytesSent.set(item.id, bytes);
    this.tracker.sent(this.clock.now(), bytes - before);
    this.changed.add(item.id);
    this.throttle.request();
  }

  private joinRun(item: UploadItem): void {
    if (this.tracker.join(item.id, this.clock.now())) {
      this.deps.power.start();
      this.deps.log.info('Upload run started');
    }
  }

  private checkRunEnd(): void {
    if (!this.tracker.running || this.tracker.activeCount > 0) return;
    const paused = this.tracker.hasPaused(this.items);
    const signedOut = this.hasSignedOutPause();
    const summary = this.tracker.end(this.items);
    if (!this.powerReleased) this.deps.power.stop();
    this.powerReleased = false;
    this.deps.taskbar.setProgress(null);
    this.throttle.request();
    void this.journal?.sync().catch(() => undefined);
    this.deps.log.info('Upload run ended', {
      done: summary.done,
      failed: summary.failed,
      cancelled: summary.cancelled,
    });
    if (signedOut) return; // already told
    if (summary.failed > 0) this.deps.notifier.needsAttention(summary);
    else if (!paused && summary.done > 0) this.deps.notifier.batchFinished(summary);
  }

  private hasSignedOutPause(): boolean {
    for (const item of this.items.values()) if (item.state === 'paused' && item.pausedBy === 'signed-out') return true;
    return false;
  }

  private emit(): void {
    const totals = this.totals();
    if (this.tracker.running && totals.bytesTotal > 0) {
      this.deps.taskbar.setProgress(Math.min(1, totals.bytesDone / totals.bytesTotal));
    }
    const changed = [...this.changed].flatMap((id) => {
      const item = this.items.get(id);
      return item ? [this.view(item)] : [];
    });
    const event: UploadProgressEvent = { totals, changed, removed: this.removed };
    this.changed.clear();
    this.removed = [];
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.deps.log.error('Upload progress listener failed', { error: String(error) });
      }
    }
  }

  private view(item: UploadItem): UploadItemView {
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const { path, mtimeMs, ...rest } = item;
    return { ...rest, bytesSent: item.state === 'done' ? item.size : (this.bytesSent.get(item.id) ?? 0) };
  }

  // --- small helpers --------------------------------------------------------------------------------

  /**
   * Items found in the journal at start: whatever was in flight may be on the service already. So
   * may an item whose latest record was lost to damage: that record may have been its "sending"
   * mark, so it is looked for on the service (since its last known attempt, or since it was queued)
   * before it is sent again. A paused, failed or cancelled one keeps its state and is looked for
   * when resumed or retried.
   */
  private recover(item: UploadItem, now: number, recordMayBeLost: boolean): void {
    if (item.state === 'uploading' || (recordMayBeLost && item.state !== 'done')) {
      markUncertain(item);
      if (activeStates.has(item.state)) {
        item.retryAt = now + this.tuning.reconcileSettleMs;
        item.state = 'reconciling';
      }
    } else if (item.state === 'checking') {
      item.state = item.uncertainSince !== undefined ? 'reconciling' : 'queued';
    }
  }

  /** Said once, when the queue opens: a log line without any record's contents, and a notification. */
  private reportDamage(damage: JournalDamage): void {
    const filesToCheck = damage.itemsMaybeStale.filter((id) => {
      const item = this.items.get(id);
      return item !== undefined && !resendIsHarmless(item.target);
    }).length;
    this.deps.log.warn('Upload records were damaged; the readable ones were restored', {
      badLines: damage.badLines,
      truncatedTail: damage.truncatedTail,
      copy: damage.copiedTo === undefined ? 'none' : basename(damage.copiedTo),
      filesToCheck,
    });
    this.deps.notifier.needsAttention({
      done: 0,
      failed: 0,
      cancelled: 0,
      failures: [],
      recordsDamaged: {
        lines: damage.badLines + (damage.truncatedTail ? 1 : 0),
        ...(damage.copiedTo !== undefined ? { copiedTo: damage.copiedTo } : {}),
        filesToCheck,
      },
    });
  }

  private alreadyWaiting(path: string, target: UploadTarget): boolean {
    for (const item of this.items.values()) {
      if (item.path === path && sameTarget(item.target, target) && !finishedStates.has(item.state)) return true;
    }
    return false;
  }

  private admittedPaths(paths: unknown): string[] {
    if (!Array.isArray(paths) || paths.length === 0) {
      throw new AppError('INVALID_ARGUMENT', 'Choose at least one file or folder.');
    }
    return paths.map((path) => this.deps.admitted.require(path as string));
  }

  private requireItem(id: string): UploadItem {
    const item = this.items.get(id);
    if (!item) throw new AppError('NOT_FOUND', 'That upload is no longer in the list.', { id });
    return item;
  }

  private requireStarted(): UploadJournal {
    if (!this.journal) throw new AppError('INTERNAL', 'The upload queue is not running.');
    return this.journal;
  }
}

/** The service may hold this file: remember since when (the earliest such attempt). */
function markUncertain(item: UploadItem): void {
  const since = item.attemptStartedAt ?? item.createdAt;
  item.uncertainSince = Math.min(item.uncertainSince ?? since, since);
}

function validTarget(target: UploadTarget): UploadTarget {
  if (
    target === null ||
    typeof target !== 'object' ||
    !targetKinds.has(target.kind) ||
    !Number.isSafeInteger(target.id) ||
    target.id <= 0
  ) {
    throw new AppError('INVALID_ARGUMENT', 'The place to upload to was not understood.');
  }
  return { kind: target.kind, id: target.id } as UploadTarget;
}

async function mapLimit<T, R>(inputs: readonly T[], limit: number, run: (input: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(inputs.length);
  let next = 0;
  const worker = async () => {
    while (next < inputs.length) {
      const index = next++;
      results[index] = await run(inputs[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, inputs.length) }, worker));
  return results;
}
