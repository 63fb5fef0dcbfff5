import type { Agent as HttpAgentType, ClientRequest } from 'node:http';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { checkServerIdentity, type PeerCertificate, type SecureContext } from 'node:tls';
import { HttpProxyAgent } from 'http-proxy-agent';
import { HttpsProxyAgent, type HttpsProxyAgentOptions } from 'https-proxy-agent';
import type { Trust } from '../trust';

type ConnectOptions = Parameters<HttpsProxyAgent<string>['connect']>[1];
import type { ProxyRoute } from './routes';

/** A user name and password for one proxy (Basic), from the keychain. */
export interface ProxyCredential {
  username: string;
  password: string;
}

/**
 * HttpsProxyAgent replaces the options it was built with by the request's own when it opens the TLS
 * session to the server through the tunnel, so our trusted authorities (a school's inspection root)
 * would be lost there; this puts them back on that inner connection, and checks the right name.
 */
class TrustingHttpsProxyAgent extends HttpsProxyAgent<string> {
  constructor(
    proxy: string,
    options: HttpsProxyAgentOptions<string>,
    private readonly secureContext: SecureContext | undefined,
  ) {
    super(proxy, options);
  }

  override connect(req: ClientRequest, opts: ConnectOptions): ReturnType<HttpsProxyAgent<string>['connect']> {
    // Only an https endpoint's options are TLS options; a plain http one through this agent is left as it is.
    if (!opts.secureEndpoint) return super.connect(req, opts);
    // The tunnel's TLS session is opened without `host`, so Node would check the certificate against
    // "localhost" for a server named by IP address; check it against the host actually asked for.
    const host = opts.host;
    return super.connect(req, {
      ...opts,
      ...(this.secureContext ? { secureContext: this.secureContext } : {}),
      ...(host
        ? { checkServerIdentity: (_name: string, cert: PeerCertificate) => checkServerIdentity(host, cert) }
        : {}),
    });
  }
}

/**
 * The connection pools main's HTTP uses, one per way out (direct, or each proxy) and scheme, kept alive
 * so a batch of a thousand files does not pay a TCP and TLS handshake (and a CONNECT) per file.
 */
export class AgentPool {
  private readonly agents = new Map<string, HttpAgentType>();

  constructor(private readonly deps: { trust?: Trust }) {}

  /** `credential`: the user's name and password for this route's proxy, if they gave one. */
  agentFor(route: ProxyRoute, targetProtocol: 'http:' | 'https:', credential?: ProxyCredential): HttpAgentType {
    // The credential is part of the key: a new password gives new connections, the old pool is closed.
    const key = `${route.kind === 'direct' ? 'direct' : route.proxyUrl}|${targetProtocol}|${credential ? `${credential.username}\u0000${credential.password}` : ''}`;
    const existing = this.agents.get(key);
    if (existing) return existing;
    const created = this.create(route, targetProtocol, credential);
    for (const [oldKey, agent] of this.agents) {
      if (oldKey.startsWith(`${key.split('|', 2).join('|')}|`)) {
        agent.destroy();
        this.agents.delete(oldKey);
      }
    }
    this.agents.set(key, created);
    return created;
  }

  private create(
    route: ProxyRoute,
    targetProtocol: 'http:' | 'https:',
    credential: ProxyCredential | undefined,
  ): HttpAgentType {
    const secureContext = this.deps.trust?.agentOptions.secureContext;
    if (route.kind === 'direct') {
      return targetProtocol === 'https:'
        ? new HttpsAgent({ keepAlive: true, ...this.deps.trust?.agentOptions })
        : new HttpAgent({ keepAlive: true });
    }
    const proxy = new URL(route.proxyUrl);
    if (credential) {
      proxy.username = encodeURIComponent(credential.username);
      proxy.password = encodeURIComponent(credential.password);
    }
    // A proxy spoken to over TLS is checked against the same authorities as the servers.
    const proxyTls = proxy.protocol === 'https:' && secureContext ? { secureContext } : {};
    return targetProtocol === 'https:'
      ? new TrustingHttpsProxyAgent(proxy.href, { keepAlive: true, ...proxyTls }, secureContext)
      : new HttpProxyAgent(proxy.href, { keepAlive: true, ...proxyTls });
  }

  dispose(): void {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }
}
