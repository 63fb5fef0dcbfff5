/**
 * One bandwidth budget shared by every upload body of a queue: a token bucket filled at the limit's
 * rate, from which each body takes permission before it reads the next piece of its file. Because
 * the bodies read only what they were granted, the total rate across concurrent files stays under
 * the limit, nothing is buffered beyond the bodies' own few buffers, and a throttled body's byte
 * count still moves a little at a time, so the sender's stall timer sees a slow upload, not a dead one.
 *
 * Grants are first come, first served (each waiting body gets its turn in order), and a grant is at
 * most a tenth of a second's worth of the rate: at a low limit every body moves a small piece often
 * instead of a large piece seldom. A new limit applies at once, also to bodies already waiting.
 */

/** What the bucket needs of time; tests pass a clock they move by hand. */
export interface LimiterClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemLimiterClock: LimiterClock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** What a body draws from: permission for up to `wanted` bytes, answered with how many it may read now. */
export interface ByteBudget {
  take(wanted: number): Promise<number>;
  /**
   * The grant at once when no wait is needed (no limit, nobody waiting), else undefined: lets a body
   * that runs unlimited skip a promise per read.
   */
  takeNow?(wanted: number): number | undefined;
}

/** A grant is at most this much of a second's worth of the rate (and at least `minGrantBytes`). */
const grantSeconds = 0.1;
/** Below this a grant costs more in reads and writes than it is worth. */
const minGrantBytes = 1024;

interface Waiter {
  wanted: number;
  grant: (bytes: number) => void;
}

export class BandwidthLimiter implements ByteBudget {
  private bytesPerSecond = 0;
  /** Bytes that may be granted now. */
  private tokens = 0;
  private filledAt: number;
  private readonly waiters: Waiter[] = [];
  private timer: unknown;

  constructor(private readonly clock: LimiterClock = systemLimiterClock) {
    this.filledAt = clock.now();
  }

  /** 0 (or less, or not a number) means unlimited. Applies to waiting bodies at once. */
  setLimit(bytesPerSecond: number): void {
    const next = Number.isFinite(bytesPerSecond) && bytesPerSecond > 0 ? bytesPerSecond : 0;
    if (next === this.bytesPerSecond) return;
    this.refill();
    const wasUnlimited = this.bytesPerSecond === 0;
    this.bytesPerSecond = next;
    // The bucket holds at most one grant, so a higher limit does not start with a burst; a limit
    // newly set starts full, so the body that asks first goes at once.
    this.tokens = wasUnlimited ? this.capacity() : Math.min(this.tokens, this.capacity());
    this.serve();
  }

  get limit(): number {
    return this.bytesPerSecond;
  }

  takeNow(wanted: number): number | undefined {
    if (wanted <= 0) return 0;
    return this.bytesPerSecond === 0 && this.waiters.length === 0 ? wanted : undefined;
  }

  take(wanted: number): Promise<number> {
    const now = this.takeNow(wanted);
    if (now !== undefined) return Promise.resolve(now);
    return new Promise((grant) => {
      this.waiters.push({ wanted, grant });
      this.serve();
    });
  }

  /** Lets every waiting body go (the queue stops): each is granted what it asked for. */
  dispose(): void {
    this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    for (const waiter of this.waiters.splice(0)) waiter.grant(waiter.wanted);
  }

  private capacity(): number {
    return Math.max(minGrantBytes, Math.floor(this.bytesPerSecond * grantSeconds));
  }

  private refill(): void {
    const now = this.clock.now();
    if (this.bytesPerSecond > 0) {
      this.tokens = Math.min(this.capacity(), this.tokens + ((now - this.filledAt) / 1000) * this.bytesPerSecond);
    }
    this.filledAt = now;
  }

  private serve(): void {
    this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    if (this.bytesPerSecond === 0) {
      for (const waiter of this.waiters.splice(0)) waiter.grant(waiter.wanted);
      return;
    }
    this.refill();
    while (this.waiters.length > 0) {
      const head = this.waiters[0]!;
      const bytes = Math.min(head.wanted, this.capacity());
      if (this.tokens < bytes) {
        const waitMs = ((bytes - this.tokens) / this.bytesPerSecond) * 1000;
        this.timer = this.clock.setTimeout(() => this.serve(), Math.max(1, Math.ceil(waitMs)));
        return;
      }
      this.tokens -= bytes;
      this.waiters.shift();
      head.grant(bytes);
    }
  }
}
