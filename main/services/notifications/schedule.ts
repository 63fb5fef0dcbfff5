import { notificationSettingsDefaults, notificationSettingsLimits } from '../../../preload/contract/notifications';

/**
 * When the next poll happens. Pure arithmetic, so it can be tested without time passing.
 *
 * - Healthy: the interval, give or take `jitterRatio` (many laptops that woke together spread out).
 * - After failures: exponential from the interval with "equal jitter" (half fixed, half random), capped;
 *   never sooner than the interval, so an error never makes the app poll faster than when idle.
 * - A Retry-After from the service (429/503) wins, within the cap, with a little jitter.
 */
export interface PollTiming {
  intervalMs: number;
  /** 0.1 means ±10 % around the interval. */
  jitterRatio: number;
  /** No backoff delay exceeds this. */
  maxBackoffMs: number;
  /** A trigger (focus, wake, online) within this long after the last poll does not poll again. */
  minTriggerGapMs: number;
}

export const MIN_INTERVAL_MS = notificationSettingsLimits.pollIntervalMs.min;
export const MAX_INTERVAL_MS = notificationSettingsLimits.pollIntervalMs.max;

export const defaultPollTiming: PollTiming = {
  intervalMs: notificationSettingsDefaults.pollIntervalMs,
  jitterRatio: 0.1,
  maxBackoffMs: 15 * 60_000,
  minTriggerGapMs: 10_000,
};

export function clampInterval(intervalMs: number): number {
  if (!Number.isFinite(intervalMs)) return defaultPollTiming.intervalMs;
  return Math.min(MAX_INTERVAL_MS, Math.max(MIN_INTERVAL_MS, Math.round(intervalMs)));
}

/** The wait after a successful poll. */
export function healthyDelay(timing: PollTiming, random: () => number): number {
  const interval = clampInterval(timing.intervalMs);
  const spread = interval * Math.min(0.5, Math.max(0, timing.jitterRatio));
  return Math.round(interval - spread + random() * 2 * spread);
}

/** The wait after `failures` polls in a row failed (1 for the first failure). */
export function backoffDelay(
  failures: number,
  retryAfterMs: number | undefined,
  timing: PollTiming,
  random: () => number,
): number {
  const interval = clampInterval(timing.intervalMs);
  const cap = Math.max(interval, timing.maxBackoffMs);
  if (retryAfterMs !== undefined && Number.isFinite(retryAfterMs) && retryAfterMs >= 0) {
    const honoured = Math.min(cap, retryAfterMs);
    return Math.round(honoured + random() * Math.min(1_000, honoured * 0.1));
  }
  const exponential = Math.min(cap, interval * 2 ** Math.max(0, failures));
  // Equal jitter, but never below the healthy interval.
  return Math.round(Math.max(interval, exponential / 2 + random() * (exponential / 2)));
}
