import { AppError } from '../services/app-error';

/** Hosts that never leave this computer, where plain http cannot be read by anyone else. */
const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

export interface ServiceAddresses {
  /** Normalised service base URL: origin plus any base path, no trailing slash, no query or fragment. */
  serviceUrl: string;
  /** Token endpoint; derived as `<service origin>/oauth2/token` unless given. */
  tokenUrl: string;
}

/** The scheme, host and port of an address, e.g. `https://vc.example:8443`. */
export function originOf(url: string): string {
  return new URL(url).origin;
}

export function isLoopbackHost(hostname: string): boolean {
  return loopbackHosts.has(hostname.toLowerCase());
}

/**
 * Parses and checks one address the user typed. Only https is accepted, except plain http to this
 * computer (the sandbox). Credentials in the address are refused because they would end up in logs.
 */
export function normaliseUrl(input: string, what: 'service' | 'token' = 'service'): string {
  const label = what === 'service' ? 'service address' : 'token address';
  const trimmed = input.trim();
  let url: URL;
  try {
    // A bare host name ("vc.example.org") is what people type; assume https for it.
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    throw new AppError('INVALID_ARGUMENT', `The ${label} is not a web address.`, { field: what });
  }
  if (trimmed === '' || url.hostname === '') {
    throw new AppError('INVALID_ARGUMENT', `The ${label} is not a web address.`, { field: what });
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    throw new AppError(
      'INSECURE_URL',
      `The ${label} must start with https:// (plain http is only allowed for this computer).`,
      { field: what },
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw new AppError('INVALID_ARGUMENT', `The ${label} must not contain a user name or password.`, { field: what });
  }
  url.search = '';
  url.hash = '';
  return url.toString().replace(/\/+$/, '');
}

/** The token endpoint the sandbox and, by convention, the service use when no separate one is configured. */
export function deriveTokenUrl(serviceUrl: string): string {
  return `${originOf(serviceUrl)}/oauth2/token`;
}

/** The sign-in page (authorization endpoint) next to a token endpoint: `<token origin>/oauth2/authorize`. */
export function deriveAuthorizeUrl(tokenUrl: string): string {
  return `${originOf(tokenUrl)}/oauth2/authorize`;
}

/**
 * Validates the service address and the token address (blank or missing means "derive it"), so that
 * settings and sign-in agree on one normalised pair.
 */
export function resolveServiceAddresses(input: {
  serviceUrl: string;
  tokenUrl?: string | undefined;
}): ServiceAddresses {
  const serviceUrl = normaliseUrl(input.serviceUrl, 'service');
  const given = input.tokenUrl?.trim();
  const tokenUrl = given ? normaliseUrl(given, 'token') : deriveTokenUrl(serviceUrl);
  return { serviceUrl, tokenUrl };
}
