import type { NavigateRequest } from '../../../preload/contract';

/**
 * Routes main asks the page to show (a notification, a tray entry, the uploads notification, About).
 * A window made by that very click has no page listening yet: an `app:navigate` sent then is lost
 * and the person lands on Home. So a route is pushed only while the page is ready; otherwise it is
 * kept (the latest wins) until the page says it is ready and collects it.
 */
export interface NavigationQueue {
  /** Show `path`: pushed at once to a ready page, else kept for it. */
  navigate(path: string): void;
  /** The page has started and listens for pushes: the route kept for it, once, or null. */
  pageReady(): NavigateRequest | null;
  /** The page is gone (window closed, reloading, crashed): routes wait for the next one. */
  pageGone(): void;
}

export function createNavigationQueue(push: (request: NavigateRequest) => void): NavigationQueue {
  let ready = false;
  let pending: NavigateRequest | null = null;
  return {
    navigate(path) {
      if (ready) push({ path });
      else pending = { path };
    },
    pageReady() {
      ready = true;
      const request = pending;
      pending = null;
      return request;
    },
    pageGone() {
      ready = false;
    },
  };
}
