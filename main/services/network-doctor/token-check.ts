import { errorFromFailure } from '../../api/errors';
import { explainUntrusted } from '../../api/trust';
import { plainRequest, type PlainAnswer, type PlainRequest } from './plain-request';
import { message, outcome, type CheckOutcome } from './types';

/**
 * Whether an answer to a request without any grant looks like an OAuth token endpoint (RFC 6749 5.2):
 * an error object with an `error` code, usually 400 `invalid_request` or 401 `invalid_client`.
 */
export function judgeTokenAnswer(answer: Pick<PlainAnswer, 'status' | 'headers' | 'text'>): CheckOutcome {
  const { status } = answer;
  let oauthError: string | undefined;
  try {
    const body = JSON.parse(answer.text) as unknown;
    const error = (body as { error?: unknown } | null)?.error;
    if (typeof error === 'string') oauthError = error;
  } catch {
    // Not JSON: an HTML page (a filter's block page, a wrong address) or nothing at all.
  }
  const details = { status, ...(oauthError ? { oauthError } : {}) };
  if (oauthError && status >= 400 && status < 500) return outcome('ok', message('token.ok', { status }), details);
  if (status >= 500)
    return outcome('warn', message('token.serverError', { status }), details, message('token.serverErrorAdvice'));
  return outcome('fail', message('token.notOAuth', { status }), details, message('token.notOAuthAdvice'));
}

/**
 * Asks the token endpoint for nothing: a POST with an empty form and no credentials, so it can only
 * answer with an OAuth error. Whatever answers tells whether the address is right and reachable.
 */
export async function checkTokenEndpoint(
  request: Omit<PlainRequest, 'method' | 'body' | 'headers'>,
): Promise<CheckOutcome> {
  try {
    const answer = await plainRequest({
      ...request,
      method: 'POST',
      body: '',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    return judgeTokenAnswer(answer);
  } catch (error) {
    if (request.signal.aborted) throw error;
    const host = new URL(request.url).host;
    // The transport has named the authority already, from the chain its own route saw (through a proxy,
    // that is the proxy's); asking again here would connect directly and might see another one.
    const failed = errorFromFailure(error, { host });
    const failure = failed.details?.issuer ? failed : await explainUntrusted(failed, request.url, { host });
    const issuer = failure.details?.issuer;
    if (typeof issuer === 'string') {
      return outcome(
        'fail',
        message('token.untrusted', { issuer }),
        { issuer },
        message('tls.untrustedAdvice', { issuer }),
      );
    }
    return outcome(
      'fail',
      message('token.unreachable', { host, code: String(failure.details?.cause ?? failure.code) }),
      { code: failure.code },
      message('token.unreachableAdvice'),
    );
  }
}
