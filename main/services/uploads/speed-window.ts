/**
 * Upload speed over a moving window: the bytes sent in the last few seconds divided by the time
 * they took. A window (rather than an average since the start) follows a slowing network within
 * seconds, and unlike the last sample alone it does not jump with every progress callback.
 */
export class SpeedWindow {
  /** Cumulative totals after each addition, oldest first, all inside the window. */
  private samples: { at: number; total: number }[] = [];
  private total = 0;
  /** The cumulative total at the window's start (the last sample that fell out of it). */
  private baseline = 0;
  private startedAt: number | undefined;

  constructor(private readonly windowMs = 5_000) {}

  /** Starts measuring afresh (a new run of uploads). */
  reset(now: number): void {
    this.samples = [];
    this.total = 0;
    this.baseline = 0;
    this.startedAt = now;
  }

  /** Adds bytes sent at time `at` (ms). */
  add(at: number, bytes: number): void {
    if (bytes <= 0) return;
    this.startedAt ??= at;
    this.total += bytes;
    this.samples.push({ at, total: this.total });
    this.trim(at);
  }

  bytesPerSecond(now: number): number {
    if (this.startedAt === undefined) return 0;
    this.trim(now);
    const from = Math.max(now - this.windowMs, this.startedAt);
    // A floor on the elapsed time keeps the first burst from reading as an absurd speed.
    const elapsed = Math.max(now - from, 250);
    return ((this.total - this.baseline) * 1000) / elapsed;
  }

  private trim(now: number): void {
    const cutoff = now - this.windowMs;
    while (this.samples.length > 0 && this.samples[0]!.at <= cutoff) {
      this.baseline = this.samples.shift()!.total;
    }
  }
}

/** Time left at a speed: 0 when nothing is left, null when nothing moves (no time can be promised). */
export function secondsLeftAt(bytesLeft: number, bytesPerSecond: number): number | null {
  if (bytesLeft <= 0) return 0;
  return bytesPerSecond > 0 ? Math.ceil(bytesLeft / bytesPerSecond) : null;
}
