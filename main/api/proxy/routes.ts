/**
 * How one request reaches its server: straight, or through an HTTP proxy (which tunnels HTTPS with
 * CONNECT). The proxy URL is `http://host:port` or `https://host:port` (a proxy spoken to over TLS);
 * it never carries a user name or password: those come from the keychain (proxy-credentials.ts).
 */
export type ProxyRoute = { kind: 'direct' } | { kind: 'proxy'; proxyUrl: string };

/** Where the decision came from, for the network check and the log. */
export type ProxySource = 'policy' | 'policy-pac' | 'environment' | 'system' | 'none';

export interface ProxyDecision {
  route: ProxyRoute;
  source: ProxySource;
  /** The answer as the source gave it, e.g. "PROXY proxy.school.example:3128; DIRECT". */
  answer: string;
  /** Entries of that answer this app cannot use (SOCKS, say), left out of the choice. */
  skipped: string[];
  /** What the network check should say about the policy's PAC file behind this decision, if anything. */
  pac?: PacNote;
}

/**
 * A PAC file named by policy that is not as it should be. `insecure`: it came over plain http, where
 * anyone on the way could change it. `problem`: it gave no answer for this decision (it ran past its
 * time limit, or could not be fetched or run), and `fallback` says what was used instead.
 */
export interface PacNote {
  /** The PAC file's address without query or fragment. */
  address: string;
  insecure?: true;
  problem?: 'timed-out' | 'failed';
  /** With `problem`: the PAC file's last answer for this origin, or the next source in the order. */
  fallback?: 'last-answer' | 'next-source';
}

export const direct: ProxyRoute = { kind: 'direct' };

/**
 * Reads a PAC-style answer ("PROXY a:3128; HTTPS b:443; DIRECT", as Chromium's resolveProxy and PAC
 * files give) and takes the first entry this app can use. SOCKS entries are skipped: Node's stack here
 * speaks HTTP proxies only, and a school network that offers SOCKS offers HTTP too in practice. Trying
 * the next entry when the first proxy is down is Chromium's job for the page; for main, the first
 * usable entry is the decision (an unreachable proxy is then reported as such, naming it).
 */
export function routeFromPacAnswer(answer: string): { route: ProxyRoute; skipped: string[] } {
  const skipped: string[] = [];
  for (const raw of answer.split(';')) {
    const entry = raw.trim();
    if (!entry) continue;
    const [keyword = '', address = ''] = entry.split(/\s+/, 2);
    const kind = keyword.toUpperCase();
    if (kind === 'DIRECT') return { route: direct, skipped };
    if ((kind === 'PROXY' || kind === 'HTTP' || kind === 'HTTPS') && isHostPort(address)) {
      const scheme = kind === 'HTTPS' ? 'https' : 'http';
      return { route: { kind: 'proxy', proxyUrl: `${scheme}://${address}` }, skipped };
    }
    skipped.push(entry);
  }
  // Nothing usable (or an empty answer): Chromium goes direct then, and so do we.
  return { route: direct, skipped };
}

/** A proxy written as a URL or as host:port (how people type it, and how policy templates show it). */
export function proxyUrlFromSetting(value: string): string | undefined {
  const text = value.trim();
  if (!text) return undefined;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (!url.hostname) return undefined;
  // Credentials in a proxy setting are dropped: they would end up in logs and diagnostics.
  return `${url.protocol}//${url.host}`;
}

function isHostPort(address: string): boolean {
  return /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/i.test(address);
}

/**
 * One proxy as the app tells proxies apart: scheme, host and port, the port always written
 * (`http://proxy.school.example:3128`, `https://proxy.school.example:443`). A saved password belongs to
 * exactly one of these: the same host over http on port 80 is another proxy, and never gets it.
 */
export function proxyKey(proxyUrl: string): string {
  const url = new URL(proxyUrl);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.protocol}//${url.hostname}:${port}`;
}

/** "PROXY host:port" for a route, the form the network check prints. */
export function describeRoute(route: ProxyRoute): string {
  return route.kind === 'direct' ? 'DIRECT' : `PROXY ${new URL(route.proxyUrl).host}`;
}
