/**
 * Whether the network is there for uploads. A request that got no answer (refused, reset, timed
 * out, DNS) may be the network or may be one bad connection; a probe tells which. While the network
 * is down no file is started, no retry is counted (a dead Wi-Fi for an hour must not use up a file's
 * retries), and the gate probes again with backoff, however long it takes, or at once when the
 * operating system says it is online again. Then the queue carries on by itself.
 */
export interface NetworkGateDeps {
  /** True when the service (or anything on the way to it) answered; false when nothing did. */
  probe: () => Promise<boolean>;
  /** Called when the gate opens or closes (the queue pumps, the page shows why it waits). */
  onChange: (down: boolean) => void;
  /** Delays between probes while down: the first, doubling up to the cap. */
  probeMs?: { first: number; cap: number };
  timers?: { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout };
}

export class NetworkGate {
  private isDown = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private delay: number;
  private probing: Promise<boolean> | undefined;
  private disposed = false;
  private readonly timers: NonNullable<NetworkGateDeps['timers']>;
  private readonly probeMs: NonNullable<NetworkGateDeps['probeMs']>;

  constructor(private readonly deps: NetworkGateDeps) {
    this.timers = deps.timers ?? { setTimeout, clearTimeout };
    this.probeMs = deps.probeMs ?? { first: 2_000, cap: 30_000 };
    this.delay = this.probeMs.first;
  }

  get down(): boolean {
    return this.isDown;
  }

  /**
   * A request got no answer: asks a probe at once. Answers whether the network is up after all
   * (then the failure counts as the file's own), or closes the gate and keeps probing.
   */
  async noAnswer(): Promise<boolean> {
    if (this.isDown) return false;
    const up = await this.probeOnce();
    if (!up) this.close();
    return up;
  }

  /** The operating system says the computer is online again: probe now rather than at the next turn. */
  osOnline(): void {
    if (!this.isDown) return;
    this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    void this.tick();
  }

  dispose(): void {
    this.disposed = true;
    this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }

  private close(): void {
    if (this.isDown || this.disposed) return;
    this.isDown = true;
    this.delay = this.probeMs.first;
    this.deps.onChange(true);
    this.schedule();
  }

  private schedule(): void {
    if (this.disposed) return;
    this.timers.clearTimeout(this.timer);
    this.timer = this.timers.setTimeout(() => void this.tick(), this.delay);
    this.delay = Math.min(this.probeMs.cap, this.delay * 2);
  }

  private async tick(): Promise<void> {
    this.timer = undefined;
    const up = await this.probeOnce();
    if (this.disposed || !this.isDown) return;
    if (!up) {
      this.schedule();
      return;
    }
    this.isDown = false;
    this.deps.onChange(false);
  }

  /** One probe at a time; a probe that throws counts as no answer. */
  private probeOnce(): Promise<boolean> {
    this.probing ??= this.deps
      .probe()
      .catch(() => false)
      .finally(() => {
        this.probing = undefined;
      });
    return this.probing;
  }
}
