import type { ErrorCode } from '../../../preload/contract';
import { AppError } from '../app-error';

/**
 * The failures that say "the service could not be reached", not "the service said no": no answer,
 * no answer in time, or something else answering in its place (a captive portal's sign-in page).
 * Only these let a kept copy stand in for the live list. A 401 or 403 is the service's word about
 * this person, and showing yesterday's list then would hide it.
 */
const networkFaults: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['UNREACHABLE', 'TIMEOUT', 'NOT_A_SERVICE']);

export function isNetworkFault(error: unknown): boolean {
  return error instanceof AppError && networkFaults.has(error.code);
}

export function isNetworkFaultCode(code: ErrorCode | undefined): boolean {
  return code !== undefined && networkFaults.has(code);
}
