import { AppError } from '../app-error';

/**
 * Which file addresses main fetches, and with what. A file's URL comes from the service's answer,
 * so it is data, not trusted: the bearer token goes only to the service's own origin, plain http
 * is followed only to that origin (as the service is configured, e.g. a local sandbox), and
 * nothing but http(s) is fetched at all.
 */
export type UrlDecision = { kind: 'fetch'; url: string; withToken: boolean } | { kind: 'refuse'; error: AppError };

export function judgeFileUrl(fileUrl: string, serviceUrl: string): UrlDecision {
  let url: URL;
  let service: URL;
  try {
    // A relative URL is relative to the service.
    service = new URL(serviceUrl);
    url = new URL(fileUrl, service.origin + '/');
  } catch {
    return refuse(fileUrl, 'The file’s address given by the service could not be read.');
  }
  if (url.username || url.password) {
    return refuse(fileUrl, 'The file’s address given by the service carries a password, so it is not fetched.');
  }
  const ownOrigin = url.origin === service.origin;
  if (ownOrigin) return { kind: 'fetch', url: url.toString(), withToken: true };
  if (url.protocol === 'https:') return { kind: 'fetch', url: url.toString(), withToken: false };
  if (url.protocol === 'http:') {
    return refuse(
      url.toString(),
      `The service gave an unencrypted address for this file on another server (${url.host}), so it was not downloaded.`,
    );
  }
  return refuse(url.toString(), 'The file’s address given by the service is not a web address, so it was not fetched.');
}

function refuse(url: string, message: string): UrlDecision {
  let host = '';
  try {
    host = new URL(url).host;
  } catch {
    // nothing to name
  }
  return { kind: 'refuse', error: new AppError('INSECURE_URL', message, host ? { host } : {}) };
}
