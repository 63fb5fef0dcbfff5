import { AppError } from '../../services/app-error';
import type { ProxyRoute } from './routes';

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

function realmOf(proxyAuthenticate: string | undefined): string | undefined {
  const match = /realm="([^"]{0,200})"/i.exec(proxyAuthenticate ?? '');
  return match?.[1];
}

/**
 * A 407 from a proxy, as something the user can act on. Basic: the page asks for a user name and
 * password once and main keeps them in the keychain (PROXY_AUTH_REQUIRED, `details.proxy` says which).
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
  const proxy = new URL(route.proxyUrl).host;
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
