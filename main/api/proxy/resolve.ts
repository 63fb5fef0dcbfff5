import type { Logger } from '../../services/log';
import { loadPacScript, type FindProxyForUrl } from './pac-script';
import { direct, proxyUrlFromSetting, routeFromPacAnswer, type ProxyDecision, type ProxySource } from './routes';

/** The proxy policies (main/services/policy): set by IT, they outrank everything else. */
export interface ProxyPolicy {
  /** ProxyServer: one proxy for every request, `host:port` or a URL. */
  server?: string;
  /** ProxyBypassList: hosts that go direct despite ProxyServer, NO_PROXY syntax (`.school.example, 10.0.0.1`). */
  bypass?: string;
  /** ProxyPacUrl: a PAC file's address (http, https or file). */
  pacUrl?: string;
}

export interface ProxyResolverOptions {
  policy?: ProxyPolicy;
  /**
   * The operating system's answer for a URL, PAC-style: Electron's `session.resolveProxy`, which applies
   * the system settings, PAC and WPAD exactly as the page's own requests get them. Absent in plain Node.
   */
  system?: (url: string) => Promise<string>;
  /** The environment variables HTTPS_PROXY, HTTP_PROXY, ALL_PROXY and NO_PROXY (default: process.env). */
  env?: Record<string, string | undefined>;
  loadPac?: (pacUrl: string) => Promise<FindProxyForUrl>;
  log: Logger;
  /** How long one decision is kept per origin (default a minute): a PAC file runs once per host, not per file. */
  cacheMs?: number;
  now?: () => number;
}

export interface ProxyResolver {
  decide(url: string): Promise<ProxyDecision>;
  /** Forgets kept decisions (the network changed, or a proxy setting did). */
  forget(): void;
}

/**
 * Decides, for each URL main connects to, whether to go direct or through which proxy. Order: the
 * organisation's policy (a fixed proxy, else a PAC file), then the environment variables a
 * developer or a script sets, then the operating system (Electron), else direct. A source that fails
 * (an unreachable PAC file, say) is logged and the next one asked, so a broken PAC file degrades to
 * what the browser on the same machine would do rather than stopping every request.
 */
export function createProxyResolver(options: ProxyResolverOptions): ProxyResolver {
  const { log, policy = {} } = options;
  const env = options.env ?? process.env;
  const now = options.now ?? Date.now;
  const cacheMs = options.cacheMs ?? 60_000;
  const kept = new Map<string, { decision: ProxyDecision; at: number }>();
  const policyServer = policy.server ? proxyUrlFromSetting(policy.server) : undefined;
  if (policy.server && !policyServer) log.warn(`ProxyServer ignored: "${policy.server}" is not host:port or a URL`);
  let pac: Promise<FindProxyForUrl> | undefined;

  const decision = (source: ProxySource, answer: string): ProxyDecision => {
    const { route, skipped } = routeFromPacAnswer(answer);
    if (skipped.length > 0) log.warn('proxy entries this app cannot use were skipped', { source, skipped });
    return { route, source, answer, skipped };
  };

  async function fromPac(url: string): Promise<ProxyDecision | undefined> {
    if (!policy.pacUrl) return undefined;
    pac ??= (options.loadPac ?? loadPacScript)(policy.pacUrl);
    try {
      return decision('policy-pac', await (await pac)(url));
    } catch (error) {
      // Kept failed for a minute like any decision; then the file is fetched again.
      pac = undefined;
      log.warn('the PAC file named by policy could not be used', { error: messageOf(error) });
      return undefined;
    }
  }

  async function fromSystem(url: string): Promise<ProxyDecision | undefined> {
    if (!options.system) return undefined;
    try {
      return decision('system', await options.system(url));
    } catch (error) {
      log.warn('the system proxy settings could not be read', { error: messageOf(error) });
      return undefined;
    }
  }

  async function decideAfresh(url: string): Promise<ProxyDecision> {
    if (policyServer) {
      return bypassed(url, policy.bypass)
        ? decision('policy', 'DIRECT')
        : {
            route: { kind: 'proxy', proxyUrl: policyServer },
            source: 'policy',
            answer: `PROXY ${new URL(policyServer).host}`,
            skipped: [],
          };
    }
    const pacDecision = await fromPac(url);
    if (pacDecision) return pacDecision;
    const fromEnvironment = proxyUrlFromSetting(environmentProxy(url, env));
    if (fromEnvironment) {
      return {
        route: { kind: 'proxy', proxyUrl: fromEnvironment },
        source: 'environment',
        answer: `PROXY ${new URL(fromEnvironment).host}`,
        skipped: [],
      };
    }
    return (await fromSystem(url)) ?? { route: direct, source: 'none', answer: 'DIRECT', skipped: [] };
  }

  return {
    async decide(url) {
      const origin = new URL(url).origin;
      const hit = kept.get(origin);
      if (hit && now() - hit.at < cacheMs) return hit.decision;
      const fresh = await decideAfresh(url);
      kept.set(origin, { decision: fresh, at: now() });
      return fresh;
    },
    forget() {
      kept.clear();
    },
  };
}

/**
 * The proxy the usual variables name for `url`, as curl reads them: the scheme's own (`https_proxy`,
 * then `HTTPS_PROXY`), else `ALL_PROXY`; none when NO_PROXY covers the host. '' when none applies.
 */
export function environmentProxy(url: string, env: Record<string, string | undefined>): string {
  const read = (name: string) => env[name.toLowerCase()] || env[name.toUpperCase()] || '';
  const scheme = new URL(url).protocol === 'https:' ? 'https_proxy' : 'http_proxy';
  const proxy = read(scheme) || read('all_proxy');
  if (!proxy) return '';
  return bypassed(url, read('no_proxy')) ? '' : proxy;
}

/**
 * ProxyBypassList and NO_PROXY syntax: `*` for all, `.example.org` or `example.org` for a domain and its
 * subdomains, a host with an optional port. Nothing is implied: unlike Chromium's fixed proxy rules,
 * loopback is not bypassed unless listed (as curl does), so a proxy in front of a local service works.
 */
export function bypassed(url: string, list: string | undefined): boolean {
  const { hostname, port, protocol } = new URL(url);
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const effectivePort = port || (protocol === 'https:' ? '443' : '80');
  for (const raw of (list ?? '').split(/[\s,;]+/)) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry === '*') return true;
    const [entryHost = '', entryPort] = entry.replace(/^\*/, '').split(/:(?=\d+$)/);
    if (entryPort && entryPort !== effectivePort) continue;
    const domain = entryHost.replace(/^\./, '');
    if (host === domain || host.endsWith(`.${domain}`)) return true;
  }
  return false;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
