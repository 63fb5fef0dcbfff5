import { message, outcome, type CheckOutcome } from './types';

/**
 * Runs one check with its own time limit. On time-out the check's signal aborts (closing its socket or
 * request) and the step is red; a check that throws is red with its reason, so one broken step never
 * stops the report.
 */
export async function runStep(
  limitMs: number,
  check: (signal: AbortSignal) => Promise<CheckOutcome>,
): Promise<CheckOutcome> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<CheckOutcome>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(
        outcome(
          'fail',
          message('generic.timeout', { seconds: Math.round(limitMs / 1000) }),
          {},
          message('generic.timeoutAdvice'),
        ),
      );
    }, limitMs);
  });
  const checked = check(controller.signal).catch((error: unknown) =>
    outcome(
      'fail',
      message('generic.error', { reason: error instanceof Error ? error.message : String(error) }),
      {},
      message('generic.errorAdvice'),
    ),
  );
  try {
    return await Promise.race([checked, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
