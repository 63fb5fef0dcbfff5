import { randomUUID } from 'node:crypto';
import { Attempt } from './attempt';
import { AttemptResults } from './attempt-results';
import { BandwidthLimiter } from './bandwidth';
import { FileLister } from './file-lister';
import { checkRequest, newItem } from './intake';
import { ItemActions } from './item-actions';
import { NetworkGate } from './network-gate';
import { ProgressFeed } from './progress-feed';
import {
  defaultUploadTuning,
  type CheckReport,
  type EnqueueResult,
  type UploadQueueDeps,
  type UploadRequest,
  type UploadSnapshot,
  type UploadTuning,
} from './queue-config';
import { QueueItems } from './queue-items';
import { QueueRun } from './queue-run';
import { ReconcileStep } from './reconcile-step';
import { openJournal, reportDamage } from './recovery';
import { RunLoop } from './run-loop';
import { RunTracker } from './run-tracker';
import { StartGate, systemGateClock } from './start-gate';
import { activeStates, canMove } from './states';
import { UploadSender } from './upload-sender';
import {
  alwaysOnMains,
  type UploadItem,
  type UploadItemView,
  type UploadProgressEvent,
  type UploadTotals,
} from './types';

export { defaultUploadSettings, defaultUploadTuning } from './queue-config';
export type {
  CheckReport,
  EnqueueResult,
  UploadQueueDeps,
  UploadRequest,
  UploadSettings,
  UploadSnapshot,
  UploadTuning,
} from './queue-config';

/**
 * The durable upload queue (issue 5). Files are checked, queued, sent `concurrency` at a time,
 * retried with backoff when the network or the service may do better, and every state change is
 * journaled, so after a quit, a crash or a kill the queue comes back; a file that may already be on
 * the service is looked for in the target's list before it is sent again.
 *
 * This class is the queue's public face and wires its parts, each with one job: the items and their
 * state machine (queue-items.ts, states.ts), the run loop (run-loop.ts), one attempt's steps
 * (attempt.ts, reconcile-step.ts) and where an item goes after it (attempt-results.ts), the user's
 * actions on an item (item-actions.ts), the run and what the computer is told (queue-run.ts), the
 * journal's replay (recovery.ts), progress events (progress-feed.ts) and incoming files (intake.ts).
 */
export class UploadQueue {
  private readonly tuning: UploadTuning;
  private readonly clock: { now(): number };
  private readonly tracker: RunTracker;
  private readonly items: QueueItems;
  private readonly feed: ProgressFeed;
  private readonly run: QueueRun;
  private readonly loop: RunLoop;
  private readonly actions: ItemActions;
  private readonly limiter: BandwidthLimiter;
  private readonly gate: StartGate;
  private readonly networkGate: NetworkGate;
  private readonly offOnline: () => void;

  constructor(private readonly deps: UploadQueueDeps) {
    const tuning = { ...defaultUploadTuning, ...deps.tuning };
    const clock = deps.clock ?? { now: Date.now };
    const { log } = deps;
    this.tuning = tuning;
    this.clock = clock;
    this.tracker = new RunTracker(tuning.speedWindowMs);
    const tracker = this.tracker;
    this.feed = new ProgressFeed({
      intervalMs: tuning.eventIntervalMs,
      clock,
      log,
      taskbar: deps.taskbar,
      item: (id) => this.items.get(id),
      totals: () => this.totals(),
      running: () => tracker.running,
      moved: (now, bytes) => tracker.sent(now, bytes),
      speedWindowMs: tuning.speedWindowMs,
      stalled: () => this.networkGate.down,
    });
    const feed = this.feed;
    this.items = new QueueItems({ tracker, clock, log, changed: (id) => feed.changed(id) });
    const items = this.items;
    this.run = new QueueRun({ ...deps, tracker, items, clock, request: () => feed.request() });
    this.limiter = new BandwidthLimiter(deps.limiterClock);
    this.gate = new StartGate({
      rules: () => deps.settings(),
      power: deps.powerSource ?? alwaysOnMains,
      clock: deps.scheduleClock ?? systemGateClock,
      reopened: () => this.loop.pump(),
    });
    this.networkGate = new NetworkGate({
      // Signed out: nothing to wait for here; the sign-out path parks the files.
      probe: async () => (await deps.connection()?.reachable()) ?? true,
      onChange: (down) => {
        log.info(down ? 'Uploads wait for the network' : 'The network is back; uploads carry on');
        feed.request();
        if (!down) this.loop.pump();
      },
      probeMs: tuning.networkProbeMs,
    });
    this.loop = new RunLoop({
      items,
      run: this.run,
      settings: deps.settings,
      limiter: this.limiter,
      gate: this.gate,
      networkGate: this.networkGate,
      clock,
      log,
      attempt: (item, running) => attempt.run(item, running),
      crashed: (item, error) => this.crashed(item, error),
      ended: (id) => feed.attemptEnded(id),
      idle: () => this.run.checkEnd(),
    });
    this.actions = new ItemActions({ items, loop: this.loop, run: this.run });
    const results = new AttemptResults({
      items,
      actions: this.actions,
      tracker,
      tuning,
      clock,
      random: deps.random ?? Math.random,
      log,
      notifier: deps.notifier,
    });
    const attempt = new Attempt({
      items,
      feed,
      results,
      ...(deps.preparer ? { preparer: deps.preparer } : {}),
      reconcile: new ReconcileStep({
        items,
        results,
        lister: new FileLister({ connection: deps.connection }),
        networkGate: this.networkGate,
        clockSkewMs: tuning.clockSkewMs,
        log,
        stopped: () => this.loop.isStopped,
      }),
      sender: new UploadSender({
        connection: deps.connection,
        stallTimeoutMs: tuning.stallTimeoutMs,
        budget: this.limiter,
      }),
      networkGate: this.networkGate,
      clock,
      stopped: () => this.loop.isStopped,
    });
    this.offOnline = deps.network?.onOnline(() => this.networkGate.osOnline()) ?? (() => undefined);
  }

  /** Loads the journal and carries on where the last session stopped. */
  async start(): Promise<void> {
    if (this.items.open) return;
    const { journal, items, damage } = openJournal(this.deps.dataFolder, this.clock, this.tuning.reconcileSettleMs);
    this.items.load(journal, items);
    if (damage) reportDamage(damage, this.items.all, this.deps);
    const resumed = items.filter((item) => activeStates.has(item.state));
    for (const item of resumed) this.run.join(item.id);
    if (resumed.length > 0) this.deps.log.info('Upload queue resumed', { items: resumed.length });
    this.loop.pump();
  }

  /** Checks chosen files and folders before anything is sent; nothing is queued. */
  check(request: UploadRequest): Promise<CheckReport> {
    return checkRequest(request, {
      admitted: this.deps.admitted,
      settings: this.deps.settings(),
      maxFiles: this.tuning.maxFilesPerRequest,
      alreadyWaiting: (path, target) => this.items.alreadyWaiting(path, target),
    });
  }

  /** Checks again and queues every file without problems, as one batch. */
  async enqueue(request: UploadRequest): Promise<EnqueueResult> {
    this.items.assertOpen();
    const report = await this.check(request);
    const batchId = randomUUID();
    const now = this.clock.now();
    const queued: UploadItem[] = [];
    for (const file of report.files) {
      if (file.problems.length > 0) continue;
      const item = newItem(file, report.target, batchId, now, request.prepare?.(file));
      this.items.add(item);
      queued.push(item);
    }
    this.items.compactIfDue();
    for (const item of queued) {
      this.run.join(item.id);
      this.items.waiting.add(item.id);
      this.feed.changed(item.id);
    }
    if (queued.length > 0) this.deps.log.info('Uploads queued', { batchId, files: queued.length });
    this.feed.request();
    this.loop.pump();
    return {
      batchId,
      queued: queued.map((item) => this.feed.view(item)),
      refused: report.files.filter((file) => file.problems.length > 0),
      skipped: report.skipped,
    };
  }

  pause(id: string): void {
    this.actions.pause(this.items.require(id), 'user');
    this.afterUserAction();
  }

  resume(id: string): void {
    this.actions.resume(this.items.require(id));
    this.afterUserAction();
  }

  cancel(id: string): void {
    this.actions.cancel(this.items.require(id));
    this.afterUserAction();
  }

  /** A failed or cancelled item is tried again; one waiting for an automatic retry is tried now. */
  retry(id: string): void {
    this.actions.retry(this.items.require(id));
    this.afterUserAction();
  }

  pauseAll(): void {
    for (const item of this.items.values()) this.actions.pause(item, 'user');
    this.afterUserAction();
  }

  resumeAll(): void {
    for (const item of this.items.values()) this.actions.resume(item);
    this.afterUserAction();
  }

  cancelAll(): void {
    for (const item of this.items.values()) this.actions.cancel(item);
    this.afterUserAction();
  }

  /** Tries every failed item again. */
  retryAll(): void {
    for (const item of this.items.values()) if (item.state === 'failed') this.actions.retry(item);
    this.afterUserAction();
  }

  /** Forgets finished items (done, failed, cancelled). */
  clearHistory(): number {
    const ids = this.items.forgetFinished();
    this.feed.removed(ids);
    return ids.length;
  }

  list(): UploadItemView[] {
    return [...this.items.values()].map((item) => this.feed.view(item));
  }

  /** The newest item of this file on disk (an app-owned file looks for itself before being queued again). */
  findByPath(path: string): UploadItemView | undefined {
    const found = [...this.items.values()].filter((item) => item.path === path);
    const newest = found.sort((a, b) => b.createdAt - a.createdAt)[0];
    return newest ? this.feed.view(newest) : undefined;
  }

  item(id: string): UploadItemView | undefined {
    const item = this.items.get(id);
    return item ? this.feed.view(item) : undefined;
  }

  totals(): UploadTotals {
    const moving = this.tracker.totals(this.items.all, this.feed.bytesSent, this.clock.now());
    // While the network is gone nothing moves: no speed from before the drop, no time left to promise.
    const totals = this.networkGate.down
      ? { ...moving, bytesPerSecond: 0, secondsLeft: null, waitingForNetwork: true }
      : { ...moving, waitingForNetwork: false };
    const hold = this.run.hold;
    return hold && this.loop.hasFilesToStart() ? { ...totals, waitingFor: hold } : totals;
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
    this.loop.pump();
  }

  /** Progress events, at most one per `eventIntervalMs`; answers an unsubscribe function. */
  onProgress(listener: (event: UploadProgressEvent) => void): () => void {
    return this.feed.onProgress(listener);
  }

  /**
   * Stops sending (app quit): requests in flight are cut off and left as they are in the journal,
   * so the next start reconciles them. Waits until every attempt has wound down.
   */
  async stop(): Promise<void> {
    if (this.loop.isStopped) return;
    this.gate.dispose();
    this.networkGate.dispose();
    this.offOnline();
    // Bodies waiting for their share of the bandwidth go once cut off, see that their request is gone, and end.
    await this.loop.stop(() => this.limiter.dispose());
    this.feed.close();
    this.run.stopped();
    this.items.close();
  }

  private afterUserAction(): void {
    this.feed.request();
    this.loop.pump();
    this.run.checkEnd();
  }

  /** An attempt threw: the app's fault. The file fails with a reason, unless it had already finished. */
  private crashed(item: UploadItem, error: unknown): void {
    this.deps.log.error('Upload attempt crashed', { item: item.displayPath, error: String(error) });
    if (!canMove(item.state, 'failed')) return;
    this.items.finish(item, 'failed', {
      code: 'INTERNAL',
      message: 'Something went wrong in the app while sending this file.',
      text: { key: 'uploads.problems.internal' },
    });
  }
}
