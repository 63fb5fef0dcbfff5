/**
 * When to try again. Exponential backoff with "equal jitter" (half the delay fixed, half random):
 * many clients that failed together spread out, and no retry comes back at once. A `Retry-After`
 * from the service wins over our own schedule (with a little jitter added so a whole batch does
 * not return in the same millisecond), within a sane ceiling.
 */
export interface RetryPolicy {
  /** The first delay before jitter. */
  baseMs: number;
  /** No computed delay exceeds this. */
  capMs: number;
  /** Automatic attempts after the first one; then the item fails with its last reason. */
  maxAutomaticRetries: number;
  /** A Retry-After beyond this is treated as this (a broken header must not park a file for days). */
  maxRetryAfterMs: number;
}

export const defaultRetryPolicy: RetryPolicy = {
  baseMs: 1_000,
  capMs: 60_000,
  maxAutomaticRetries: 6,
  maxRetryAfterMs: 10 * 60_000,
};

/** Delay before automatic retry number `retry` (1 for the first retry). */
export function backoffDelay(retry: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const exponential = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, retry - 1));
  return Math.round(exponential / 2 + random() * (exponential / 2));
}

/** `Retry-After` as delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}

/** The wait before the next automatic attempt. */
export function retryDelay(
  retry: number,
  retryAfterMs: number | undefined,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number {
  if (retryAfterMs === undefined) return backoffDelay(retry, policy, random);
  const honoured = Math.min(retryAfterMs, policy.maxRetryAfterMs);
  return Math.round(honoured + random() * Math.min(1_000, honoured * 0.1));
}
