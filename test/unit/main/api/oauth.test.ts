import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  buildAuthorizeUrl,
  createPkce,
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
