import type { SessionState } from '../../../preload/contract';
import type { Logger } from '../log';
import { parseDeepLink } from './deep-links';

/**
 * Where a link from outside goes once it is understood. Every page it can name needs someone signed
 * in, so a link that arrives while nobody is (the app was closed, or restoring, or on the sign-in
 * screen) waits here and opens as soon as the session is signed in. A later link replaces a waiting
 * one: the person clicked it last.
 */
export interface DeepLinkHolder {
  /** A link from the OS (command line, second instance, macOS open-url); false when it was refused. */
  open(link: unknown): boolean;
  /** The session changed: a waiting link opens once it is signed in. */
  sessionChanged(state: Pick<SessionState, 'status'>): void;
}

export interface DeepLinkHolderDeps {
  log: Logger;
  signedIn: () => boolean;
  /** Shows a route (the navigation queue: kept until the page is ready). */
  navigate: (route: string) => void;
}

export function createDeepLinkHolder(deps: DeepLinkHolderDeps): DeepLinkHolder {
  let waiting: string | null = null;
  return {
    open(link) {
      const parsed = parseDeepLink(link);
      if (!parsed.ok) {
        // The reason and the length only: a link may carry an invitation's code.
        deps.log.warn('Link refused', {
          reason: parsed.reason,
          length: typeof link === 'string' ? link.length : undefined,
        });
        return false;
      }
      if (deps.signedIn()) {
        waiting = null;
        deps.log.info('Link opened', { kind: parsed.kind });
        deps.navigate(parsed.route);
      } else {
        waiting = parsed.route;
        deps.log.info('Link kept until sign-in', { kind: parsed.kind });
      }
      return true;
    },
    sessionChanged(state) {
      if (state.status !== 'signed-in' || waiting === null) return;
      const route = waiting;
      waiting = null;
      deps.navigate(route);
    },
  };
}
