/**
 * Every bridge call answers a Result rather than throwing: Electron flattens thrown errors
 * across IPC into strings, and the UI needs a code it can act on.
 */
export const errorCodes = [
  // The bridge itself
  'FORBIDDEN_SENDER',
  'UNKNOWN_CHANNEL',
  'INVALID_ARGUMENT',
  // Reaching the service
  'UNREACHABLE', // no answer: refused, DNS, offline
  'TLS', // certificate or TLS failure
  'NOT_A_SERVICE', // something answered, but not like the service (an HTML page, a wrong shape)
  'INSECURE_URL', // http: for anything but 127.0.0.1/localhost
  'TIMEOUT',
  'PROXY_AUTH_REQUIRED', // a proxy asks for a user name and password (details.proxy names it)
  'PROXY_AUTH_UNSUPPORTED', // a proxy asks for NTLM or Kerberos, which main's HTTP cannot answer
  // Signing in
  'UNAUTHENTICATED', // no session, or it ended (refresh failed)
  'INVALID_CREDENTIALS',
  'UNKNOWN_ACCOUNT',
  'ACCOUNT_LOCKED',
  'ACCOUNT_INACTIVE',
  'SSO_REQUIRED', // this address must use single sign-on
  'SSO_CANCELLED',
  // What the service answered
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'VALIDATION', // 400 with field errors in details.fields
  'TOO_LARGE',
  'RATE_LIMITED',
  'SERVER_ERROR',
  'BAD_RESPONSE', // the answer could not be read as the expected model
  // Local
  'KEYCHAIN_UNAVAILABLE',
  'FILE_NOT_ALLOWED', // a path that did not come from a dialog or a drop
  'FILE_PROBLEM',
  'UNAVAILABLE',
  'INTERNAL',
] as const;

/** A code the UI can act on; `errorCodes` is its runtime copy (every code has a message: see the i18n test). */
export type ErrorCode = (typeof errorCodes)[number];

export interface BridgeError {
  code: ErrorCode;
  /** A sentence a user can read; never contains secrets. */
  message: string;
  /** Machine-readable extras, e.g. which argument failed validation. */
  details?: Record<string, unknown>;
}

/**
 * A list answered from the copy main kept, because the service could not be reached: `asOf` (ISO
 * 8601) is when the service gave it. Absent on live answers, so callers that ignore it still work.
 */
export interface CachedAnswer {
  offline: true;
  asOf: string;
}

export type Result<T> = { ok: true; data: T; cached?: CachedAnswer } | { ok: false; error: BridgeError };

export const ok = <T>(data: T): Result<T> => ({ ok: true, data });

export const fail = (code: ErrorCode, message: string, details?: Record<string, unknown>): Result<never> => ({
  ok: false,
  error: details ? { code, message, details } : { code, message },
});
