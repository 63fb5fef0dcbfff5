import { z } from 'zod';
import type { ProxyCredential } from '../../api/proxy/agents';
import { proxyKey } from '../../api/proxy/routes';
import type { Logger } from '../log';
import type { SessionVault } from '../session/session-service';

/** The keychain item's user part: one item per proxy, beside (never inside) any sign-in. */
const itemKey = 'proxy-credential';

const stored = z.object({ username: z.string().min(1).max(512), password: z.string().max(4096) });

/**
 * The user name and password a proxy asked for (Basic), kept in the OS keychain through the vault,
 * one item per proxy as `scheme://host:port` (proxyKey): asked once, then sent to that proxy only, so
 * `https://proxy:443` and `http://proxy:80` each have their own. Read once per run and kept in memory,
 * because every request through the proxy needs it.
 */
export class ProxyCredentials {
  private readonly known = new Map<string, ProxyCredential | undefined>();
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly deps: { vault: Pick<SessionVault, 'saveSession' | 'loadSession' | 'deleteSession'>; log: Logger },
  ) {}

  /** `proxy`: the proxy as `scheme://host:port` (proxyKey). */
  async get(proxy: string): Promise<ProxyCredential | undefined> {
    const key = keyOf(proxy);
    if (this.known.has(key)) return this.known.get(key);
    let credential: ProxyCredential | undefined;
    try {
      const secret = await this.deps.vault.loadSession(originOf(key), itemKey);
      const parsed = secret === undefined ? undefined : stored.safeParse(JSON.parse(secret));
      credential = parsed?.success ? parsed.data : undefined;
      if (parsed && !parsed.success) this.deps.log.warn('a saved proxy credential was unreadable and is ignored');
    } catch (error) {
      // A locked keychain: go without; the proxy's 407 then asks the user again.
      this.deps.log.warn('the saved proxy credential could not be read', { error: (error as Error).message });
    }
    this.known.set(key, credential);
    return credential;
  }

  async save(proxy: string, credential: ProxyCredential): Promise<void> {
    const key = keyOf(proxy);
    const checked = stored.parse(credential);
    await this.deps.vault.saveSession(originOf(key), itemKey, JSON.stringify(checked));
    this.known.set(key, checked);
    this.changed();
  }

  async forget(proxy: string): Promise<void> {
    const key = keyOf(proxy);
    await this.deps.vault.deleteSession(originOf(key), itemKey);
    this.known.set(key, undefined);
    this.changed();
  }

  /** Called after a save or forget: the transport closes connections made with the old credential. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}

/**
 * The vault keys items by a web origin: the proxy's own, scheme included (a default port is left out
 * of an origin, which is still one proxy: `https://proxy` is port 443, `http://proxy` port 80). An http
 * proxy's item is where earlier versions kept it (they wrote every proxy as `http://host:port`).
 */
function originOf(key: string): string {
  return new URL(key).origin;
}

/** The proxy as `scheme://host:port`; anything but an http(s) proxy address is refused. */
function keyOf(proxy: string): string {
  const url = new URL(proxy);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not a proxy address');
  return proxyKey(url.href);
}
