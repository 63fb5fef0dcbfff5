import type { RouteLocation, RouteLocationRaw, RouteRecordRaw } from 'vue-router';

/** The portfolio page's tab bar: built from its child routes, and where the bare page address lands. */

export interface PortfolioTab {
  name: string;
  /** An i18n key. */
  tabKey: string;
}

/**
 * Children in tab order: by `meta.tabOrder` where given; a child without one follows the child
 * declared before it (so a tab inserted after "videos" stays there). Stable for equal orders.
 */
export function orderTabRoutes<R extends RouteRecordRaw>(children: readonly R[]): R[] {
  let previous = 0;
  const ranked = children.map((child, index) => {
    const own = child.meta?.tabOrder;
    const rank = typeof own === 'number' && Number.isFinite(own) ? own : previous + 0.001;
    previous = rank;
    return { child, rank, index };
  });
  return ranked.sort((a, b) => a.rank - b.rank || a.index - b.index).map((entry) => entry.child);
}

export function tabsOf(children: readonly RouteRecordRaw[]): PortfolioTab[] {
  return orderTabRoutes(children).flatMap((child) =>
    typeof child.meta?.tabKey === 'string' && typeof child.name === 'string'
      ? [{ name: child.name, tabKey: child.meta.tabKey }]
      : [],
  );
}

/** Whether a route of this name is among the records (or their children). */
export function hasRouteNamed(records: readonly RouteRecordRaw[], name: string): boolean {
  return records.some((record) => record.name === name || hasRouteNamed(record.children ?? [], name));
}

const COMMENT_HASH = /^#comment-\d+$/;

/**
 * `/portfolios/7` shows the videos; `/portfolios/7#comment-33` (as notifications link) shows the
 * comments tab at that comment, when that tab exists; otherwise the videos.
 */
export function portfolioLanding(
  to: Pick<RouteLocation, 'params' | 'query' | 'hash'>,
  commentsRoute: string | undefined,
): RouteLocationRaw {
  if (commentsRoute && COMMENT_HASH.test(to.hash)) {
    return { name: commentsRoute, params: to.params, query: to.query, hash: to.hash };
  }
  return { name: 'portfolio-videos', params: to.params, query: to.query };
}
