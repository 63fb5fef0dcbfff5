import { AppError } from '../../services/app-error';
import { proxyKey, type ProxyRoute } from './routes';

/** The schemes a Proxy-Authenticate header offers, upper-case ("BASIC", "NTLM", "NEGOTIATE"). */
export function offeredSchemes(proxyAuthenticate: string | undefined): string[] {
  if (!proxyAuthenticate) return [];
  // Several challenges may share one header: `Negotiate, NTLM, Basic realm="x, y"`. Quoted values are
  // emptied first (they may hold commas); then a scheme is a token that starts a comma-separated part
  // and is not itself a parameter's name (`realm=`).
  const unquoted = proxyAuthenticate.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  const schemes = new Set<string>();
  for (const part of unquoted.split(',')) {
    const match = /^\s*([A-Za-z][A-Za-z0-9-]*)(?:\s+|$)(?!=)/.exec(part);
    if (match?.[1] && !/^\s*[A-Za-z0-9-]+\s*=/.test(part)) schemes.add(match[1].toUpperCase());
  }
  return [...schemes];
}

/** Longest realm shown; a realm names a place ("School proxy"), it is not a message. */
const maxRealmLength = 100;

/**
 * The realm a Basic challenge names, as text that is safe to show: the proxy chose it, so control and
 * bidirectional-override characters (which could make it read as something else) are removed,
 * whitespace is collapsed and the length is capped. The page shows it as the proxy's words, never
 * as the app's.
 */
export function realmOf(proxyAuthenticate: string | undefined): string | undefined {
  const match = /realm="((?:[^"\\]|\\.){0,400})"/i.exec(proxyAuthenticate ?? '');
  if (!match?.[1]) return undefined;
  const text = match[1]
    .replace(/\\(.)/g, '$1')
    // Controls (Cc) and format characters (Cf: the marks, embeddings, overrides and isolates of
    // bidirectional text, zero-width characters).
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return undefined;
  return text.length > maxRealmLength ? `${text.slice(0, maxRealmLength - 1)}…` : text;
}

/**
 * A 407 from a proxy, as something the user can act on. Basic: the page asks for a user name and
 * password once and main keeps them in the keychain (PROXY_AUTH_REQUIRED; `details.proxy` says which,
 * as `scheme://host:port`, proxyKey).
 * NTLM or Kerberos (Negotiate) only: Node's HTTP stack cannot answer those, and Electron's network
 * stack that can buffers whole request bodies, which rules it out for uploads of classroom videos;
 * so the app says plainly what IT can change (PROXY_AUTH_UNSUPPORTED) rather than failing vaguely.
 */
export function proxyAuthError(
  route: Extract<ProxyRoute, { kind: 'proxy' }>,
  proxyAuthenticate: string | undefined,
  /** Whether the request carried a saved credential (then the proxy refused it). */
  hadCredential: boolean,
): AppError {
  // Scheme, host and port: how the credential is kept, and how the person is told which proxy asks.
  const proxy = proxyKey(route.proxyUrl);
  const schemes = offeredSchemes(proxyAuthenticate);
  const realm = realmOf(proxyAuthenticate);
  if (schemes.includes('BASIC') || schemes.length === 0) {
    const rejected = hadCredential;
    return new AppError(
      'PROXY_AUTH_REQUIRED',
      rejected
        ? `The proxy ${proxy} did not accept the saved user name and password. Please enter them again.`
        : `The proxy ${proxy} asks for a user name and password.`,
      { proxy, scheme: 'Basic', ...(realm ? { realm } : {}), ...(rejected ? { rejected: true } : {}) },
    );
  }
  return new AppError(
    'PROXY_AUTH_UNSUPPORTED',
    `The proxy ${proxy} asks for Windows sign-in (${schemes.join(', ')}), which this app cannot answer. ` +
      'Ask IT to let the service bypass the proxy, or to allow Basic sign-in to it.',
    { proxy, schemes },
  );
}
