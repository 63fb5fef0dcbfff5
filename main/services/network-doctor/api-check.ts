import type { ServiceHttp } from '../../api/http';
import { AppError } from '../app-error';
import { message, outcome, type CheckOutcome } from './types';

/**
 * One signed-in request through the app's own connection (bearer, one refresh on 401), to the profile
 * every account can read. Signed out, there is nothing to try, and the page says how to get there.
 */
export async function checkSignedInCall(
  http: ServiceHttp | undefined,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<CheckOutcome> {
  if (!http) return outcome('skipped', message('api.signedOut'));
  const started = performance.now();
  try {
    const answer = await http.request('GET', '/api/me', { probe: true, what: 'profile', signal, timeoutMs });
    const ms = Math.round(performance.now() - started);
    return outcome('ok', message('api.ok', { status: answer.status, ms }), { status: answer.status, ms });
  } catch (error) {
    if (signal.aborted) throw error;
    const code = error instanceof AppError ? error.code : 'INTERNAL';
    const reason = error instanceof Error ? error.message : String(error);
    return outcome('fail', message('api.fail', { reason }), { code }, message('api.failAdvice'));
  }
}
