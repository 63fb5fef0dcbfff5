import type { RouteLocationNormalized, RouteRecordNormalized, Router } from 'vue-router';
import type { Result } from '../../../preload/contract';
import { firstPageKey } from '../composables/usePagedQuery';
import { useQueryCache } from '../stores/query-cache';

/**
 * A route's data, read as the app moves to it rather than once its page has mounted. The page's queries
 * take these reads over (see query-cache's `prefetch`), so a page whose data answers quickly is drawn
 * once, complete, instead of a loading state, then its header, then its rows: three passes, each of which
 * the data had to wait behind.
 */
export interface RouteRead<T = unknown> {
  /** Settles when the read (and anything chained on it) has answered. */
  done: Promise<T>;
  /** The page has an earlier answer to show at once: moving there does not wait for this read. */
  shownFromCache: boolean;
}

export type RouteData = (to: RouteLocationNormalized) => RouteRead[];

declare module 'vue-router' {
  interface RouteMeta {
    /** What the route's page reads first (started before the page mounts). */
    data?: RouteData;
  }
}

/**
 * How long the app stays on the current page for the next one's data. Under a tenth of a second reads
 * as instant; a slower service shows the page with its loading state after this, its read already
 * under way (so the data comes no later than without the wait).
 */
export const ROUTE_DATA_WAIT_MS = 120;

/** Starts reading `key` for the page about to be shown; its query (useCachedQuery) takes the read over. */
export function readAhead<T>(key: string, load: () => Promise<Result<T>>, cachedKey = key): RouteRead<Result<T>> {
  const cache = useQueryCache();
  return { done: cache.prefetch(key, load), shownFromCache: cache.get(cachedKey) !== undefined };
}

/** Starts reading a paged list's first page, at the size its page reads (usePagedQuery takes it over). */
export function readFirstPageAhead<T>(
  key: string,
  pageSize: number,
  loadPage: (pageNumber: number, pageSize: number) => Promise<Result<T>>,
): RouteRead<Result<T>> {
  return readAhead(firstPageKey(key, pageSize), () => loadPage(1, pageSize), key);
}

/**
 * The records whose data this navigation needs: those it enters, and all of them when the route's
 * params change (another portfolio). A change of query or hash alone reads nothing: the page is there.
 */
export function recordsEntered(to: RouteLocationNormalized, from: RouteLocationNormalized): RouteRecordNormalized[] {
  if (to.path === from.path) return [];
  const sameParams = JSON.stringify(to.params) === JSON.stringify(from.params);
  return to.matched.filter((record) => !sameParams || !from.matched.includes(record));
}

/** Registers the guard (after the sign-in guard, so that nothing is read for a page that will not open). */
export function installRouteData(router: Router, waitMs = ROUTE_DATA_WAIT_MS): void {
  router.beforeEach(async (to, from) => {
    const reads = recordsEntered(to, from).flatMap((record) => record.meta.data?.(to) ?? []);
    const awaited = reads.filter((read) => !read.shownFromCache).map((read) => read.done);
    if (awaited.length === 0) return true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
    await Promise.race([Promise.allSettled(awaited), waited]);
    clearTimeout(timer);
    return true;
  });
}
