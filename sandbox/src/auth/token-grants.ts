import type { SandboxContext } from '../context.js';
import { inTransaction } from '../db/database.js';
import { checkCredentials, loginMethodsFor } from '../domain/people-login.js';
import { findUser } from '../domain/people.js';
import { recordActivity } from '../domain/side-effects.js';
import { hashSecret } from './tokens.js';
import { issueTokens, s256, type TokenResponse } from './issue.js';

/** An OAuth 2.0 error (RFC 6749 section 5.2); always answered with status 400. */
export class OAuthError extends Error {
  constructor(
    readonly error: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type',
    readonly description: string,
  ) {
    super(description);
  }
}

export type TokenRequest = Record<string, string | undefined>;

const required = (params: TokenRequest, name: string): string => {
  const value = params[name];
  if (value === undefined || value === '')
    throw new OAuthError('invalid_request', `The ${name} parameter is required.`);
  return value;
};

/** Dispatches /oauth2/token by grant type. Any non-empty client_id is accepted (there is no client registry). */
export function grantTokens(ctx: SandboxContext, params: TokenRequest): TokenResponse {
  const grantType = required(params, 'grant_type');
  const clientId = params.client_id;
  if (!clientId) throw new OAuthError('invalid_client', 'The client_id parameter is required.');
  switch (grantType) {
    case 'password':
      return passwordGrant(ctx, params, clientId);
    case 'refresh_token':
      return refreshGrant(ctx, required(params, 'refresh_token'), clientId);
    case 'authorization_code':
      return codeGrant(ctx, params, clientId);
    default:
      throw new OAuthError('unsupported_grant_type', `The grant type '${grantType}' is not supported.`);
  }
}

function passwordGrant(ctx: SandboxContext, params: TokenRequest, clientId: string): TokenResponse {
  const username = required(params, 'username');
  const password = required(params, 'password');
  // Outside the issuing transaction: a failed attempt must still count towards the lock.
  const result = checkCredentials(ctx, username, password);
  if (!result.ok) {
    if (result.reason === 'locked') {
      throw new OAuthError('invalid_grant', 'The account is locked. An organisation administrator can unlock it.');
    }
    if (result.reason === 'inactive') throw new OAuthError('invalid_grant', 'The account is not active.');
    throw new OAuthError('invalid_grant', 'The user name or password is incorrect.');
  }
  if (!loginMethodsFor(ctx, result.user.email).password) {
    throw new OAuthError(
      'invalid_grant',
      'This account signs in with single sign-on; use the authorization code flow.',
    );
  }
  return inTransaction(ctx.db, () => {
    recordActivity(ctx, 'login', result.user.id, result.user.default_organisation_id);
    return issueTokens(ctx, result.user.id, clientId);
  });
}

/** Refresh tokens rotate: each one works once, and the answer carries its successor. */
function refreshGrant(ctx: SandboxContext, refreshToken: string, clientId: string): TokenResponse {
  return inTransaction(ctx.db, () => {
    const row = ctx.db
      .prepare('SELECT user_id, client_id, expires_at, revoked FROM refresh_tokens WHERE token_hash = ?')
      .get(hashSecret(refreshToken)) as
      { user_id: number; client_id: string; expires_at: string; revoked: number } | undefined;
    if (!row || row.revoked === 1) throw new OAuthError('invalid_grant', 'The refresh token is not valid.');
    if (new Date(row.expires_at) <= ctx.now()) throw new OAuthError('invalid_grant', 'The refresh token has expired.');
    if (row.client_id !== clientId) {
      throw new OAuthError('invalid_grant', 'The refresh token was issued to another client.');
    }
    const user = findUser(ctx, row.user_id);
    if (!user || user.is_active !== 1) throw new OAuthError('invalid_grant', 'The account is not active.');
    if (user.is_locked === 1) throw new OAuthError('invalid_grant', 'The account is locked.');
    ctx.db.prepare('UPDATE refresh_tokens SET revoked = 1 WHERE token_hash = ?').run(hashSecret(refreshToken));
    return issueTokens(ctx, row.user_id, clientId);
  });
}

function codeGrant(ctx: SandboxContext, params: TokenRequest, clientId: string): TokenResponse {
  const code = required(params, 'code');
  const redirectUri = required(params, 'redirect_uri');
  const verifier = required(params, 'code_verifier');
  const codeHash = hashSecret(code);
  const row = ctx.db
    .prepare(
      'SELECT user_id, client_id, redirect_uri, code_challenge, expires_at, used FROM authorization_codes WHERE code_hash = ?',
    )
    .get(codeHash) as
    | {
        user_id: number;
        client_id: string;
        redirect_uri: string;
        code_challenge: string;
        expires_at: string;
        used: number;
      }
    | undefined;
  // Spent before anything else is checked: a code is good for one try, right or wrong.
  const spent = ctx.db
    .prepare('UPDATE authorization_codes SET used = 1 WHERE code_hash = ? AND used = 0')
    .run(codeHash);
  if (!row || spent.changes === 0) throw new OAuthError('invalid_grant', 'The authorization code is not valid.');
  if (new Date(row.expires_at) <= ctx.now())
    throw new OAuthError('invalid_grant', 'The authorization code has expired.');
  if (row.client_id !== clientId) throw new OAuthError('invalid_grant', 'The code was issued to another client.');
  if (row.redirect_uri !== redirectUri) throw new OAuthError('invalid_grant', 'The redirect_uri does not match.');
  if (s256(verifier) !== row.code_challenge) throw new OAuthError('invalid_grant', 'The code_verifier does not match.');
  const user = findUser(ctx, row.user_id);
  if (!user || user.is_active !== 1) throw new OAuthError('invalid_grant', 'The account is not active.');
  if (user.is_locked === 1) throw new OAuthError('invalid_grant', 'The account is locked.');
  return inTransaction(ctx.db, () => {
    recordActivity(ctx, 'login', user.id, user.default_organisation_id);
    return issueTokens(ctx, user.id, clientId);
  });
}
