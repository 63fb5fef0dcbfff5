import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Readable } from 'node:stream';
import type { AxiosResponse, Method } from 'axios';
import FormData from 'form-data';
import { AppError } from '../services/app-error';
import type { Logger } from '../services/log';
import { bearerChallenge, errorFromAnswer, isCancellation, isTokenRejection, type FailureContext } from './errors';
import { camelize, decodeBody } from './reader';
import { normaliseUrl } from './service-url';
import { createTransport, type Transport } from './transport';
import type { Trust } from './trust';

/** What the HTTP layer needs from the session service, which owns the tokens and serialises refreshes. */
export interface SessionTokens {
  /** The current access token, or undefined when signed out (the request then goes without one). */
  accessToken(): Promise<string | undefined>;
  /**
   * Called once when the service refused `failedToken`; answers a fresh token, or undefined when the
   * session could not refresh (the session signs out). Parallel callers should share one refresh.
   */
  refreshAfter401(failedToken: string): Promise<string | undefined>;
}

export interface ServiceHttpOptions {
  serviceUrl: string;
  /** Absent for a connection used only anonymously (checking an address, the sign-in method). */
  session?: SessionTokens;
  log: Logger;
  /** Whole-request limit for API calls; uploads have their own (default none). Default 30 s. */
  timeoutMs?: number;
  /** Clock for Retry-After dates. */
  now?: () => number;
  /**
   * The app's one transport (transport.ts: proxy, trust, user agent, limits), shared by every connection.
   * Absent: a private one with `trust` and no proxy (tests, and the first check of an address).
   */
  transport?: Transport;
  /** Only without `transport`: which authorities HTTPS trusts (trust.ts); absent: Node's bundled roots. */
  trust?: Trust;
  /** Told how each request went (the signed-in connection's: service-reachability.ts); absent: nobody. */
  watch?: RequestWatch;
}

/**
 * Hears the outcome of every request a connection makes: an answer the app could use, or a failure
 * (the watcher judges which failures mean "unreachable"). Cancellations are not reported.
 */
export interface RequestWatch {
  answered(): void;
  failed(error: unknown): void;
}

export interface RequestOptions {
  /** Query parameters; arrays are repeated (`labelIds=1&labelIds=2`), undefined ones left out. */
  params?: Record<string, unknown>;
  /** Extra headers, e.g. `{ Accept: 'application/xml' }`. Never put a token here: the session supplies it. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Send no bearer token (the sign-in method endpoint). */
  anonymous?: boolean;
  /** A path every real service has: a 404 or an HTML page there means "not the service". */
  probe?: boolean;
  timeoutMs?: number;
  /** Names the answer in a BAD_RESPONSE message, e.g. "profile". */
  what?: string;
  /**
   * Leave member names as the service wrote them: for a caller that reads the answer with the tolerant
   * reader (which turns each name it reads into camelCase) and would otherwise pay for copying a large
   * answer twice.
   */
  keepNames?: boolean;
}

export interface UploadFile {
  filePath: string;
  /** Multipart part name; the interface uses `File`. */
  fieldName?: string;
  /** Name sent for the file; defaults to the file's own name. */
  fileName?: string;
  contentType?: string;
}

export interface UploadOptions extends RequestOptions {
  method?: 'PUT' | 'POST';
  /** Bytes of the multipart body sent so far, and its total. */
  onProgress?: (sent: number, total: number) => void;
}

export interface ServiceAnswer {
  status: number;
  /** Response headers with lower-case names. */
  headers: Record<string, string | undefined>;
  contentType: string;
  /** The body decoded (JSON, XML or text) with member names in camelCase (unless `keepNames`); null when empty (204). */
  data: unknown;
}

/**
 * A request whose every answer the caller judges itself (uploads: a 413, 429 or 5xx is a retry decision,
 * not an error). `body` is built afresh for each attempt, because a stream can be sent only once.
 */
export interface ExchangeRequest {
  method: Method;
  path: string;
  body?: () => { data: unknown; headers: Record<string, string> };
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Whole-request limit; 0 for none (an upload is judged by its own stall timer). Default 30 s. */
  timeoutMs?: number;
}

/** An exchange's outcome: the answer with its body decoded where it can be, or "the session is over". */
export type Exchanged =
  | { kind: 'answered'; status: number; headers: Record<string, string | undefined>; data: unknown }
  | { kind: 'signed-out' };

/**
 * A file's bytes as they arrive (downloads). `body` must be read to its end or destroyed. Any status
 * is answered (a redirect or an error is the caller's to judge); signed-out when the service refused
 * the token and no fresh one could be had.
 */
export type StreamedAnswer =
  | { kind: 'answered'; status: number; headers: Record<string, string | undefined>; body: Readable }
  | { kind: 'signed-out' };

export interface StreamRequest {
  signal?: AbortSignal;
  /** Whole-request limit; default none (a large file takes as long as it takes: the caller's stall timer judges). */
  timeoutMs?: number;
}

export interface ServiceHttp {
  readonly serviceUrl: string;
  request(method: Method, path: string, options?: RequestOptions & { body?: unknown }): Promise<ServiceAnswer>;
  get(path: string, options?: RequestOptions): Promise<unknown>;
  post(path: string, body?: unknown, options?: RequestOptions): Promise<unknown>;
  put(path: string, body?: unknown, options?: RequestOptions): Promise<unknown>;
  /** DELETE; an empty answer (204, or 200 with nothing) is null. */
  del(path: string, options?: RequestOptions): Promise<unknown>;
  /** Streams one file from disk as multipart/form-data (never buffered whole). */
  upload(path: string, file: UploadFile, options?: UploadOptions): Promise<unknown>;
  /**
   * Sends with the bearer token (one refresh and retry after a refused token) and answers whatever status
   * came back; throws only when no answer came (an AppError naming the host, or a cancellation).
   */
  exchange(request: ExchangeRequest): Promise<Exchanged>;
  /**
   * GETs an absolute URL as a stream. The bearer token goes along only when the URL is on the
   * service's own origin (scheme, host and port): never to any other server, whatever the caller asks.
   */
  stream(url: string, request?: StreamRequest): Promise<StreamedAnswer>;
  /**
   * Whether anything answers at the service address (any status counts, through the proxy if any):
   * tells a dead network from a bad answer. Never sends a token.
   */
  reachable(timeoutMs?: number): Promise<boolean>;
  /** Closes kept-alive connections. */
  dispose(): void;
}

/** Repeated keys for arrays (ASP.NET binds `labelIds=1&labelIds=2`), ISO strings for dates. */
export function serializeParams(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null) return;
    search.append(key, value instanceof Date ? value.toISOString() : String(value));
  };
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) value.forEach((item) => add(key, item));
    else add(key, value);
  }
  return search.toString();
}

function lowerHeaders(headers: AxiosResponse['headers']): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(headers as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    out[key.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

interface Attempt {
  method: Method;
  path: string;
  options: RequestOptions;
  /** Builds the body afresh for each attempt: a stream can be sent only once. */
  body?: () => Promise<{ data: unknown; headers: Record<string, string> }>;
  timeoutMs: number;
  onUploadProgress?: (event: { loaded: number; total?: number }) => void;
}

export function createServiceHttp(options: ServiceHttpOptions): ServiceHttp {
  const serviceUrl = normaliseUrl(options.serviceUrl);
  const host = new URL(serviceUrl).host;
  const { session, log } = options;
  const defaultTimeout = options.timeoutMs ?? 30_000;
  // A private transport is closed with this connection; the app's shared one outlives it.
  const ownTransport = options.transport
    ? undefined
    : createTransport({ log, ...(options.trust ? { trust: options.trust } : {}) });
  const transport = options.transport ?? (ownTransport as Transport);

  /** Runs one request, telling the watcher how it went. */
  async function watched<T>(work: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await work();
    } catch (error) {
      if (!isCancellation(error)) options.watch?.failed(error);
      throw error;
    }
    options.watch?.answered();
    return result;
  }

  const context = (request: RequestOptions): FailureContext => ({
    host,
    ...(request.probe ? { probe: true } : {}),
    ...(options.now ? { now: options.now } : {}),
  });

  async function send(attempt: Attempt, token: string | undefined): Promise<AxiosResponse<string>> {
    const started = performance.now();
    const body = attempt.body ? await attempt.body() : undefined;
    const query = attempt.options.params ? serializeParams(attempt.options.params) : '';
    try {
      const response = await transport.send(
        {
          method: attempt.method,
          url: serviceUrl + attempt.path + (query ? `${attempt.path.includes('?') ? '&' : '?'}${query}` : ''),
          ...(body ? { data: body.data } : {}),
          headers: {
            Accept: 'application/json',
            ...(body?.headers ?? {}),
            ...(attempt.options.headers ?? {}),
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
          },
          timeout: attempt.timeoutMs,
          ...(attempt.options.signal ? { signal: attempt.options.signal } : {}),
          ...(attempt.onUploadProgress ? { onUploadProgress: attempt.onUploadProgress } : {}),
        },
        context(attempt.options),
      );
      log.info('service request', {
        method: attempt.method,
        path: attempt.path,
        status: response.status,
        ms: Math.round(performance.now() - started),
      });
      return response;
    } catch (error) {
      if (error instanceof AppError) {
        log.warn('service request failed', {
          method: attempt.method,
          path: attempt.path,
          code: error.code,
          cause: error.details?.cause,
          ms: Math.round(performance.now() - started),
        });
      }
      throw error;
    }
  }

  /** Sends with the token; after a refused token, one refresh and one retry. Undefined: signed out. */
  async function sendAuthorised(
    attempt: Attempt,
  ): Promise<{ response: AxiosResponse<string>; fresh: boolean } | undefined> {
    const token = attempt.options.anonymous ? undefined : await session?.accessToken();
    const response = await send(attempt, token);
    if (!(token && session && isTokenRejection(response.status, header(response, 'www-authenticate')))) {
      return { response, fresh: false };
    }
    const fresh = await session.refreshAfter401(token);
    if (!fresh) return undefined;
    const retried = await send(attempt, fresh);
    if (bearerChallenge(header(retried, 'www-authenticate')) === 'invalid-token') return undefined;
    return { response: retried, fresh: true };
  }

  const watchedSend = (attempt: Attempt) => watched(() => sendAuthorised(attempt));

  async function run(attempt: Attempt): Promise<ServiceAnswer> {
    // Watched whole: a captive portal's page is an answer, but answerOf finds it is not the service.
    const sent = await watched(async () => {
      const authorised = await sendAuthorised(attempt);
      // After a refresh, any other 401 is about permission (the token is brand new): answerOf says FORBIDDEN.
      return authorised && { answer: answerOf(authorised.response, attempt.options, authorised.fresh) };
    });
    if (!sent) throw signedOut();
    return sent.answer;
  }

  async function exchange(request: ExchangeRequest): Promise<Exchanged> {
    const { body } = request;
    if (!session || (await session.accessToken()) === undefined) return { kind: 'signed-out' };
    const sent = await watchedSend({
      method: request.method,
      path: request.path,
      options: {
        ...(request.headers ? { headers: request.headers } : {}),
        ...(request.signal ? { signal: request.signal } : {}),
      },
      timeoutMs: request.timeoutMs ?? defaultTimeout,
      ...(body ? { body: async () => body() } : {}),
    });
    if (!sent) return { kind: 'signed-out' };
    const headers = lowerHeaders(sent.response.headers);
    const text = typeof sent.response.data === 'string' ? sent.response.data : '';
    let data: unknown = text;
    try {
      data = decodeBody(headers['content-type'] ?? '', text, 'answer');
    } catch {
      // An unreadable body (an HTML error page) stays text; the caller judges the status.
    }
    return { kind: 'answered', status: sent.response.status, headers, data };
  }

  async function stream(url: string, request: StreamRequest = {}): Promise<StreamedAnswer> {
    const target = new URL(url);
    const ownOrigin = target.origin === new URL(serviceUrl).origin;
    const sendOnce = async (token: string | undefined) => {
      const started = performance.now();
      const response = await transport.stream(
        {
          method: 'GET',
          url: target.toString(),
          headers: { Accept: '*/*', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
          timeout: request.timeoutMs ?? 0,
          ...(request.signal ? { signal: request.signal } : {}),
        },
        { host: target.host, ...(options.now ? { now: options.now } : {}) },
      );
      log.info('file request', {
        host: target.host,
        status: response.status,
        ms: Math.round(performance.now() - started),
      });
      return response;
    };
    const token = ownOrigin ? await session?.accessToken() : undefined;
    let response = await watched(() => sendOnce(token));
    if (token && session && isTokenRejection(response.status, header(response, 'www-authenticate'))) {
      response.data.destroy();
      const fresh = await session.refreshAfter401(token);
      if (!fresh) return { kind: 'signed-out' };
      response = await watched(() => sendOnce(fresh));
      if (bearerChallenge(header(response, 'www-authenticate')) === 'invalid-token') {
        response.data.destroy();
        return { kind: 'signed-out' };
      }
    }
    return { kind: 'answered', status: response.status, headers: lowerHeaders(response.headers), body: response.data };
  }

  function answerOf(response: AxiosResponse<string>, request: RequestOptions, freshToken = false): ServiceAnswer {
    const headers = lowerHeaders(response.headers);
    const contentType = headers['content-type'] ?? '';
    const text = typeof response.data === 'string' ? response.data : '';
    if (response.status >= 200 && response.status < 300) {
      const decoded = decodeBody(contentType, text, request.what);
      return { status: response.status, headers, contentType, data: request.keepNames ? decoded : camelize(decoded) };
    }
    let body: unknown = text;
    try {
      body = decodeBody(contentType, text, request.what);
    } catch {
      // An unreadable error body (an HTML error page, say) is judged by its status and type alone.
    }
    throw errorFromAnswer(
      { status: response.status, headers, contentType, body },
      { ...context(request), ...(freshToken ? { freshToken } : {}) },
    );
  }

  const request: ServiceHttp['request'] = (method, path, requestOptions = {}) => {
    const { body, ...rest } = requestOptions;
    const attempt: Attempt = {
      method,
      path,
      options: rest,
      timeoutMs: rest.timeoutMs ?? defaultTimeout,
      ...(body !== undefined
        ? { body: async () => ({ data: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }) }
        : {}),
    };
    return run(attempt);
  };

  async function upload(path: string, file: UploadFile, uploadOptions: UploadOptions = {}): Promise<unknown> {
    let size: number;
    try {
      const info = await stat(file.filePath);
      if (!info.isFile()) throw new Error('not a file');
      size = info.size;
    } catch {
      throw new AppError('FILE_PROBLEM', 'The file could not be read. It may have been moved or deleted.', {
        fileName: basename(file.filePath),
      });
    }
    const { method = 'PUT', onProgress, ...rest } = uploadOptions;
    const attempt: Attempt = {
      method,
      path,
      options: rest,
      timeoutMs: rest.timeoutMs ?? 0,
      body: async () => {
        const form = new FormData();
        form.append(file.fieldName ?? 'File', createReadStream(file.filePath), {
          filename: file.fileName ?? basename(file.filePath),
          contentType: file.contentType ?? 'application/octet-stream',
          knownLength: size,
        });
        // A known Content-Length lets the service refuse an oversized file before reading it.
        return { data: form, headers: { ...form.getHeaders(), 'Content-Length': String(form.getLengthSync()) } };
      },
      ...(onProgress
        ? {
            onUploadProgress: (event: { loaded: number; total?: number }) => onProgress(event.loaded, event.total ?? 0),
          }
        : {}),
    };
    return (await run(attempt)).data;
  }

  return {
    serviceUrl,
    request,
    get: async (path, o) => (await request('GET', path, o)).data,
    post: async (path, body, o) => (await request('POST', path, { ...o, body })).data,
    put: async (path, body, o) => (await request('PUT', path, { ...o, body })).data,
    del: async (path, o) => (await request('DELETE', path, o)).data,
    upload,
    exchange,
    stream,
    async reachable(timeoutMs = 5_000) {
      try {
        await watched(() => transport.send({ method: 'GET', url: `${serviceUrl}/`, timeout: timeoutMs }, { host }));
        return true;
      } catch (error) {
        // A certificate problem is an answer: the network is there, the fault is elsewhere. A proxy that
        // waits for its password is a way out not yet open: callers wait for it rather than spend retries.
        return !(
          error instanceof AppError &&
          (error.code === 'UNREACHABLE' || error.code === 'TIMEOUT' || error.code === 'PROXY_AUTH_REQUIRED')
        );
      }
    },
    dispose() {
      ownTransport?.dispose();
    },
  };
}

function header(response: AxiosResponse, name: string): string | undefined {
  const value = (response.headers as Record<string, unknown>)[name];
  return value === undefined || value === null ? undefined : String(value);
}

const signedOut = (): AppError => new AppError('UNAUTHENTICATED', 'You are signed out. Please sign in again.');
