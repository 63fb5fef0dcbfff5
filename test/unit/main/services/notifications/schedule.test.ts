import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  clampInterval,
  defaultPollTiming,
  healthyDelay,
} from '../../../../../main/services/notifications/schedule';

const timing = { ...defaultPollTiming, intervalMs: 60_000 };

describe('poll timing', () => {
  it('spreads healthy polls ±10 % around the interval', () => {
    expect(healthyDelay(timing, () => 0)).toBe(54_000);
    expect(healthyDelay(timing, () => 0.5)).toBe(60_000);
    expect(healthyDelay(timing, () => 0.999999)).toBe(66_000);
  });

  it('backs off exponentially, never sooner than the interval, never beyond the cap', () => {
    const low = (n: number) => backoffDelay(n, undefined, timing, () => 0);
    const high = (n: number) => backoffDelay(n, undefined, timing, () => 0.999999);
    expect([1, 2, 3, 4, 5, 10].map(low)).toEqual([60_000, 120_000, 240_000, 450_000, 450_000, 450_000]);
    expect([1, 2, 3, 4, 5, 10].map(high)).toEqual([120_000, 240_000, 480_000, 900_000, 900_000, 900_000]);
  });

  it('honours Retry-After within the cap, with at most a second of jitter', () => {
    expect(backoffDelay(1, 5_000, timing, () => 0)).toBe(5_000);
    expect(backoffDelay(1, 5_000, timing, () => 0.999)).toBe(5_500);
    expect(backoffDelay(1, 120_000, timing, () => 0.999)).toBe(120_999);
    expect(backoffDelay(1, 3 * 60 * 60_000, timing, () => 0)).toBe(15 * 60_000);
  });

  it('keeps a poll interval from settings within sane bounds', () => {
    expect(clampInterval(10)).toBe(1_000);
    expect(clampInterval(5 * 60 * 60_000)).toBe(60 * 60_000);
    expect(clampInterval(Number.NaN)).toBe(60_000);
  });
});
