import { z } from 'zod';
import type { ProxyCredential } from '../../api/proxy/agents';
import type { Logger } from '../log';
import type { SessionVault } from '../session/session-service';

/** The keychain item's user part: one item per proxy, beside (never inside) any sign-in. */
const itemKey = 'proxy-credential';

const stored = z.object({ username: z.string().min(1).max(512), password: z.string().max(4096) });

/**
 * The user name and password a proxy asked for (Basic), kept in the OS keychain through the vault,
 * one item per proxy `host:port`: asked once, then sent to that proxy only. Read once per run and
 * kept in memory, because every request through the proxy needs it.
 */
export class ProxyCredentials {
  private readonly known = new Map<string, ProxyCredential | undefined>();
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly deps: { vault: Pick<SessionVault, 'saveSession' | 'loadSession' | 'deleteSession'>; log: Logger },
  ) {}

  async get(proxyHost: string): Promise<ProxyCredential | undefined> {
    if (this.known.has(proxyHost)) return this.known.get(proxyHost);
    let credential: ProxyCredential | undefined;
    try {
      const secret = await this.deps.vault.loadSession(originOf(proxyHost), itemKey);
      const parsed = secret === undefined ? undefined : stored.safeParse(JSON.parse(secret));
      credential = parsed?.success ? parsed.data : undefined;
      if (parsed && !parsed.success) this.deps.log.warn('a saved proxy credential was unreadable and is ignored');
    } catch (error) {
      // A locked keychain: go without; the proxy's 407 then asks the user again.
      this.deps.log.warn('the saved proxy credential could not be read', { error: (error as Error).message });
    }
    this.known.set(proxyHost, credential);
    return credential;
  }

  async save(proxyHost: string, credential: ProxyCredential): Promise<void> {
    const checked = stored.parse(credential);
    await this.deps.vault.saveSession(originOf(proxyHost), itemKey, JSON.stringify(checked));
    this.known.set(proxyHost, checked);
    this.changed();
  }

  async forget(proxyHost: string): Promise<void> {
    await this.deps.vault.deleteSession(originOf(proxyHost), itemKey);
    this.known.set(proxyHost, undefined);
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

/** The vault keys items by a web origin; a proxy's is its http:// origin. */
function originOf(proxyHost: string): string {
  return new URL(`http://${proxyHost}`).origin;
}
