import type { ProxySignIn, ProxySignInNeeded } from '../../../preload/contract';
import { AppError } from '../app-error';
import type { Logger } from '../log';
import type { ProxyCredentials } from './proxy-credentials';

/**
 * Asking for a proxy's name and password once. The transport reports each 407 (Basic) here; the first
 * for a proxy becomes one `proxy:sign-in-needed` event for the page, which shows a dialog; what the
 * person types goes to the keychain (ProxyCredentials) and is used from the next request on. Only a
 * proxy that asked can be given a credential: a page cannot make main send a password elsewhere.
 */
export class ProxySignInService {
  /** Proxies that asked and have not been answered yet. */
  private readonly asking = new Set<string>();

  constructor(
    private readonly deps: {
      credentials: ProxyCredentials;
      emit: (request: ProxySignInNeeded) => void;
      log: Logger;
    },
  ) {}

  /** The transport met a 407 (Basic) from `proxy`. */
  needed(request: ProxySignInNeeded): void {
    if (this.asking.has(request.proxy)) return;
    this.asking.add(request.proxy);
    this.deps.emit(request);
  }

  async signIn(input: ProxySignIn): Promise<null> {
    if (!this.asking.has(input.proxy)) {
      throw new AppError('INVALID_ARGUMENT', 'That proxy did not ask for a user name and password.');
    }
    await this.deps.credentials.save(input.proxy, { username: input.username, password: input.password });
    this.asking.delete(input.proxy);
    this.deps.log.info('proxy credential saved in the keychain', { proxy: input.proxy });
    return null;
  }
}
