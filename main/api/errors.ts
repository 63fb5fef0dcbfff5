import { isCancel } from 'axios';
import type { ErrorCode } from '../../preload/contract';
import { AppError } from '../services/app-error';
import { looksLikeHtml } from './reader';

/**
 * Turns whatever went wrong talking to the service into an AppError with a code the UI can act on
 * and a sentence a teacher understands. Nothing here ever repeats a header, so no token can leak
 * into a message; the service's own wording goes to `details.serviceMessage` only.
 */

export interface FailureContext {
  /** Host name for the message ("vc.example.org"); never the whole URL (it may carry a query). */
  host?: string;
  /**
   * The request went to a path every real service answers (the sign-in method, the profile), so a 404
   * or an HTML page means the address is wrong rather than a record missing.
   */
  probe?: boolean;
  /** Clock for Retry-After dates; tests inject it. */
  now?: () => number;
  /**
   * The request carried a token the session had just refreshed: a 401 that does not say
   * `invalid_token` is then a permission answer, not a reason to sign out.
   */
  freshToken?: boolean;
}

/** An HTTP answer that was not a success: status, headers (lower-case names) and the decoded body if any. */
export interface FailedAnswer {
  status: number;
  headers: Record<string, string | undefined>;
  contentType?: string;
  /** Decoded body (JSON/XML), or the raw text when it could not be decoded. */
  body: unknown;
}

const at = (context: FailureContext): string => (context.host ? ` at ${context.host}` : '');

const tlsCodes = new Set([
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_SIGNATURE_FAILURE',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'HOSTNAME_MISMATCH',
  'EPROTO',
]);
const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EAI_NONAME',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EHOSTDOWN',
  'EADDRNOTAVAIL',
  'ERR_NETWORK',
  'ERR_SOCKET_CONNECTION_TIMEOUT',
]);
const timeoutCodes = new Set(['ETIMEDOUT', 'ECONNABORTED', 'ESOCKETTIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT']);

/** Every error code on the error, its cause, and inside an AggregateError (happy-eyeballs connects). */
function codesOf(error: unknown, depth = 0): string[] {
  if (depth > 4 || error === null || typeof error !== 'object') return [];
  const record = error as { code?: unknown; cause?: unknown; errors?: unknown };
  const own = typeof record.code === 'string' ? [record.code] : [];
  const nested = Array.isArray(record.errors) ? record.errors.flatMap((inner) => codesOf(inner, depth + 1)) : [];
  return [...own, ...codesOf(record.cause, depth + 1), ...nested];
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** True for a request the caller cancelled (AbortController); these are not failures to report. */
export function isCancellation(error: unknown): boolean {
  return isCancel(error) || codesOf(error).includes('ERR_CANCELED') || (error as Error | null)?.name === 'AbortError';
}

/**
 * A failure before any HTTP answer arrived: DNS, refused or reset connections, TLS, timeouts.
 * An AppError passes through unchanged.
 */
export function errorFromFailure(error: unknown, context: FailureContext = {}): AppError {
  if (error instanceof AppError) return error;
  const codes = codesOf(error);
  const text = messageOf(error);
  const where = at(context);
  const details = { cause: codes[0] ?? 'unknown' };
  if (
    codes.some((code) => code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_') || tlsCodes.has(code)) ||
    /certificate|ssl|tls/i.test(text)
  ) {
    return new AppError(
      'TLS',
      `The secure connection to the service${where} could not be verified. Its certificate is not trusted by this computer.`,
      details,
    );
  }
  if (codes.some((code) => timeoutCodes.has(code)) || /timeout/i.test(text)) {
    return new AppError('TIMEOUT', `The service${where} took too long to answer. Please try again.`, details);
  }
  // Refused, unknown host, reset before an answer, offline, or anything else below HTTP.
  return new AppError(
    'UNREACHABLE',
    `The service${where} could not be reached. Check the address and your internet connection.`,
    { ...details, ...(codes.some((code) => unreachableCodes.has(code)) ? {} : { unrecognised: true }) },
  );
}

// ---------------------------------------------------------------------------------------------
// Certificates from an authority this computer does not trust

/** A name from a certificate: only what a person can recognise (and IT can search for). */
export interface CertificateName {
  commonName?: string;
  organisation?: string;
}

/** One certificate of the chain a server presented (main/api/trust.ts reads it). */
export interface PresentedCertificate {
  subject: CertificateName;
  issuer: CertificateName;
  validTo: string;
  fingerprint256: string;
}

/**
 * The failures that mean "no trusted authority signed this chain": what a TLS-inspecting firewall whose
 * root IT has not deployed causes. Expired or wrongly named certificates are other problems.
 */
export const untrustedIssuerCodes: ReadonlySet<string> = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_UNTRUSTED',
]);

/** A TLS failure worth reading the presented chain for, to name its authority. */
export function isUntrustedIssuer(error: AppError): boolean {
  return error.code === 'TLS' && untrustedIssuerCodes.has(String(error.details?.cause));
}

const nameText = (name: CertificateName): string | undefined => {
  const { commonName, organisation } = name;
  if (commonName && organisation && organisation !== commonName) return `'${commonName}' (${organisation})`;
  const one = commonName ?? organisation;
  return one ? `'${one}'` : undefined;
};

/**
 * Names the authority at the top of the chain (the one this computer would have to trust) and says
 * what IT can do, with the facts to copy into a ticket. Certificates are public, so nothing here is
 * secret; the chain comes from a second connection that sent nothing (readPresentedChain).
 */
export function untrustedCertificateError(
  failure: AppError,
  chain: readonly PresentedCertificate[],
  context: FailureContext = {},
): AppError {
  const leaf = chain[0];
  const top = chain[chain.length - 1];
  if (!leaf || !top) return failure;
  const issuer = nameText(top.issuer) ?? 'an unnamed authority';
  const authority = top.issuer.commonName ?? top.issuer.organisation ?? 'that authority';
  // The top certificate is the authority itself when the server sent it (a self-signed root).
  const topIsRoot =
    top.issuer.commonName === top.subject.commonName && top.issuer.organisation === top.subject.organisation;
  return new AppError(
    'TLS',
    `The service's certificate was issued by ${issuer}, which this computer does not trust. ` +
      `If your school inspects web traffic, ask IT to deploy ${authority}'s certificate (or name it in the CaCertificateFile policy).`,
    {
      ...failure.details,
      ...(context.host ? { host: context.host } : {}),
      issuer: issuer.replace(/'/g, ''),
      subject: leaf.subject.commonName ?? leaf.subject.organisation ?? '',
      validTo: leaf.validTo,
      fingerprint256: leaf.fingerprint256,
      ...(topIsRoot && chain.length > 1 ? { issuerFingerprint256: top.fingerprint256 } : {}),
    },
  );
}

// ---------------------------------------------------------------------------------------------
// HTTP answers

function memberIgnoringCase(body: unknown, names: readonly string[]): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const entries = Object.entries(body as Record<string, unknown>);
  for (const name of names) {
    const hit = entries.find(([key]) => key.toLowerCase() === name.toLowerCase());
    if (hit && hit[1] !== undefined && hit[1] !== null && hit[1] !== '') return hit[1];
  }
  return undefined;
}

/** The service's own short explanation: problem details `Title`/`Detail`, or an older `Message`. */
export function serviceMessageOf(body: unknown): string | undefined {
  if (typeof body === 'string') {
    const text = body.trim();
    return text !== '' && text.length <= 300 && !looksLikeHtml(text) ? text : undefined;
  }
  const value = memberIgnoringCase(body, ['detail', 'title', 'message', 'error_description', 'errorMessage', 'error']);
  return typeof value === 'string' ? value : undefined;
}

/**
 * Field errors from problem details (`Errors`/`errors`) or an older ASP.NET `ModelState`, in any case:
 * `{ "Title": ["The Title field is required."] }`. XML lists arrive as `{ string: [...] }` or a lone value.
 */
export function fieldErrorsOf(body: unknown): Record<string, string[]> | undefined {
  const errors = memberIgnoringCase(body, ['errors', 'modelState']);
  if (errors === undefined || typeof errors !== 'object' || errors === null) return undefined;
  const fields: Record<string, string[]> = {};
  const asTexts = (value: unknown): string[] => {
    if (Array.isArray(value)) return value.flatMap(asTexts);
    if (value !== null && typeof value === 'object') return Object.values(value).flatMap(asTexts);
    return value === undefined || value === null || value === '' ? [] : [String(value)];
  };
  if (Array.isArray(errors)) {
    // Some services send `[{ field, message }]`.
    for (const entry of errors) {
      const field = memberIgnoringCase(entry, ['field', 'propertyName', 'name', 'key']);
      const message = memberIgnoringCase(entry, ['message', 'errorMessage', 'error']);
      if (typeof field === 'string') (fields[field] ??= []).push(...asTexts(message));
    }
  } else {
    for (const [field, messages] of Object.entries(errors as Record<string, unknown>))
      fields[field] = asTexts(messages);
  }
  return Object.keys(fields).length > 0 ? fields : undefined;
}

/** Retry-After in milliseconds: delta-seconds or an HTTP date (RFC 9110 10.2.3). */
export function retryAfterMs(value: string | undefined, now: () => number = Date.now): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now());
}

/** What a 401's `WWW-Authenticate` says about the token (RFC 6750 section 3). */
export type BearerChallenge = 'invalid-token' | 'bearer' | 'none';

export function bearerChallenge(wwwAuthenticate: string | undefined): BearerChallenge {
  const challenge = (wwwAuthenticate ?? '').toLowerCase();
  if (!challenge.includes('bearer')) return 'none';
  if (challenge.includes('invalid_token')) return 'invalid-token';
  // `insufficient_scope` and the like are about rights, not the token.
  return challenge.includes('error=') ? 'none' : 'bearer';
}

/**
 * A 401 worth one refresh: the token was refused (`error="invalid_token"`, how the sandbox marks it),
 * or a bare `Bearer` challenge (how many services answer an expired token, and also how the sandbox
 * answers the interface's own "not a member of this organisation" 401 for group labels; one refresh
 * then tells the two apart). A 401 without a Bearer challenge is about permission.
 */
export function isTokenRejection(status: number, wwwAuthenticate: string | undefined): boolean {
  return status === 401 && bearerChallenge(wwwAuthenticate) !== 'none';
}

function isHtmlAnswer(answer: FailedAnswer): boolean {
  const type = (answer.contentType ?? '').toLowerCase();
  return type.includes('text/html') || (typeof answer.body === 'string' && looksLikeHtml(answer.body));
}

const byStatus = (status: number): { code: ErrorCode; message: string } => {
  if (status === 400 || status === 422) return { code: 'VALIDATION', message: 'Some details need correcting.' };
  if (status === 401) return { code: 'UNAUTHENTICATED', message: 'You are signed out. Please sign in again.' };
  if (status === 403) return { code: 'FORBIDDEN', message: 'You do not have permission to do that.' };
  if (status === 404 || status === 410)
    return { code: 'NOT_FOUND', message: 'That could not be found. It may have been deleted.' };
  if (status === 409) return { code: 'CONFLICT', message: 'That clashes with something that already exists.' };
  if (status === 413) return { code: 'TOO_LARGE', message: 'That file is too large for the service.' };
  if (status === 415) return { code: 'VALIDATION', message: 'The service does not accept this kind of file.' };
  if (status === 429) return { code: 'RATE_LIMITED', message: 'The service is busy. The app will try again shortly.' };
  if (status >= 500) return { code: 'SERVER_ERROR', message: 'The service had a problem. Please try again later.' };
  return { code: 'BAD_RESPONSE', message: 'The service sent an answer the app could not read.' };
};

/** Maps an HTTP answer that is not a success (3xx, 4xx, 5xx) to an AppError. */
export function errorFromAnswer(answer: FailedAnswer, context: FailureContext = {}): AppError {
  const { status } = answer;
  const where = at(context);
  const serviceMessage = serviceMessageOf(answer.body);
  const base: Record<string, unknown> = { status, ...(serviceMessage ? { serviceMessage } : {}) };

  if (status >= 300 && status < 400) {
    // maxRedirects is 0 (redirects would buffer uploads); a service does not redirect its API.
    const location = answer.headers.location;
    return new AppError(
      'NOT_A_SERVICE',
      `The address${where} sends the app somewhere else, so it is not the service's address.`,
      { status, ...(location ? { location } : {}) },
    );
  }
  if ((status === 404 || status === 405) && (context.probe || isHtmlAnswer(answer))) {
    return new AppError(
      'NOT_A_SERVICE',
      `Something answered${where}, but it is not the video service. Check the address.`,
      {
        status,
      },
    );
  }
  const challenge = bearerChallenge(answer.headers['www-authenticate']);
  if (status === 401 && (challenge === 'none' || (context.freshToken && challenge !== 'invalid-token'))) {
    // The interface's own 401 for reading another organisation's group labels: a permission, not a sign-out.
    return new AppError('FORBIDDEN', 'You do not have permission to do that.', base);
  }
  const { code, message } = byStatus(status);
  if (code === 'VALIDATION') {
    const fields = fieldErrorsOf(answer.body);
    return new AppError(code, message, { ...base, ...(fields ? { fields } : {}) });
  }
  if (code === 'RATE_LIMITED') {
    const wait = retryAfterMs(answer.headers['retry-after'], context.now);
    return new AppError(code, message, { ...base, ...(wait !== undefined ? { retryAfterMs: wait } : {}) });
  }
  if (code === 'SERVER_ERROR') {
    const wait = retryAfterMs(answer.headers['retry-after'], context.now);
    return new AppError(code, message, { ...base, ...(wait !== undefined ? { retryAfterMs: wait } : {}) });
  }
  return new AppError(code, message, base);
}
