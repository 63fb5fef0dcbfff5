/**
 * Runs `flush` at most once per `intervalMs`: the first request runs at once, requests during the
 * interval collapse into one trailing run at its end. The renderer gets at most ten progress events
 * a second however many files report progress.
 */
export class Throttle {
  private lastRun = Number.NEGATIVE_INFINITY;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly intervalMs: number,
    private readonly flush: () => void,
    private readonly now: () => number = Date.now,
  ) {}

  request(): void {
    if (this.timer !== undefined) return;
    const wait = this.lastRun + this.intervalMs - this.now();
    if (wait <= 0) {
      this.run();
      return;
    }
    this.timer = setTimeout(() => this.run(), wait);
  }

  /** Runs now if anything is pending (e.g. before shutting down). */
  flushNow(): void {
    if (this.timer !== undefined) this.run();
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private run(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.lastRun = this.now();
    this.flush();
  }
}
