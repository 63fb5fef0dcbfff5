import { AxiosError } from 'axios';
import { describe, expect, it } from 'vitest';
import {
  errorFromAnswer,
  errorFromFailure,
  fieldErrorsOf,
  isCancellation,
  isTokenRejection,
  retryAfterMs,
  type FailedAnswer,
} from '../../../../main/api/errors';
import { AppError } from '../../../../main/services/app-error';

/** An error as axios raises it for a failure below HTTP: Node's code copied, Node's error as the cause. */
function networkError(code: string, message = `connect ${code}`): AxiosError {
  const error = new AxiosError(message, code, undefined, {}, undefined);
  (error as { cause?: unknown }).cause = Object.assign(new Error(message), { code });
  return error;
}

const answer = (
  status: number,
  body: unknown = null,
  headers: Record<string, string> = {},
  contentType = 'application/json',
): FailedAnswer => ({
  status,
  body,
  headers,
  contentType,
});

describe('errorFromFailure', () => {
  it.each(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNRESET', 'EHOSTUNREACH', 'ERR_NETWORK'])(
    '%s means the service could not be reached',
    (code) => {
      const error = errorFromFailure(networkError(code), { host: 'vc.example.org' });
      expect(error.code).toBe('UNREACHABLE');
      expect(error.message).toContain('vc.example.org');
    },
  );

  it('reads the code from an AggregateError inside the cause (both address families refused)', () => {
    const aggregate = Object.assign(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]), {});
    const error = new AxiosError('Error', undefined, undefined, {}, undefined);
    (error as { cause?: unknown }).cause = aggregate;
    expect(errorFromFailure(error).code).toBe('UNREACHABLE');
  });

  it.each([
    ['ECONNABORTED', 'timeout of 30000ms exceeded'],
    ['ETIMEDOUT', 'connect ETIMEDOUT 10.0.0.1:443'],
  ])('%s is a timeout', (code, message) => {
    expect(errorFromFailure(networkError(code, message)).code).toBe('TIMEOUT');
  });

  it.each([
    'DEPTH_ZERO_SELF_SIGNED_CERT',
    'SELF_SIGNED_CERT_IN_CHAIN',
    'CERT_HAS_EXPIRED',
    'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    'ERR_TLS_CERT_ALTNAME_INVALID',
    'EPROTO',
  ])('%s is a certificate or TLS failure', (code) => {
    const error = errorFromFailure(networkError(code, 'self-signed or whatever'));
    expect(error.code).toBe('TLS');
    expect(error.message).toMatch(/certificate/);
  });

  it('passes an AppError through unchanged', () => {
    const original = new AppError('FILE_PROBLEM', 'The file could not be read.');
    expect(errorFromFailure(original)).toBe(original);
  });

  it('tells a cancellation apart from a failure', () => {
    expect(isCancellation(new AxiosError('canceled', 'ERR_CANCELED'))).toBe(true);
    expect(isCancellation(networkError('ECONNREFUSED'))).toBe(false);
  });
});

describe('errorFromAnswer', () => {
  it.each([
    [403, 'FORBIDDEN'],
    [404, 'NOT_FOUND'],
    [409, 'CONFLICT'],
    [413, 'TOO_LARGE'],
    [500, 'SERVER_ERROR'],
    [502, 'SERVER_ERROR'],
    [503, 'SERVER_ERROR'],
  ])('%i answers %s', (status, code) => {
    expect(errorFromAnswer(answer(status, { Title: 'x' })).code).toBe(code);
  });

  it('400 is VALIDATION with the fields of the problem details, whatever their case', () => {
    const pascal = errorFromAnswer(
      answer(400, { Title: 'One or more validation errors occurred.', Errors: { Title: ['Required.'] } }),
    );
    expect(pascal.code).toBe('VALIDATION');
    expect(pascal.details?.fields).toEqual({ Title: ['Required.'] });
    const camel = errorFromAnswer(answer(400, { title: 'x', errors: { 'Tags[0].TagId': ['Unknown tag.'] } }));
    expect(camel.details?.fields).toEqual({ 'Tags[0].TagId': ['Unknown tag.'] });
    const modelState = errorFromAnswer(
      answer(400, { Message: 'Invalid', ModelState: { 'model.Name': ['Too long.'] } }),
    );
    expect(modelState.details?.fields).toEqual({ 'model.Name': ['Too long.'] });
  });

  it('reads field errors from XML problem details and from a list of {field, message}', () => {
    expect(fieldErrorsOf({ Errors: { Name: { string: ['A', 'B'] }, Email: { string: 'C' } } })).toEqual({
      Name: ['A', 'B'],
      Email: ['C'],
    });
    expect(fieldErrorsOf({ errors: [{ field: 'Email', message: 'Bad address' }] })).toEqual({ Email: ['Bad address'] });
  });

  it('keeps the service wording in details, never in place of the plain message', () => {
    const error = errorFromAnswer(answer(409, { Title: 'A label named "Maths" already exists.' }));
    expect(error.message).toBe('That clashes with something that already exists.');
    expect(error.details?.serviceMessage).toBe('A label named "Maths" already exists.');
  });

  it('429 is RATE_LIMITED with the wait from Retry-After in seconds', () => {
    const error = errorFromAnswer(answer(429, null, { 'retry-after': '5' }));
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.details?.retryAfterMs).toBe(5000);
  });

  it('reads Retry-After as an HTTP date against the injected clock', () => {
    const now = () => Date.parse('2026-03-01T10:00:00Z');
    expect(retryAfterMs('Sun, 01 Mar 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Sun, 01 Mar 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    const error = errorFromAnswer(answer(503, null, { 'retry-after': 'Sun, 01 Mar 2026 10:00:02 GMT' }), { now });
    expect(error).toMatchObject({ code: 'SERVER_ERROR', details: { retryAfterMs: 2000 } });
  });

  it("a 401 with a Bearer challenge is UNAUTHENTICATED; without one it is the interface's permission 401", () => {
    expect(errorFromAnswer(answer(401, null, { 'www-authenticate': 'Bearer error="invalid_token"' })).code).toBe(
      'UNAUTHENTICATED',
    );
    expect(errorFromAnswer(answer(401, null, { 'www-authenticate': 'Bearer' })).code).toBe('UNAUTHENTICATED');
    expect(errorFromAnswer(answer(401, { Title: 'Not a member of the organisation.' })).code).toBe('FORBIDDEN');
  });

  it('a 401 to a token refreshed a moment ago is FORBIDDEN unless it says invalid_token', () => {
    const bare = answer(401, null, { 'www-authenticate': 'Bearer' });
    expect(errorFromAnswer(bare, { freshToken: true }).code).toBe('FORBIDDEN');
    const refused = answer(401, null, { 'www-authenticate': 'Bearer error="invalid_token"' });
    expect(errorFromAnswer(refused, { freshToken: true }).code).toBe('UNAUTHENTICATED');
  });

  it('an HTML page at 404, or any 404 on a path every service has, is NOT_A_SERVICE', () => {
    expect(errorFromAnswer(answer(404, '<html><body>Not found</body></html>', {}, 'text/html')).code).toBe(
      'NOT_A_SERVICE',
    );
    expect(errorFromAnswer(answer(404, null), { probe: true }).code).toBe('NOT_A_SERVICE');
    expect(errorFromAnswer(answer(404, { Title: 'Portfolio 9 was not found.' })).code).toBe('NOT_FOUND');
  });

  it('a redirect is NOT_A_SERVICE, with where it points', () => {
    const error = errorFromAnswer(answer(301, '', { location: 'https://vc.example.org/' }), { host: 'vc.example.org' });
    expect(error).toMatchObject({ code: 'NOT_A_SERVICE', details: { location: 'https://vc.example.org/' } });
  });

  it('never puts a header value into a message', () => {
    const secret = 'Bearer eyJhbGciOi.secret.token';
    const error = errorFromAnswer(
      answer(401, null, { 'www-authenticate': `Bearer error="invalid_token", error_description="${secret}"` }),
    );
    expect(JSON.stringify({ message: error.message, details: error.details })).not.toContain('secret.token');
  });
});

describe('isTokenRejection', () => {
  it('refreshes on invalid_token or a bare Bearer challenge, not on insufficient_scope or no challenge', () => {
    expect(isTokenRejection(401, 'Bearer error="invalid_token", error_description="expired"')).toBe(true);
    expect(isTokenRejection(401, 'Bearer realm="api"')).toBe(true);
    expect(isTokenRejection(401, 'Bearer error="insufficient_scope"')).toBe(false);
    expect(isTokenRejection(401, undefined)).toBe(false);
    expect(isTokenRejection(403, 'Bearer error="invalid_token"')).toBe(false);
  });
});
