import axios, { type AxiosInstance, type AxiosResponse } from 'axios';
import http from 'node:http';
import https from 'node:https';
import type { Trust } from '../../api/trust';

/**
 * What the upload queue needs from the session: where the service is, the current access token,
 * and a way to refresh it after a 401. The session service implements this (the queue never
 * sees a refresh token or a password).
 */
export interface UploadServiceAccess {
  serviceUrl: string;
  /** The current access token, or undefined when signed out. */
  accessToken(): Promise<string | undefined>;
  /**
   * Called once when a request answered 401 with `failedToken`. Answers a new token (refreshing
   * if nobody has yet: concurrent uploads hit the same expiry together, so the implementation
   * should refresh once and hand the result to all), or undefined when the session is over.
   */
  refreshAfter401(failedToken: string): Promise<string | undefined>;
}

/**
 * One axios instance for uploads and reconciliation lists. The Node http adapter streams request
 * bodies; `maxRedirects: 0` matters because follow-redirects otherwise buffers the whole body in
 * memory to be able to replay it (FIELD-NOTES: 300 MiB of RSS for a 300 MiB file). Keep-alive
 * saves a TCP handshake per file, which counts when a batch has thousands of small files.
 */
export function createUploadAxios(trust?: Trust): AxiosInstance {
  return axios.create({
    adapter: 'http',
    maxRedirects: 0,
    // -1 is axios's "no limit" and its default. Infinity also means no limit but puts a counting
    // Transform stream between the body and the socket: one more hop for every chunk of every file.
    maxBodyLength: -1,
    // Answers are small JSON objects and lists; a runaway answer should not fill memory.
    maxContentLength: 64 * 1024 * 1024,
    validateStatus: () => true,
    httpAgent: new http.Agent({ keepAlive: true }),
    // The same authorities as sign-in and the API (main/api/trust.ts): a school's inspection root too.
    httpsAgent: new https.Agent({ keepAlive: true, ...trust?.agentOptions }),
  });
}

export type Authorised<T> = { kind: 'answered'; response: AxiosResponse<T> } | { kind: 'signed-out' };

/**
 * Runs a request with the bearer token; on a 401, asks the session for a refreshed token once and
 * runs it again. A second 401, or no token at all, means signed out.
 */
export async function withBearer<T>(
  access: UploadServiceAccess,
  run: (authorization: string) => Promise<AxiosResponse<T>>,
): Promise<Authorised<T>> {
  const token = await access.accessToken();
  if (token === undefined) return { kind: 'signed-out' };
  const first = await run(`Bearer ${token}`);
  if (first.status !== 401) return { kind: 'answered', response: first };
  const refreshed = await access.refreshAfter401(token);
  if (refreshed === undefined) return { kind: 'signed-out' };
  const second = await run(`Bearer ${refreshed}`);
  if (second.status === 401) return { kind: 'signed-out' };
  return { kind: 'answered', response: second };
}

export function joinUrl(serviceUrl: string, path: string): string {
  return serviceUrl.replace(/\/+$/, '') + path;
}
