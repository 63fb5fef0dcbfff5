import type { ErrorCode } from '../../../preload/contract';
import { isGrantRejection } from '../../api/oauth';
import { AppError } from '../app-error';

/**
 * What to do when the app could not get a fresh access token. Losing the saved refresh token costs a
 * teacher their password at the worst moment (a lesson starting, the school Wi-Fi having a bad
 * minute), so the rule is lopsided on purpose: only the token endpoint's own OAuth refusal
 * (`invalid_grant` and friends, RFC 6749 5.2) ends the sign-in. Everything else - no answer, a
 * timeout, 408, 429, any 5xx, a captive portal's web page, a 200 without an access token - says
 * nothing about the token, so it is kept and the app tries again later.
 */

export type RefreshVerdict =
  | { kind: 'rejected'; error: AppError }
  | { kind: 'transient'; error: AppError; /** The service's Retry-After, when it gave one. */ retryAfterMs?: number };

/** Judges a failed refresh grant (the request to the token endpoint). */
export function judgeRefreshFailure(error: unknown): RefreshVerdict {
  const appError = asAppError(error);
  if (isGrantRejection(appError)) return { kind: 'rejected', error: appError };
  const wait = appError.details?.retryAfterMs;
  return {
    kind: 'transient',
    error: appError,
    ...(typeof wait === 'number' && wait >= 0 ? { retryAfterMs: wait } : {}),
  };
}

/**
 * Judges a failed profile read (`/api/me`) made with a token in hand. With a refresh token behind it,
 * even a 401 is not the end: the next try refreshes first. An access token pasted without a refresh
 * token is the only credential there is; once the service refuses it, nothing can bring it back.
 */
export function judgeProfileFailure(error: unknown, hasRefreshToken: boolean): RefreshVerdict {
  const appError = asAppError(error);
  if (!hasRefreshToken && ['UNAUTHENTICATED', 'INVALID_CREDENTIALS'].includes(appError.code)) {
    return { kind: 'rejected', error: appError };
  }
  return judgeRefreshFailure(appError);
}

/** The first retry waits this long; each further one twice as long as the one before. */
export const RETRY_FIRST_MS = 2_000;
/** No wait is longer (Retry-After aside): a network that came back is noticed within five minutes. */
export const RETRY_MAX_MS = 5 * 60_000;
/** Retry-After is honoured up to an hour; a header asking for more is taken as broken, not as "never". */
export const RETRY_AFTER_MAX_MS = 60 * 60_000;
/** Each wait is moved up or down by up to this share of itself. */
export const RETRY_JITTER = 0.2;

/**
 * How long to wait before try number `attempt + 1`, after `attempt` failures: 2 s, 4 s, 8 s, ... up to
 * 5 min, each moved by up to ±20 % so the laptops of a whole school that lost the network together do
 * not all come back in the same second. Never earlier than the service's Retry-After.
 * `random` is in [0, 1), like Math.random.
 */
export function retryDelayMs(attempt: number, retryAfterMs: number | undefined, random: () => number): number {
  const doublings = Math.min(Math.max(attempt, 1) - 1, 30);
  const nominal = Math.min(RETRY_FIRST_MS * 2 ** doublings, RETRY_MAX_MS);
  const jittered = Math.round(nominal * (1 - RETRY_JITTER + 2 * RETRY_JITTER * random()));
  const backoff = Math.min(jittered, RETRY_MAX_MS);
  const asked = retryAfterMs === undefined ? 0 : Math.min(Math.max(retryAfterMs, 0), RETRY_AFTER_MAX_MS);
  return Math.max(backoff, asked);
}

const kept = 'Your sign-in is kept, and the app keeps trying.';

/** Why the app is retrying, in words a teacher can act on; never a token or a whole address. */
export function retryReason(error: AppError): { code: ErrorCode; message: string } {
  const say = (text: string) => ({ code: error.code, message: `${text} ${kept}` });
  switch (error.code) {
    case 'UNREACHABLE':
    case 'TIMEOUT':
    case 'TLS':
      // These messages already name the host and what to check.
      return say(error.message);
    case 'RATE_LIMITED':
      return say('The service is busy and asked the app to wait.');
    case 'SERVER_ERROR':
      return say('The service had a problem.');
    case 'NOT_A_SERVICE':
      // An HTML page or a redirect where tokens should be: most often a network's own sign-in page.
      return say(
        'The sign-in address answered with a web page instead of a sign-in token. If this network has ' +
          'its own sign-in page (school, hotel or café Wi-Fi), open a browser and sign in there.',
      );
    default:
      if (error.details?.status === 408) return say('The service took too long to answer.');
      return say(error.message);
  }
}

function asAppError(error: unknown): AppError {
  return error instanceof AppError ? error : new AppError('INTERNAL', 'Something went wrong while signing in.');
}
