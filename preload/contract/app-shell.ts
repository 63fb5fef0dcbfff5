import type { NavigateRequest } from './dto';
import type { Result } from './result';

/** The page's start-up handshake with main. */
export interface AppShellInvoke {
  /**
   * The page is up and listens for `app:navigate`: main hands over the route it asked for before
   * (a click that opened the window), or null, and from now on pushes routes as they come.
   */
  'app:page-ready': () => Promise<Result<NavigateRequest | null>>;
}

export const appShellInvokeChannels = {
  'app:page-ready': true,
} as const satisfies Record<keyof AppShellInvoke, true>;
