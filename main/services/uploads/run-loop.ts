import PQueue from 'p-queue';
import type { Logger } from '../log';
import type { BandwidthLimiter } from './bandwidth';
import type { NetworkGate } from './network-gate';
import { defaultUploadSettings, type UploadSettings } from './queue-config';
import type { QueueItems } from './queue-items';
import type { QueueRun } from './queue-run';
import type { StartGate } from './start-gate';
import type { UploadItem } from './types';

export type AbortReason = 'pause' | 'cancel' | 'signed-out' | 'stop';

/** One attempt under way: its abort switch, and why it was pulled. */
export interface Running {
  controller: AbortController;
  reason: AbortReason | undefined;
  /** Resumed while its paused attempt was still winding down. */
  resumeWanted?: boolean;
}

/** Pulls an attempt's switch, unless it was already pulled for a stronger reason than a pause. */
export function abortAttempt(running: Running, reason: AbortReason): void {
  if (running.reason !== undefined && running.reason !== 'pause') return;
  running.reason = reason;
  running.controller.abort();
}

/**
 * The run loop: starts waiting items `concurrency` at a time, in order, when nothing holds them (the
 * schedule, the power rule, a dead network) and their retry time has come, and wakes itself for the
 * earliest retry. What an attempt does is the caller's (`attempt`); the loop only starts, counts and
 * stops attempts.
 */
export class RunLoop {
  private readonly pq = new PQueue({ concurrency: defaultUploadSettings.concurrency });
  readonly running = new Map<string, Running>();
  private wakeTimer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(
    private readonly deps: {
      items: QueueItems;
      run: QueueRun;
      settings: () => UploadSettings;
      limiter: BandwidthLimiter;
      gate: StartGate;
      networkGate: NetworkGate;
      clock: { now(): number };
      log: Logger;
      attempt: (item: UploadItem, running: Running) => Promise<void>;
      /** An attempt threw: the app's fault, not the file's. */
      crashed: (item: UploadItem, error: unknown) => void;
      /** An attempt is over (after any outcome); the loop looks for more work next. */
      ended: (id: string) => void;
      /** After the loop looked for more work: the run may be over. */
      idle: () => void;
    },
  ) {}

  get isStopped(): boolean {
    return this.stopped;
  }

  pump(): void {
    const { items, run, settings: readSettings } = this.deps;
    if (this.stopped || !items.open) return;
    const settings = readSettings();
    const concurrency = Math.min(16, Math.max(1, Math.floor(settings.concurrency) || 1));
    if (this.pq.concurrency !== concurrency) this.pq.concurrency = concurrency;
    this.deps.limiter.setLimit(settings.bandwidthBytesPerSecond ?? 0);
    run.applyHold(this.deps.gate.hold(), this.running.size);
    // No file starts while the network is down; the network gate pumps when it is back.
    if (this.deps.networkGate.down) return;
    const now = this.deps.clock.now();
    let earliest = Number.POSITIVE_INFINITY;
    for (const id of run.hold ? [] : items.waiting) {
      if (this.running.size >= concurrency) break;
      // An attempt that scheduled its own retry is still winding down: not twice at once.
      if (this.running.has(id)) continue;
      const item = items.get(id)!;
      if (item.retryAt !== undefined && item.retryAt > now) {
        earliest = Math.min(earliest, item.retryAt);
        continue;
      }
      items.waiting.delete(id);
      this.start(item);
    }
    clearTimeout(this.wakeTimer);
    this.wakeTimer = undefined;
    if (Number.isFinite(earliest)) {
      this.wakeTimer = setTimeout(() => this.pump(), Math.max(0, earliest - now) + 5);
    }
  }

  /** Whether any waiting item could start if nothing held it. */
  hasFilesToStart(): boolean {
    for (const id of this.deps.items.waiting) if (!this.running.has(id)) return true;
    return false;
  }

  /**
   * Stops starting attempts and cuts off those under way (the journal keeps them as they were, so the
   * next start reconciles them). `windDown` runs before waiting for them (it lets go of what they wait on).
   */
  async stop(windDown: () => void): Promise<void> {
    this.stopped = true;
    clearTimeout(this.wakeTimer);
    for (const running of this.running.values()) abortAttempt(running, 'stop');
    windDown();
    await this.pq.onIdle();
  }

  private start(item: UploadItem): void {
    const running: Running = { controller: new AbortController(), reason: undefined };
    this.running.set(item.id, running);
    this.pq
      .add(() => this.deps.attempt(item, running))
      .catch((error: unknown) => this.deps.crashed(item, error))
      .finally(() => {
        this.running.delete(item.id);
        this.deps.ended(item.id);
        this.pump();
        this.deps.idle();
      });
  }
}
