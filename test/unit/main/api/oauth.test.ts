import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildAuthorizeUrl,
  createOAuthClient,
  createPkce,
  isGrantRejection,
  parseAuthorizationCallback,
  pkceChallenge,
  randomState,
  signInErrorFrom,
} from '../../../../main/api/oauth';
import { AppError } from '../../../../main/services/app-error';

describe('PKCE', () => {
  it('the challenge is base64url(sha256(verifier)), as RFC 7636 appendix B shows', () => {
    expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('creates a 43-character URL-safe verifier with its matching challenge, new each time', () => {
    const first = createPkce();
    const second = createPkce();
    expect(first.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.challenge).toBe(createHash('sha256').update(first.verifier).digest('base64url'));
    expect(first.verifier).not.toBe(second.verifier);
    expect(randomState()).not.toBe(randomState());
  });
});

describe('buildAuthorizeUrl', () => {
  it('carries everything the sign-in page needs, and keeps what the service put in its address', () => {
    const url = new URL(
      buildAuthorizeUrl({
        authorizeUrl: 'https://id.example.org/oauth2/authorize?tenant=north',
        clientId: 'desktop',
        redirectUri: 'http://127.0.0.1:53123/callback',
        codeChallenge: 'abc',
        state: 'xyz',
        loginHint: 'teacher@northbridge.example',
      }),
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      tenant: 'north',
      response_type: 'code',
      client_id: 'desktop',
      redirect_uri: 'http://127.0.0.1:53123/callback',
      code_challenge: 'abc',
      code_challenge_method: 'S256',
      state: 'xyz',
      login_hint: 'teacher@northbridge.example',
    });
  });

  it('refuses a plain-http sign-in page on another computer', () => {
    expect(() =>
      buildAuthorizeUrl({
        authorizeUrl: 'http://id.example.org/a',
        clientId: 'c',
        redirectUri: 'r',
        codeChallenge: 'c',
        state: 's',
      }),
    ).toThrow(AppError);
  });
});

describe('parseAuthorizationCallback', () => {
  it('gives the code when the state matches', () => {
    expect(parseAuthorizationCallback('/callback?code=abc&state=s1', 's1')).toEqual({ code: 'abc' });
  });

  it('a cancelled sign-in is SSO_CANCELLED; a foreign state is refused', () => {
    expect(() => parseAuthorizationCallback('/callback?error=access_denied&state=s1', 's1')).toThrow(
      expect.objectContaining({ code: 'SSO_CANCELLED', message: 'Sign-in with your organisation was cancelled.' }),
    );
    expect(() => parseAuthorizationCallback('/callback?code=abc&state=other', 's1')).toThrow(
      expect.objectContaining({ code: 'SSO_CANCELLED', details: { reason: 'state_mismatch' } }),
    );
  });
});

describe('isGrantRejection: what a refresh grant’s failure proves about the refresh token', () => {
  // A real client against a loopback server that answers each request as the test says.
  let next: { status: number; type?: string; body: string; headers?: Record<string, string> };
  let server: Server;
  let tokenUrl: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () =>
        res.writeHead(next.status, { 'content-type': next.type ?? 'application/json', ...next.headers }).end(next.body),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    tokenUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth2/token`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const refreshFails = async (answer: typeof next): Promise<unknown> => {
    next = answer;
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const client = createOAuthClient({ tokenUrl, log });
    try {
      await client.refreshGrant({ refreshToken: 'rt', clientId: 'desktop' });
    } catch (error) {
      return error;
    } finally {
      client.dispose();
    }
    throw new Error('the refresh grant went through');
  };

  it.each([
    ['400 invalid_grant', { status: 400, body: '{"error":"invalid_grant","error_description":"expired"}' }],
    ['401 invalid_client', { status: 401, body: '{"error":"invalid_client"}' }],
    ['400 invalid_request', { status: 400, body: '{"Error":"invalid_request"}' }],
  ])('%s from the token endpoint: the token is dead', async (_name, answer) => {
    expect(isGrantRejection(await refreshFails(answer))).toBe(true);
  });

  it.each([
    ['429 with Retry-After', { status: 429, body: '', headers: { 'retry-after': '5' } }],
    ['503', { status: 503, body: '{"title":"Service Unavailable"}' }],
    ['503 that says invalid_grant', { status: 503, body: '{"error":"invalid_grant"}' }],
    ['408', { status: 408, body: '' }],
    ['400 temporarily_unavailable', { status: 400, body: '{"error":"temporarily_unavailable"}' }],
    ['400 as a proxy’s HTML page', { status: 400, type: 'text/html', body: '<html><body>Bad request</body></html>' }],
    ['401 without a body', { status: 401, body: '' }],
    ['200 captive portal page', { status: 200, type: 'text/html', body: '<!doctype html><html>Wi-Fi</html>' }],
    ['200 without an access token', { status: 200, body: '{"token_type":"Bearer","expires_in":3600}' }],
    ['200 that is not JSON', { status: 200, body: '{"access_token":' }],
  ])('%s: says nothing about the token', async (_name, answer) => {
    const error = await refreshFails(answer);
    expect(error).toBeInstanceOf(AppError);
    expect(isGrantRejection(error)).toBe(false);
  });

  it('no answer at all says nothing about the token either', () => {
    expect(isGrantRejection(new AppError('UNREACHABLE', 'offline'))).toBe(false);
    expect(isGrantRejection(new Error('socket hang up'))).toBe(false);
  });
});

describe('signInErrorFrom', () => {
  it.each([
    ['The user name or password is incorrect.', 'INVALID_CREDENTIALS'],
    ['The account is locked. An organisation administrator can unlock it.', 'ACCOUNT_LOCKED'],
    ['The user is locked out.', 'ACCOUNT_LOCKED'],
    ['The account is not active.', 'ACCOUNT_INACTIVE'],
    ['User account is disabled', 'ACCOUNT_INACTIVE'],
    ['This account signs in with single sign-on; use the authorization code flow.', 'SSO_REQUIRED'],
    ['Please sign in with your identity provider (SSO).', 'SSO_REQUIRED'],
    ['There is no account with this email address.', 'UNKNOWN_ACCOUNT'],
    ['User not found.', 'UNKNOWN_ACCOUNT'],
    ['', 'INVALID_CREDENTIALS'],
    ['Something unexpected', 'INVALID_CREDENTIALS'],
  ])('password sign-in, invalid_grant "%s" → %s', (description, code) => {
    expect(signInErrorFrom('password', 'invalid_grant', description).code).toBe(code);
  });

  it('a refused refresh token ends the session, but a locked account still says so', () => {
    expect(signInErrorFrom('refresh_token', 'invalid_grant', 'The refresh token is not valid.').code).toBe(
      'UNAUTHENTICATED',
    );
    expect(signInErrorFrom('refresh_token', 'invalid_grant', 'The account is locked.').code).toBe('ACCOUNT_LOCKED');
  });

  it("a refused code is a sign-in to try again; the app's own mistakes are INTERNAL", () => {
    expect(signInErrorFrom('authorization_code', 'invalid_grant', 'The code_verifier does not match.').code).toBe(
      'INVALID_CREDENTIALS',
    );
    expect(signInErrorFrom('password', 'invalid_client', 'The client_id parameter is required.').code).toBe('INTERNAL');
    expect(signInErrorFrom('password', 'unsupported_grant_type').code).toBe('SSO_REQUIRED');
  });
});
