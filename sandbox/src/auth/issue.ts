import { createHash } from 'node:crypto';
import type { SandboxContext } from '../context.js';
import { hashSecret, newSecret } from './tokens.js';

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

const later = (ctx: SandboxContext, seconds: number): string =>
  new Date(ctx.now().getTime() + seconds * 1000).toISOString();

/** Issues an access token and a refresh token; only their hashes are stored. */
export function issueTokens(ctx: SandboxContext, userId: number, clientId: string): TokenResponse {
  const access = newSecret();
  const refresh = newSecret();
  ctx.db
    .prepare('INSERT INTO access_tokens (token_hash, user_id, client_id, expires_at) VALUES (?,?,?,?)')
    .run(hashSecret(access), userId, clientId, later(ctx, ctx.config.tokenTtlSeconds));
  ctx.db
    .prepare('INSERT INTO refresh_tokens (token_hash, user_id, client_id, expires_at) VALUES (?,?,?,?)')
    .run(hashSecret(refresh), userId, clientId, later(ctx, ctx.config.refreshTtlSeconds));
  return {
    access_token: access,
    token_type: 'Bearer',
    expires_in: ctx.config.tokenTtlSeconds,
    refresh_token: refresh,
    scope: 'api offline_access',
  };
}

/** Authorization codes live five minutes and can be redeemed once. */
export const CODE_TTL_SECONDS = 300;

export function issueAuthorizationCode(
  ctx: SandboxContext,
  userId: number,
  clientId: string,
  redirectUri: string,
  codeChallenge: string,
): string {
  const code = newSecret();
  ctx.db
    .prepare(
      `INSERT INTO authorization_codes (code_hash, user_id, client_id, redirect_uri, code_challenge,
         code_challenge_method, expires_at) VALUES (?,?,?,?,?,'S256',?)`,
    )
    .run(hashSecret(code), userId, clientId, redirectUri, codeChallenge, later(ctx, CODE_TTL_SECONDS));
  return code;
}

/** RFC 7636: BASE64URL(SHA256(ASCII(code_verifier))). */
export const s256 = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

/** Redirect targets must be loopback addresses: the sandbox only signs in native apps on this machine. */
export function isLoopbackRedirect(uri: string): boolean {
  try {
    const url = new URL(uri);
    return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) && !url.hash;
  } catch {
    return false;
  }
}
