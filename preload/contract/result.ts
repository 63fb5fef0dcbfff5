/**
 * Every bridge call answers a Result rather than throwing: Electron flattens thrown errors
 * across IPC into strings, and the UI needs a code it can act on.
 */
export type ErrorCode =
  'FORBIDDEN_SENDER' | 'UNKNOWN_CHANNEL' | 'INVALID_ARGUMENT' | 'NOT_FOUND' | 'UNAVAILABLE' | 'INTERNAL';

export interface BridgeError {
  code: ErrorCode;
  /** A sentence a user can read; never contains secrets. */
  message: string;
  /** Machine-readable extras, e.g. which argument failed validation. */
  details?: Record<string, unknown>;
}

export type Result<T> = { ok: true; data: T } | { ok: false; error: BridgeError };

export const ok = <T>(data: T): Result<T> => ({ ok: true, data });

export const fail = (code: ErrorCode, message: string, details?: Record<string, unknown>): Result<never> => ({
  ok: false,
  error: details ? { code, message, details } : { code, message },
});
