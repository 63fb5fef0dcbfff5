import type { Logger } from '../log';
import type { QueueItems } from './queue-items';
import type { RunTracker } from './run-tracker';
import type { Notifier, PowerBlocker, ProgressSink, UploadHold } from './types';

/**
 * A run of uploads, from the first file queued while the queue was idle to the moment nothing is
 * left to do, and what the computer is told about it: kept awake while files are sent (not while
 * they only wait for the schedule or for mains power), the taskbar cleared at the end, and one
 * notification for the run.
 */
export class QueueRun {
  /** Why queued files wait now (schedule, battery); undefined while they may start. */
  private currentHold: UploadHold | undefined;
  /** The power blocker was let go because files only wait (see applyHold). */
  private powerReleased = false;

  constructor(
    private readonly deps: {
      tracker: RunTracker;
      items: QueueItems;
      clock: { now(): number };
      log: Logger;
      power: PowerBlocker;
      taskbar: ProgressSink;
      notifier: Notifier;
      /** Something the page shows changed. */
      request: () => void;
    },
  ) {}

  get hold(): UploadHold | undefined {
    return this.currentHold;
  }

  /** The item takes part in the run; the first one starts it (and keeps the computer awake). */
  join(id: string): void {
    if (this.deps.tracker.join(id, this.deps.clock.now())) {
      this.deps.power.start();
      this.deps.log.info('Upload run started');
    }
  }

  /**
   * Files wait (not fail) while the schedule or the power rule holds them. A computer that only
   * waits needs no keeping awake: the power blocker is released while nothing is being sent, and
   * taken again when files start.
   */
  applyHold(hold: UploadHold | undefined, sending: number): void {
    const { tracker, power } = this.deps;
    const release = hold !== undefined && tracker.running && sending === 0;
    if (release && !this.powerReleased) power.stop();
    if (!release && this.powerReleased && tracker.running) power.start();
    this.powerReleased = release;
    const before = this.currentHold;
    this.currentHold = hold;
    if (JSON.stringify(before) === JSON.stringify(hold)) return;
    if (hold) this.deps.log.info('Uploads wait', { for: hold.waiting });
    else this.deps.log.info('Uploads may start again');
    this.deps.request();
  }

  /** Ends the run once nothing is active: lets the computer sleep, clears the taskbar, tells the user. */
  checkEnd(): void {
    const { tracker, items } = this.deps;
    if (!tracker.running || tracker.activeCount > 0) return;
    const paused = tracker.hasPaused(items.all);
    const signedOut = items.hasSignedOutPause();
    const summary = tracker.end(items.all);
    if (!this.powerReleased) this.deps.power.stop();
    this.powerReleased = false;
    this.deps.taskbar.setProgress(null);
    this.deps.request();
    void items.sync().catch(() => undefined);
    this.deps.log.info('Upload run ended', {
      done: summary.done,
      failed: summary.failed,
      cancelled: summary.cancelled,
    });
    if (signedOut) return; // already told
    if (summary.failed > 0) this.deps.notifier.needsAttention(summary);
    else if (!paused && summary.done > 0) this.deps.notifier.batchFinished(summary);
  }

  /** The queue stops with a run going: the computer may sleep and the taskbar shows nothing. */
  stopped(): void {
    if (!this.deps.tracker.running) return;
    if (!this.powerReleased) this.deps.power.stop();
    this.deps.taskbar.setProgress(null);
  }
}
