import { afterEach, describe, expect, it, vi } from 'vitest';
import { SpeedWindow } from '../../../../../main/services/uploads/speed-window';
import { Throttle } from '../../../../../main/services/uploads/throttle';

describe('upload speed over a moving window', () => {
  it('measures the bytes of the last seconds only', () => {
    const speed = new SpeedWindow(5_000);
    speed.reset(0);
    for (let t = 1_000; t <= 10_000; t += 1_000) speed.add(t, 1_000_000);
    expect(speed.bytesPerSecond(10_000)).toBeCloseTo(1_000_000, -4);
    // The network slows to a tenth: within a window the figure follows.
    for (let t = 11_000; t <= 16_000; t += 1_000) speed.add(t, 100_000);
    expect(speed.bytesPerSecond(16_000)).toBeCloseTo(100_000, -4);
  });

  it('falls to zero when nothing moves, and does not read a first burst as infinite', () => {
    const speed = new SpeedWindow(5_000);
    speed.reset(0);
    speed.add(1, 500_000);
    expect(speed.bytesPerSecond(1)).toBe(2_000_000);
    expect(speed.bytesPerSecond(20_000)).toBe(0);
  });
});

describe('throttled events', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at most once per interval, the last request never lost', () => {
    vi.useFakeTimers();
    const runs: number[] = [];
    const throttle = new Throttle(100, () => runs.push(Date.now()));
    const start = Date.now();
    for (let i = 0; i < 1_000; i += 1) {
      throttle.request();
      vi.advanceTimersByTime(1);
    }
    vi.advanceTimersByTime(200);
    // 1,000 requests over one second: about ten runs, a hundred milliseconds apart.
    expect(runs.length).toBeGreaterThanOrEqual(10);
    expect(runs.length).toBeLessThanOrEqual(11);
    for (let i = 1; i < runs.length; i += 1) expect(runs[i]! - runs[i - 1]!).toBeGreaterThanOrEqual(100);
    expect(runs.at(-1)! - start).toBeGreaterThanOrEqual(999);
  });
});
