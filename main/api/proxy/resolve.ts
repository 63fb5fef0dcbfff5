import type { Logger } from '../../services/log';
import { loadPacScript, PacTimeout, type LoadedPac } from './pac-script';
import {
  direct,
  proxyUrlFromSetting,
  routeFromPacAnswer,
  type PacNote,
  type ProxyDecision,
  type ProxySource,
} from './routes';

/** The proxy policies (main/services/policy): set by IT, they outrank everything else. */
export interface ProxyPolicy {
  /** ProxyServer: one proxy for every request, `host:port` or a URL. */
  server?: string;
  /** ProxyBypassList: hosts that go direct despite ProxyServer, NO_PROXY syntax (`.school.example, 10.0.0.1`). */
  bypass?: string;
  /** ProxyPacUrl: a PAC file's address (https, file, or http with a warning). */
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
  loadPac?: (pacUrl: string) => Promise<LoadedPac>;
  /** How long a PAC file that hung is set aside before it is fetched and run again (default 5 minutes). */
  pacRetryMs?: number;
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

/** The PAC file's verdict on one URL: its decision, or why it gave none. */
type PacOutcome = { decision: ProxyDecision } | { problem: NonNullable<PacNote['problem']> };

/**
 * Decides, for each URL main connects to, whether to go direct or through which proxy. Order: the
 * organisation's policy (a fixed proxy, else a PAC file), then the environment variables a
 * developer or a script sets, then the operating system (Electron), else direct. A source that fails
 * (an unreachable PAC file, say) is logged and the next one asked, so a broken PAC file degrades to
 * what the browser on the same machine would do rather than stopping every request.
 *
 * A PAC file that gives no answer (it hung, or could not be fetched or run) is replaced, for an origin
 * it answered before, by its last answer there: the route the school meant, which most likely still
 * works and keeps going through the school's filter. Only for an origin it never answered is the next
 * source asked. A file that hung is set aside for `pacRetryMs` (each try may hold main for up to
 * `runMs`, pac-script.ts), and every decision made without it carries a note for the network check.
 */
export function createProxyResolver(options: ProxyResolverOptions): ProxyResolver {
  const { log, policy = {} } = options;
  const env = options.env ?? process.env;
  const now = options.now ?? Date.now;
  const cacheMs = options.cacheMs ?? 60_000;
  const kept = new Map<string, { decision: ProxyDecision; at: number }>();
  const policyServer = policy.server ? proxyUrlFromSetting(policy.server) : undefined;
  if (policy.server && !policyServer) log.warn(`ProxyServer ignored: "${policy.server}" is not host:port or a URL`);
  const pacRetryMs = options.pacRetryMs ?? 5 * 60_000;
  let pac: Promise<LoadedPac> | undefined;
  let pacSetAsideUntil = 0;
  /** Per origin, the PAC file's last own decision: the fallback when it gives none. */
  const lastPacDecisions = new Map<string, ProxyDecision>();
  const pacAddress = policy.pacUrl ? addressOnly(policy.pacUrl) : '';

  const decision = (source: ProxySource, answer: string): ProxyDecision => {
    const { route, skipped } = routeFromPacAnswer(answer);
    if (skipped.length > 0) log.warn('proxy entries this app cannot use were skipped', { source, skipped });
    return { route, source, answer, skipped };
  };

  async function loadPac(pacUrl: string): Promise<LoadedPac> {
    const loaded = await (options.loadPac ?? loadPacScript)(pacUrl);
    if (isPlainHttp(loaded.fetchedFrom)) {
      // Allowed, because WPAD and PAC files over http are what many schools have; said, because
      // anyone on the way can change such a file and send the app's traffic to a proxy of their own.
      log.warn('the PAC file named by policy came over plain http; serve it over https or as a file', {
        address: addressOnly(loaded.fetchedFrom),
      });
    }
    return loaded;
  }

  async function fromPac(url: string): Promise<PacOutcome | undefined> {
    if (!policy.pacUrl) return undefined;
    if (now() < pacSetAsideUntil) return { problem: 'timed-out' };
    const loading = (pac ??= loadPac(policy.pacUrl));
    try {
      const loaded = await loading;
      const made = decision('policy-pac', await loaded.find(url));
      const insecure = isPlainHttp(policy.pacUrl) || isPlainHttp(loaded.fetchedFrom);
      return { decision: insecure ? { ...made, pac: { address: pacAddress, insecure: true } } : made };
    } catch (error) {
      if (error instanceof PacTimeout) {
        if (error.hung) {
          if (pac === loading) pac = undefined;
          pacSetAsideUntil = now() + pacRetryMs;
        }
        log.warn('the PAC file named by policy gave no answer in time; a fallback is used', {
          address: pacAddress,
          error: error.message,
          ...(error.hung ? { setAsideForMs: pacRetryMs } : {}),
        });
        return { problem: 'timed-out' };
      }
      // Kept failed for a minute like any decision; then the file is fetched again.
      if (pac === loading) pac = undefined;
      log.warn('the PAC file named by policy could not be used', { error: messageOf(error) });
      return { problem: 'failed' };
    }
  }

  /** Instead of the PAC file's own answer: its last one for the origin, else the next source's. */
  async function withoutPac(url: string, problem: NonNullable<PacNote['problem']>): Promise<ProxyDecision> {
    const note: PacNote = { address: pacAddress, problem, ...(isPlainHttp(policy.pacUrl) ? { insecure: true } : {}) };
    const last = lastPacDecisions.get(new URL(url).origin);
    if (last) return { ...last, pac: { ...note, fallback: 'last-answer' } };
    return { ...(await afterPolicy(url)), pac: { ...note, fallback: 'next-source' } };
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
    const pacOutcome = await fromPac(url);
    if (pacOutcome && 'decision' in pacOutcome) {
      lastPacDecisions.set(new URL(url).origin, pacOutcome.decision);
      return pacOutcome.decision;
    }
    if (pacOutcome) return withoutPac(url, pacOutcome.problem);
    return afterPolicy(url);
  }

  /** The sources after the organisation's policy: the environment, then the operating system. */
  async function afterPolicy(url: string): Promise<ProxyDecision> {
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

function isPlainHttp(url: string | undefined): boolean {
  return url !== undefined && /^http:/i.test(url);
}

/** A PAC address for logs and the network check: no query or fragment (a key may ride in them). */
function addressOnly(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return '(not a valid address)';
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
