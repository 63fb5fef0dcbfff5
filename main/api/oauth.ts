import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../services/app-error';
import type { Logger } from '../services/log';
import { errorFromAnswer } from './errors';
import { decodeBody, readModel } from './reader';
import { normaliseUrl } from './service-url';
import { createTransport, type Transport } from './transport';
import type { Trust } from './trust';

/**
 * The OAuth 2.0 token endpoint (RFC 6749), which on the real service lives on a separate host.
 * Bodies are form-urlencoded; answers are snake_case JSON. Failures become sign-in codes a
 * teacher can act on (wrong password, locked, inactive, single sign-on only).
 */

export interface TokenSet {
  accessToken: string;
  refreshToken?: string;
  /** When the access token stops working, from `expires_in`; undefined when the service does not say. */
  expiresAt?: Date;
  tokenType: string;
  scope?: string;
}

export type Grant = 'password' | 'refresh_token' | 'authorization_code';

export interface OAuthClientOptions {
  tokenUrl: string;
  log: Logger;
  timeoutMs?: number;
  now?: () => Date;
  /** The app's one transport (transport.ts); absent: a private one with `trust` and no proxy. */
  transport?: Transport;
  /** Only without `transport`: which authorities HTTPS trusts (trust.ts); absent: Node's bundled roots. */
  trust?: Trust;
}

export interface OAuthClient {
  readonly tokenUrl: string;
  passwordGrant(input: { username: string; password: string; clientId: string }): Promise<TokenSet>;
  /** Rotating refresh: the answer carries the next refresh token; keep it, the old one is spent. */
  refreshGrant(input: { refreshToken: string; clientId: string }): Promise<TokenSet>;
  authorizationCodeGrant(input: {
    code: string;
    redirectUri: string;
    codeVerifier: string;
    clientId: string;
  }): Promise<TokenSet>;
  dispose(): void;
}

const tokenAnswer = z.object({
  accessToken: z.string().min(1),
  tokenType: z.string().optional(),
  expiresIn: z.number().positive().optional(),
  refreshToken: z.string().min(1).optional(),
  scope: z.string().optional(),
});

const oauthErrorBody = z.object({
  error: z.string(),
  errorDescription: z.string().optional(),
});

const signInAgain = 'Please sign in again.';

/**
 * Maps an OAuth error answer to a sign-in code. The descriptions are free text, so they are matched
 * loosely; anything unrecognised on a password sign-in is "email or password not right".
 */
export function signInErrorFrom(grant: Grant, error: string, description = ''): AppError {
  const text = description.toLowerCase();
  const details = { oauthError: error };
  if (error === 'invalid_grant') {
    if (/lock/.test(text)) {
      return new AppError(
        'ACCOUNT_LOCKED',
        'This account is locked. Ask your organisation’s administrator to unlock it.',
        details,
      );
    }
    if (/not active|inactive|deactivated|disabled|suspended/.test(text)) {
      return new AppError(
        'ACCOUNT_INACTIVE',
        'This account is not active. Ask your organisation’s administrator.',
        details,
      );
    }
    if (grant === 'refresh_token')
      return new AppError('UNAUTHENTICATED', `Your sign-in has ended. ${signInAgain}`, details);
    if (
      grant === 'password' &&
      /single sign|sso|identity provider|external (login|provider)|federat|authori[sz]ation code/.test(text)
    ) {
      return new AppError('SSO_REQUIRED', 'Your organisation signs you in with single sign-on.', details);
    }
    if (
      grant === 'password' &&
      /no account|no user|unknown (user|account|email)|(user|account|email)[^.]* (not found|does not exist|not registered)/.test(
        text,
      )
    ) {
      return new AppError('UNKNOWN_ACCOUNT', 'There is no account with that email address.', details);
    }
    if (grant === 'authorization_code') {
      return new AppError(
        'INVALID_CREDENTIALS',
        'Sign-in with your organisation could not be completed. Please try again.',
        details,
      );
    }
    return new AppError('INVALID_CREDENTIALS', 'The email address or password is not right.', details);
  }
  if (error === 'unsupported_grant_type' && grant === 'password') {
    return new AppError(
      'SSO_REQUIRED',
      'This service does not accept passwords here; sign in with single sign-on.',
      details,
    );
  }
  if (grant === 'refresh_token' && error === 'invalid_token') {
    return new AppError('UNAUTHENTICATED', `Your sign-in has ended. ${signInAgain}`, details);
  }
  // invalid_client, unauthorized_client, invalid_request, invalid_scope: the app's request itself.
  return new AppError(
    'INTERNAL',
    'The service refused the app’s sign-in request. Please check the token address.',
    details,
  );
}

/**
 * OAuth errors that mean "not now" rather than "never": RFC 6749 4.1.2.1 names the first two for the
 * authorization endpoint and some token endpoints answer them too; RFC 8628 adds `slow_down`.
 */
const tryLaterErrors = new Set(['temporarily_unavailable', 'server_error', 'slow_down']);

/**
 * True only when the token endpoint itself refused the grant with an OAuth error answer (RFC 6749 5.2:
 * 400 or 401 with `error`, such as `invalid_grant`). After a refresh grant, that is the one failure
 * that proves the refresh token dead. No answer, 408, 429, 5xx, a web page or an unreadable 200 say
 * nothing about the token (`signInErrorFrom` alone sets `oauthError`, and only for such answers).
 */
export function isGrantRejection(error: unknown): boolean {
  if (!(error instanceof AppError)) return false;
  const oauthError = error.details?.oauthError;
  return typeof oauthError === 'string' && !tryLaterErrors.has(oauthError);
}

export function createOAuthClient(options: OAuthClientOptions): OAuthClient {
  const tokenUrl = normaliseUrl(options.tokenUrl, 'token');
  const host = new URL(tokenUrl).host;
  const now = options.now ?? (() => new Date());
  const ownTransport = options.transport
    ? undefined
    : createTransport({ log: options.log, ...(options.trust ? { trust: options.trust } : {}) });
  const transport = options.transport ?? (ownTransport as Transport);

  async function grant(kind: Grant, fields: Record<string, string>): Promise<TokenSet> {
    const started = performance.now();
    let status: number;
    let text: string;
    let contentType: string;
    let headers: Record<string, string | undefined>;
    try {
      const response = await transport.send(
        {
          method: 'POST',
          url: tokenUrl,
          data: new URLSearchParams({ grant_type: kind, ...fields }).toString(),
          headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
          timeout: options.timeoutMs ?? 30_000,
        },
        { host },
      );
      status = response.status;
      text = typeof response.data === 'string' ? response.data : '';
      headers = Object.fromEntries(
        Object.entries(response.headers as Record<string, unknown>).map(([k, v]) => [
          k.toLowerCase(),
          v == null ? undefined : String(v),
        ]),
      );
      contentType = headers['content-type'] ?? '';
    } catch (error) {
      if (error instanceof AppError) {
        options.log.warn('token request failed', { grant: kind, code: error.code, cause: error.details?.cause });
      }
      throw error;
    }
    options.log.info('token request', { grant: kind, status, ms: Math.round(performance.now() - started) });

    let body: unknown = text;
    try {
      body = decodeBody(contentType, text, 'sign-in answer');
    } catch (error) {
      // An HTML page (or nothing readable) from the token address: not a token endpoint.
      if (status >= 200 && status < 300) throw error;
    }
    if (status >= 200 && status < 300) {
      const answer = readModel(tokenAnswer, body, 'sign-in answer');
      return {
        accessToken: answer.accessToken,
        tokenType: answer.tokenType ?? 'Bearer',
        ...(answer.refreshToken ? { refreshToken: answer.refreshToken } : {}),
        ...(answer.expiresIn ? { expiresAt: new Date(now().getTime() + answer.expiresIn * 1000) } : {}),
        ...(answer.scope ? { scope: answer.scope } : {}),
      };
    }
    // RFC 6749 5.2: 400 (or 401 for client authentication) with { error, error_description }.
    if (status === 400 || status === 401) {
      const parsed = oauthErrorBody.safeParse(
        body !== null && typeof body === 'object' ? camelizeOAuth(body) : undefined,
      );
      if (parsed.success) throw signInErrorFrom(kind, parsed.data.error, parsed.data.errorDescription);
    }
    throw errorFromAnswer({ status, headers, contentType, body }, { host, probe: true });
  }

  return {
    tokenUrl,
    passwordGrant: ({ username, password, clientId }) => grant('password', { username, password, client_id: clientId }),
    refreshGrant: ({ refreshToken, clientId }) =>
      grant('refresh_token', { refresh_token: refreshToken, client_id: clientId }),
    authorizationCodeGrant: ({ code, redirectUri, codeVerifier, clientId }) =>
      grant('authorization_code', {
        code,
        redirect_uri: redirectUri,
        code_verifier: codeVerifier,
        client_id: clientId,
      }),
    dispose() {
      ownTransport?.dispose();
    },
  };
}

/** `error_description` or `ErrorDescription` → `errorDescription`, without pulling in the whole reader. */
function camelizeOAuth(body: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const lower = key.replace(/[_-]/g, '').toLowerCase();
    if (lower === 'error') out.error = value;
    if (lower === 'errordescription') out.errorDescription = value;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Authorization code with PKCE (RFC 7636): what single sign-on does in the system browser.

const base64url = (bytes: Buffer): string => bytes.toString('base64url');

export interface Pkce {
  verifier: string;
  /** S256: base64url(sha256(verifier)). */
  challenge: string;
}

export function pkceChallenge(verifier: string): string {
  return base64url(createHash('sha256').update(verifier, 'ascii').digest());
}

/** A 43-character verifier from 32 random bytes, and its S256 challenge. */
export function createPkce(): Pkce {
  const verifier = base64url(randomBytes(32));
  return { verifier, challenge: pkceChallenge(verifier) };
}

/** An unguessable `state` that ties the browser's answer to the sign-in the app started. */
export function randomState(): string {
  return base64url(randomBytes(16));
}

export function buildAuthorizeUrl(input: {
  authorizeUrl: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  state: string;
  loginHint?: string;
  scope?: string;
}): string {
  // Same rules as any address (https, or http to this computer), but the query is kept: the
  // service may put something in its sign-in address (a tenant, say); ours are set on top.
  normaliseUrl(input.authorizeUrl, 'token');
  const url = new URL(input.authorizeUrl.trim());
  url.hash = '';
  const params = url.searchParams;
  params.set('response_type', 'code');
  params.set('client_id', input.clientId);
  params.set('redirect_uri', input.redirectUri);
  params.set('code_challenge', input.codeChallenge);
  params.set('code_challenge_method', 'S256');
  params.set('state', input.state);
  if (input.loginHint) params.set('login_hint', input.loginHint);
  if (input.scope) params.set('scope', input.scope);
  return url.toString();
}

/**
 * Reads the browser's return to the loopback redirect: the code, or why there is none. A state that
 * does not match is refused: the answer belongs to some other sign-in.
 */
export function parseAuthorizationCallback(callbackUrl: string, expectedState: string): { code: string } {
  const params = new URL(callbackUrl, 'http://127.0.0.1').searchParams;
  const error = params.get('error');
  if (params.get('state') !== expectedState) {
    throw new AppError('SSO_CANCELLED', 'Sign-in with your organisation could not be completed. Please try again.', {
      reason: 'state_mismatch',
    });
  }
  if (error) {
    throw new AppError(
      'SSO_CANCELLED',
      error === 'access_denied'
        ? 'Sign-in with your organisation was cancelled.'
        : 'Sign-in with your organisation could not be completed. Please try again.',
      { reason: error },
    );
  }
  const code = params.get('code');
  if (!code) {
    throw new AppError('SSO_CANCELLED', 'Sign-in with your organisation could not be completed. Please try again.', {
      reason: 'no_code',
    });
  }
  return { code };
}
