import { plainRequest, type PlainRequest } from './plain-request';
import { message, outcome, type CheckOutcome } from './types';

const minute = 60_000;
/** Sign-in tokens live minutes, not hours: a few minutes off already makes them look expired or not yet valid. */
export const CLOCK_WARN_MS = 2 * minute;
export const CLOCK_FAIL_MS = 5 * minute;

/**
 * This computer's clock minus the server's, from an answer's Date header. The header has whole
 * seconds, so the server's time is taken as the middle of its second, and ours as the middle of the
 * round trip. Positive: this computer is ahead. Undefined when there is no readable Date.
 */
export function skewFrom(dateHeader: string | undefined, sentAt: number, receivedAt: number): number | undefined {
  if (!dateHeader) return undefined;
  const server = Date.parse(dateHeader);
  if (Number.isNaN(server)) return undefined;
  return Math.round((sentAt + receivedAt) / 2 - (server + 500));
}

export function judgeClockSkew(skewMs: number): CheckOutcome {
  const size = Math.abs(skewMs);
  const details = { skewSeconds: Math.round(skewMs / 1000) };
  // The Date header has whole seconds, so "within 1 s" is as close as the check can tell.
  const seconds = Math.max(1, Math.round(size / 1000));
  if (size <= CLOCK_WARN_MS) return outcome('ok', message('clock.ok', { seconds }), details);
  const minutes = Math.round(size / minute);
  const key = skewMs > 0 ? 'clock.ahead' : 'clock.behind';
  return size > CLOCK_FAIL_MS
    ? outcome('fail', message(key, { minutes }), details, message('clock.failAdvice'))
    : outcome('warn', message(key, { minutes }), details, message('clock.warnAdvice'));
}

/** An anonymous GET of the service's address: any answer, even a 404, carries the server's Date. */
export async function checkClock(request: Omit<PlainRequest, 'method'>): Promise<CheckOutcome> {
  const answer = await plainRequest({ ...request, method: 'GET' });
  const skew = skewFrom(answer.headers.date, answer.sentAt, answer.receivedAt);
  if (skew === undefined) return outcome('skipped', message('clock.noDate'));
  return judgeClockSkew(skew);
}
