import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  parseRetryAfter,
  retryDelay,
  type RetryPolicy,
} from '../../../../../main/services/uploads/retry-policy';

const policy: RetryPolicy = { baseMs: 1_000, capMs: 60_000, maxAutomaticRetries: 6, maxRetryAfterMs: 600_000 };

describe('retry policy', () => {
  it('doubles the wait with each retry, half of it jittered, up to the cap', () => {
    expect([1, 2, 3, 4].map((retry) => backoffDelay(retry, policy, () => 0))).toEqual([500, 1_000, 2_000, 4_000]);
    expect([1, 2, 3, 4].map((retry) => backoffDelay(retry, policy, () => 1))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(backoffDelay(20, policy, () => 1)).toBe(60_000);
    expect(backoffDelay(20, policy, () => 0)).toBe(30_000);
  });

  it('spreads retries of files that failed together', () => {
    const delays = new Set(Array.from({ length: 20 }, () => backoffDelay(3, policy)));
    expect(delays.size).toBeGreaterThan(10);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-03-01T10:00:00Z');
    expect(parseRetryAfter('5', now)).toBe(5_000);
    expect(parseRetryAfter('Sun, 01 Mar 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sun, 01 Mar 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it('waits at least as long as the service asked, and never absurdly long', () => {
    expect(retryDelay(1, 5_000, policy, () => 0)).toBe(5_000);
    expect(retryDelay(1, 5_000, policy, () => 1)).toBe(5_500);
    expect(retryDelay(1, 3_600_000, policy, () => 0)).toBe(600_000);
    expect(retryDelay(2, undefined, policy, () => 0)).toBe(1_000);
  });
});
