import { describe, expect, it } from 'vitest';
import { errorFromAnswer, errorFromFailure } from '../../../../../main/api/errors';
import { signInErrorFrom } from '../../../../../main/api/oauth';
import { notAServiceError } from '../../../../../main/api/reader';
import { AppError } from '../../../../../main/services/app-error';
import {
  judgeProfileFailure,
  judgeRefreshFailure,
  retryDelayMs,
  retryReason,
} from '../../../../../main/services/session/refresh-policy';

const host = { host: 'id.northbridge.example' };
const answer = (status: number, headers: Record<string, string> = {}, body: unknown = '') =>
  errorFromAnswer({ status, headers, body }, { ...host, now: () => Date.parse('2025-03-03T08:00:00Z') });
const socketError = (code: string, message = code) =>
  errorFromFailure(Object.assign(new Error(message), { code }), host);

describe('judgeRefreshFailure: may the saved refresh token be deleted?', () => {
  it.each([
    ['the network is down', socketError('ENETUNREACH')],
    ['the connection is refused', socketError('ECONNREFUSED')],
    ['the request timed out', socketError('ECONNABORTED', 'timeout of 30000ms exceeded')],
    ['a certificate the laptop does not trust (a filtering proxy)', socketError('SELF_SIGNED_CERT_IN_CHAIN')],
    ['408', answer(408)],
    ['429', answer(429)],
    ['500', answer(500)],
    ['502', answer(502)],
    ['503', answer(503)],
    ['504', answer(504)],
    ['a 503 whose body happens to say invalid_grant', answer(503, {}, { error: 'invalid_grant' })],
    ['a captive portal’s web page', notAServiceError()],
    ['a redirect to a captive portal', answer(302, { location: 'http://portal.example/login' })],
    ['an unreadable 200', new AppError('BAD_RESPONSE', 'The service sent an answer the app could not read.')],
    ['a 401 without an OAuth error (a proxy)', answer(401)],
    ['a 400 without an OAuth error (a proxy)', answer(400, {}, '<html>Bad request</html>')],
    ['OAuth temporarily_unavailable', signInErrorFrom('refresh_token', 'temporarily_unavailable')],
    ['something that is not an AppError at all', new TypeError('x is undefined')],
  ])('%s: keep it and retry', (_name, error) => {
    expect(judgeRefreshFailure(error).kind).toBe('transient');
  });

  it.each([
    ['invalid_grant (expired, revoked or already used)', signInErrorFrom('refresh_token', 'invalid_grant')],
    ['invalid_grant for a locked account', signInErrorFrom('refresh_token', 'invalid_grant', 'The account is locked.')],
    ['invalid_token', signInErrorFrom('refresh_token', 'invalid_token')],
    ['invalid_client', signInErrorFrom('refresh_token', 'invalid_client')],
  ])('the token endpoint refusing it with %s: the sign-in is over', (_name, error) => {
    expect(judgeRefreshFailure(error).kind).toBe('rejected');
  });

  it('carries the service’s Retry-After, in seconds or as a date', () => {
    expect(judgeRefreshFailure(answer(429, { 'retry-after': '120' }))).toMatchObject({ retryAfterMs: 120_000 });
    expect(judgeRefreshFailure(answer(503, { 'retry-after': 'Mon, 03 Mar 2025 08:01:00 GMT' }))).toMatchObject({
      retryAfterMs: 60_000,
    });
    expect(judgeRefreshFailure(answer(503))).not.toHaveProperty('retryAfterMs');
  });
});

describe('judgeProfileFailure: reading /api/me with the token in hand', () => {
  it('with a refresh token behind it, even a 401 is retried (the next try refreshes first)', () => {
    expect(judgeProfileFailure(answer(401, { 'www-authenticate': 'Bearer error="invalid_token"' }), true).kind).toBe(
      'transient',
    );
    expect(judgeProfileFailure(answer(503), true).kind).toBe('transient');
  });

  it('a pasted access token the service refuses is over; a 503 for it is not', () => {
    expect(judgeProfileFailure(answer(401, { 'www-authenticate': 'Bearer' }), false).kind).toBe('rejected');
    expect(judgeProfileFailure(answer(503), false).kind).toBe('transient');
  });
});

describe('retryDelayMs: capped exponential backoff with jitter', () => {
  const middle = () => 0.5;

  it('waits 2 s, then twice as long each time, never more than 5 minutes', () => {
    const waits = Array.from({ length: 12 }, (_, i) => retryDelayMs(i + 1, undefined, middle));
    expect(waits).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000, 256_000, 300_000, 300_000, 300_000, 300_000,
    ]);
    expect(retryDelayMs(10_000, undefined, middle)).toBe(300_000);
  });

  it('moves each wait by at most a fifth either way, and still never past 5 minutes', () => {
    expect(retryDelayMs(1, undefined, () => 0)).toBe(1_600);
    expect(retryDelayMs(1, undefined, () => 0.999_999)).toBe(2_400);
    expect(retryDelayMs(3, undefined, () => 0)).toBe(6_400);
    expect(retryDelayMs(20, undefined, () => 0.999_999)).toBe(300_000);
    expect(retryDelayMs(20, undefined, () => 0)).toBe(240_000);
  });

  it('never retries before the service’s Retry-After, which may be longer than the cap (up to an hour)', () => {
    expect(retryDelayMs(1, 30_000, middle)).toBe(30_000);
    expect(retryDelayMs(1, 1_000, middle)).toBe(2_000);
    expect(retryDelayMs(1, 20 * 60_000, middle)).toBe(20 * 60_000);
    expect(retryDelayMs(1, 7 * 24 * 3_600_000, middle)).toBe(3_600_000);
  });
});

describe('retryReason: what the app says while it retries', () => {
  it('says why, and that the sign-in is kept', () => {
    expect(retryReason(answer(429)).message).toMatch(/busy.*Your sign-in is kept/);
    expect(retryReason(answer(503)).message).toMatch(/service had a problem/);
    expect(retryReason(answer(408)).message).toMatch(/took too long/);
    expect(retryReason(socketError('ECONNREFUSED')).message).toMatch(/id\.northbridge\.example could not be reached/);
    const portal = retryReason(notAServiceError());
    expect(portal.code).toBe('NOT_A_SERVICE');
    expect(portal.message).toMatch(/web page instead of a sign-in token.*Wi-Fi/);
  });
});
