import { secondsLeftAt, SpeedWindow } from './speed-window';
import { activeStates, emptyCounts } from './states';
import type { RunSummary, UploadItem, UploadState, UploadTotals } from './types';

/**
 * Counts per state, and the current "run": the items that have been active since the queue was
 * last idle. Totals, speed, time left and the end-of-run summary are about the run; a new file
 * dropped while others upload joins it, one dropped after everything finished starts a new one.
 */
export class RunTracker {
  readonly counts = emptyCounts();
  private runIds: Set<string> | undefined;
  private readonly speed: SpeedWindow;

  constructor(speedWindowMs: number) {
    this.speed = new SpeedWindow(speedWindowMs);
  }

  get running(): boolean {
    return this.runIds !== undefined;
  }

  get activeCount(): number {
    let count = 0;
    for (const state of activeStates) count += this.counts[state];
    return count;
  }

  /** Records a state change (from undefined for a new item, to undefined for a removed one). */
  moved(from: UploadState | undefined, to: UploadState | undefined): void {
    if (from !== undefined) this.counts[from] -= 1;
    if (to !== undefined) this.counts[to] += 1;
  }

  /** Adds an item to the run, starting one if none is going; answers true when a run began. */
  join(id: string, now: number): boolean {
    const began = this.runIds === undefined;
    if (began) {
      this.runIds = new Set();
      this.speed.reset(now);
    }
    this.runIds!.add(id);
    return began;
  }

  sent(now: number, bytes: number): void {
    this.speed.add(now, bytes);
  }

  /** Ends the run and answers its summary. */
  end(items: ReadonlyMap<string, UploadItem>): RunSummary {
    const summary = this.summarise(items);
    this.runIds = undefined;
    return summary;
  }

  summarise(items: ReadonlyMap<string, UploadItem>): RunSummary {
    const summary: RunSummary = { done: 0, failed: 0, cancelled: 0, failures: [] };
    for (const id of this.runIds ?? []) {
      const item = items.get(id);
      if (!item) continue;
      if (item.state === 'done') summary.done += 1;
      if (item.state === 'cancelled') summary.cancelled += 1;
      if (item.state === 'failed') {
        summary.failed += 1;
        if (summary.failures.length < 20 && item.problem) {
          summary.failures.push({ displayPath: item.displayPath, problem: item.problem });
        }
      }
    }
    return summary;
  }

  /** Whether any item of the run waits for the user (paused). */
  hasPaused(items: ReadonlyMap<string, UploadItem>): boolean {
    for (const id of this.runIds ?? []) if (items.get(id)?.state === 'paused') return true;
    return false;
  }

  totals(
    items: ReadonlyMap<string, UploadItem>,
    bytesSent: ReadonlyMap<string, number>,
    now: number,
  ): Omit<UploadTotals, 'waitingForNetwork'> {
    let bytesTotal = 0;
    let bytesDone = 0;
    for (const id of this.runIds ?? []) {
      const item = items.get(id);
      if (!item || item.state === 'cancelled' || item.state === 'failed') continue;
      bytesTotal += item.size;
      bytesDone += item.state === 'done' ? item.size : (bytesSent.get(id) ?? 0);
    }
    const bytesPerSecond = this.runIds === undefined ? 0 : this.speed.bytesPerSecond(now);
    const left = bytesTotal - bytesDone;
    return {
      counts: { ...this.counts },
      bytesTotal,
      bytesDone,
      bytesPerSecond: Math.round(bytesPerSecond),
      secondsLeft: secondsLeftAt(left, bytesPerSecond),
      active: this.activeCount > 0,
    };
  }
}
