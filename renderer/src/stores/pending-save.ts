import type { BridgeError } from '../../../preload/contract';

/**
 * When a tagged video's unsaved tags are tried again. Pure: the store keeps the edits and the timer;
 * this says how long to wait and whether waiting can help at all.
 */

/** Waits after the 1st, 2nd, … failure; the last one repeats. */
export const RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;
/** Edits in quick succession go as one save. */
export const SAVE_DEBOUNCE_MS = 600;

export function retryDelay(failures: number): number {
  const index = Math.min(Math.max(failures, 1), RETRY_DELAYS_MS.length) - 1;
  return RETRY_DELAYS_MS[index]!;
}

/**
 * Whether trying the same save again later may succeed. A refusal for the content (a tag that is not
 * in the set), a missing tagged video or no permission will not change by waiting: those wait for the
 * person, with the edits kept and a button to try again.
 */
export function retriesByItself(error: BridgeError): boolean {
  return !['VALIDATION', 'INVALID_ARGUMENT', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'UNAUTHENTICATED'].includes(
    error.code,
  );
}
