import axios, { type AxiosInstance, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { AppError } from '../services/app-error';
import type { Logger } from '../services/log';
import { errorFromFailure, isCancellation, type FailureContext } from './errors';
import { AgentPool, type ProxyCredential } from './proxy/agents';
import { proxyAuthError } from './proxy/proxy-errors';
import type { ProxyResolver } from './proxy/resolve';
import { describeRoute, direct, proxyKey, type ProxyDecision } from './proxy/routes';
import type { Duplex, Readable } from 'node:stream';
import { explainUntrusted, tunnelThrough, type Trust } from './trust';

export interface TransportOptions {
  log: Logger;
  /** Which authorities HTTPS trusts (trust.ts); absent: Node's bundled roots only. */
  trust?: Trust;
  /** Which proxy each URL goes through (proxy/resolve.ts); absent: always direct. */
  proxy?: ProxyResolver;
  /** The user's saved credential for a proxy (`scheme://host:port`, proxyKey) that asked for one (proxy-credentials.ts). */
  proxyCredentials?: { get(proxy: string): Promise<ProxyCredential | undefined> };
  /** A proxy asked for a user name and password (Basic): the page asks the person once (proxy-sign-in.ts). */
  onProxySignInNeeded?: (request: { proxy: string; realm?: string; rejected?: boolean }) => void;
  /** Sent with every request, e.g. "VideoCollabDesktop/1.2.0 (win32)". */
  userAgent?: string;
  /** The largest answer read into memory (default 64 MiB): a runaway answer must not fill memory. */
  maxResponseBytes?: number;
}

/** One request: an absolute URL, and the usual axios options (body, headers, signal, timeout, progress). */
export type TransportRequest = AxiosRequestConfig & { url: string };

/**
 * The one way main talks HTTP: the API, the token endpoint, the sign-in method, uploads and their
 * reconciliation lists all go through `send`. Here, and only here, are the proxy decision, the
 * trusted authorities, kept-alive connections, the user agent, the answer size limit, and the
 * translation of "no answer" into an AppError that names the host (and the proxy, or the authority
 * of an untrusted certificate). Bearer tokens and refresh live one level up (http.ts), because the
 * token endpoint itself goes through here without them.
 *
 * Axios runs on Node's http adapter (it streams request bodies; the fetch adapter buffers them,
 * FIELD-NOTES) with `maxRedirects: 0` (follow-redirects buffers a body to replay it) and `proxy: false`
 * (axios's own environment proxy support cannot tunnel HTTPS with our trust; the agents do it).
 */
export interface Transport {
  send(request: TransportRequest, context?: FailureContext): Promise<AxiosResponse<string>>;
  /**
   * As `send`, but the answer's body is a stream, read by the caller at its own pace and with no size
   * limit (downloads: a large file goes to disk, never into memory). The caller must read or destroy it.
   */
  stream(request: TransportRequest, context?: FailureContext): Promise<AxiosResponse<Readable>>;
  /** The proxy decision for a URL (the network check shows it). */
  decide(url: string): Promise<ProxyDecision>;
  /**
   * A CONNECT tunnel to the URL's host and port through the proxy its requests use (with the saved
   * credential), for the network check's own TLS handshake; undefined when requests go direct.
   */
  openTunnel(url: string): Promise<Duplex | undefined>;
  /** Forgets proxy decisions and closes pooled connections (a proxy setting or credential changed). */
  reset(): void;
  dispose(): void;
}

export function createTransport(options: TransportOptions): Transport {
  const { log } = options;
  const pool = new AgentPool(options.trust ? { trust: options.trust } : {});
  const instance: AxiosInstance = axios.create({
    adapter: 'http',
    maxRedirects: 0,
    proxy: false,
    // -1 is axios's "no limit"; Infinity would put a counting stream between every body and its socket.
    maxBodyLength: -1,
    maxContentLength: options.maxResponseBytes ?? 64 * 1024 * 1024,
    responseType: 'text',
    // Bodies are decoded one level up (JSON or XML by content type); every status is judged there too.
    transformResponse: [(data: unknown) => data],
    validateStatus: () => true,
    ...(options.userAgent ? { headers: { 'User-Agent': options.userAgent } } : {}),
  });

  const decide = async (url: string): Promise<ProxyDecision> =>
    options.proxy ? options.proxy.decide(url) : { route: direct, source: 'none', answer: 'DIRECT', skipped: [] };

  const send = (request: TransportRequest, context: FailureContext = {}) => dispatch<string>(request, context);
  const stream = (request: TransportRequest, context: FailureContext = {}) =>
    // -1: no limit on a body that goes to disk as it arrives.
    dispatch<Readable>({ ...request, responseType: 'stream', maxContentLength: -1 }, context);

  async function dispatch<T>(request: TransportRequest, context: FailureContext): Promise<AxiosResponse<T>> {
    const target = new URL(request.url);
    const decision = await decide(request.url);
    const proxy = decision.route.kind === 'proxy' ? proxyKey(decision.route.proxyUrl) : undefined;
    const credential = proxy ? await options.proxyCredentials?.get(proxy) : undefined;
    const agent = pool.agentFor(decision.route, target.protocol === 'https:' ? 'https:' : 'http:', credential);
    let response: AxiosResponse<T>;
    try {
      response = await instance.request<T>({
        ...request,
        ...(target.protocol === 'https:' ? { httpsAgent: agent } : { httpAgent: agent }),
      });
    } catch (error) {
      if (isCancellation(error) || !axios.isAxiosError(error)) throw error;
      throw await explainFailure(error, decision, credential, request.url, context);
    }
    // Only a proxy answers 407; the service never does. Nothing of the request reached the service.
    if (response.status === 407 && decision.route.kind === 'proxy') {
      // A streamed answer's body is not wanted: free its connection.
      (response.data as { destroy?: () => void } | undefined)?.destroy?.();
      const failure = proxyAuthError(
        decision.route,
        headerOf(response, 'proxy-authenticate'),
        credential !== undefined,
      );
      log.warn('the proxy asked for credentials', { proxy: describeRoute(decision.route), code: failure.code });
      if (failure.code === 'PROXY_AUTH_REQUIRED') {
        const { proxy, realm, rejected } = failure.details as { proxy: string; realm?: string; rejected?: boolean };
        options.onProxySignInNeeded?.({ proxy, ...(realm ? { realm } : {}), ...(rejected ? { rejected } : {}) });
      }
      throw failure;
    }
    return response;
  }

  async function explainFailure(
    error: unknown,
    decision: ProxyDecision,
    credential: ProxyCredential | undefined,
    url: string,
    context: FailureContext,
  ): Promise<AppError> {
    const failure = errorFromFailure(error, context);
    const via = decision.route.kind === 'proxy' ? decision.route : undefined;
    const explained = await explainUntrusted(failure, url, context, {
      ...(via ? { proxyUrl: via.proxyUrl } : {}),
      ...(credential ? { credential } : {}),
    });
    if (!via || explained.code !== 'UNREACHABLE') return explained;
    // Say which way the request went: "the proxy could not be reached" is a different call to IT.
    return new AppError(
      'UNREACHABLE',
      `${explained.message} (The request went through the proxy ${new URL(via.proxyUrl).host}.)`,
      {
        ...explained.details,
        proxy: new URL(via.proxyUrl).host,
      },
    );
  }

  async function openTunnel(url: string): Promise<Duplex | undefined> {
    const { route } = await decide(url);
    if (route.kind === 'direct') return undefined;
    const credential = await options.proxyCredentials?.get(proxyKey(route.proxyUrl));
    const target = new URL(url);
    const port = Number(target.port || (target.protocol === 'https:' ? 443 : 80));
    return tunnelThrough(
      { proxyUrl: route.proxyUrl, ...(credential ? { credential } : {}) },
      target.hostname.replace(/^\[|\]$/g, ''),
      port,
    );
  }

  return {
    send,
    stream,
    decide,
    openTunnel,
    reset() {
      options.proxy?.forget();
      pool.dispose();
    },
    dispose() {
      pool.dispose();
    },
  };
}

function headerOf(response: AxiosResponse, name: string): string | undefined {
  const value = (response.headers as Record<string, unknown>)[name];
  if (value === undefined || value === null) return undefined;
  return Array.isArray(value) ? value.join(', ') : String(value);
}
