import type { NavigateRequest } from './dto';
import type { Result } from './result';

/** The page's start-up handshake with main, and the support buttons on About. */
export interface AppShellInvoke {
  /**
   * The page is up and listens for `app:navigate`: main hands over the route it asked for before
   * (a click that opened the window), or null, and from now on pushes routes as they come.
   */
  'app:page-ready': () => Promise<Result<NavigateRequest | null>>;
  /**
   * Puts a redacted diagnostics report (versions, OS, service, policy sources, vault, network) on the
   * clipboard, for the person to paste into a message to support. Main builds it, so the page never
   * holds more than its length.
   */
  'app:copy-diagnostics': () => Promise<Result<{ characters: number }>>;
  /** Opens the folder with the app's log files in the system's file manager. */
  'app:open-logs-folder': () => Promise<Result<null>>;
}

export const appShellInvokeChannels = {
  'app:page-ready': true,
  'app:copy-diagnostics': true,
  'app:open-logs-folder': true,
} as const satisfies Record<keyof AppShellInvoke, true>;
