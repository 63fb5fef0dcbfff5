import { describe, expect, it } from 'vitest';
import { BandwidthLimiter, type LimiterClock } from '../../../../../main/services/uploads/bandwidth';

/** A clock that moves only when the test says so, running the timers that fall due on the way. */
class HandClock implements LimiterClock {
  private time = 0;
  private timers: { at: number; run: () => void; id: number }[] = [];
  private nextId = 1;
  now(): number {
    return this.time;
  }
  setTimeout(run: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.push({ at: this.time + ms, run, id });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((timer) => timer.id !== handle);
  }
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at);
      const next = this.timers[0];
      if (!next || next.at > end) break;
      this.timers.shift();
      this.time = next.at;
      next.run();
      await Promise.resolve();
    }
    this.time = end;
    await Promise.resolve();
  }
}

const KiB = 1024;

/** Three bodies that keep asking for 256 KiB pieces, as MultipartFileBody does; counts what each was granted. */
function greedyBodies(limiter: BandwidthLimiter, count: number): { granted: number[]; stop(): void } {
  const granted = Array.from({ length: count }, () => 0);
  let running = true;
  for (let i = 0; i < count; i += 1) {
    void (async () => {
      while (running) granted[i]! += await limiter.take(256 * KiB);
    })();
  }
  return { granted, stop: () => (running = false) };
}

describe('bandwidth limiter', () => {
  it('lets bodies through at once when no limit is set', async () => {
    const limiter = new BandwidthLimiter(new HandClock());
    await expect(limiter.take(256 * KiB)).resolves.toBe(256 * KiB);
  });

  it('keeps the total of concurrent bodies under the limit and shares it evenly', async () => {
    const clock = new HandClock();
    const limiter = new BandwidthLimiter(clock);
    limiter.setLimit(512 * KiB);
    const bodies = greedyBodies(limiter, 3);
    await clock.advance(10_000);
    bodies.stop();
    const total = bodies.granted.reduce((sum, bytes) => sum + bytes, 0);
    // Ten seconds at 512 KiB/s, plus at most the one grant the bucket starts with.
    expect(total).toBeLessThanOrEqual(10 * 512 * KiB + 52 * KiB);
    expect(total).toBeGreaterThanOrEqual(10 * 512 * KiB * 0.98);
    for (const bytes of bodies.granted) expect(bytes).toBeGreaterThan(total / 3 - 52 * KiB);
    limiter.dispose();
  });

  it('grants small pieces often at a low limit, so a slow upload still moves', async () => {
    const clock = new HandClock();
    const limiter = new BandwidthLimiter(clock);
    limiter.setLimit(8 * KiB);
    const bodies = greedyBodies(limiter, 3);
    await clock.advance(1_000);
    // Within one second each of the three bodies has been given something.
    for (const bytes of bodies.granted) expect(bytes).toBeGreaterThan(0);
    bodies.stop();
    limiter.dispose();
  });

  it('applies a new limit to bodies that are already waiting', async () => {
    const clock = new HandClock();
    const limiter = new BandwidthLimiter(clock);
    limiter.setLimit(100 * KiB);
    const bodies = greedyBodies(limiter, 2);
    await clock.advance(5_000);
    const slow = bodies.granted.reduce((sum, bytes) => sum + bytes, 0);
    limiter.setLimit(1024 * KiB);
    await clock.advance(5_000);
    const fast = bodies.granted.reduce((sum, bytes) => sum + bytes, 0) - slow;
    expect(slow).toBeLessThanOrEqual(5 * 100 * KiB + 10 * KiB);
    expect(fast).toBeGreaterThan(5 * 1024 * KiB * 0.95);
    expect(fast).toBeLessThanOrEqual(5 * 1024 * KiB + 103 * KiB);
    bodies.stop();
    limiter.dispose();
  });

  it('lets a waiting body have all it asked for once the limit is removed', async () => {
    const clock = new HandClock();
    const limiter = new BandwidthLimiter(clock);
    limiter.setLimit(1 * KiB);
    await limiter.take(1 * KiB);
    const waiting = limiter.take(256 * KiB);
    limiter.setLimit(0);
    await expect(waiting).resolves.toBe(256 * KiB);
  });

  it('lets waiting bodies go when the queue stops', async () => {
    const clock = new HandClock();
    const limiter = new BandwidthLimiter(clock);
    limiter.setLimit(1 * KiB);
    await limiter.take(1 * KiB);
    const waiting = limiter.take(1 * KiB);
    limiter.dispose();
    await expect(waiting).resolves.toBe(1 * KiB);
  });
});
