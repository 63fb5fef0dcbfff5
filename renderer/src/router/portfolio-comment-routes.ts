import type { RouteLocationNormalized, RouteRecordRaw } from 'vue-router';
import { portfolioIdOf } from '../components/portfolios/portfolio-context';
import { COMMENT_PAGE_SIZE, commentsKey, usePortfolioCommentsStore } from '../stores/portfolio-comments';
import { readFirstPageAhead, type RouteRead } from './route-data';

/** The first page of comments, then the replies of the threads that open by themselves. */
function commentsData(to: RouteLocationNormalized): RouteRead[] {
  const portfolioId = portfolioIdOf(to);
  if (portfolioId === undefined) return [];
  const store = usePortfolioCommentsStore();
  const first = readFirstPageAhead(commentsKey(portfolioId), COMMENT_PAGE_SIZE, (pageNumber, pageSize) =>
    store.topPage(portfolioId, pageNumber, pageSize),
  );
  const done = first.done.then((page) => (page.ok ? store.openFirstThreads(portfolioId, page.data.items) : undefined));
  return [{ ...first, done }];
}

/**
 * The comments tab inside a portfolio's page (children of /portfolios/:portfolioId). A `#comment-N`
 * hash (notifications link to one) scrolls to that comment and highlights it.
 */
export const portfolioCommentRoutes: RouteRecordRaw[] = [
  {
    path: 'comments',
    name: 'portfolio-comments',
    component: () => import('../views/portfolios/comments/PortfolioCommentsView.vue'),
    // The portfolio page numbers its tabs in tens (videos 10, files 30): comments come second.
    meta: { tabKey: 'portfolioComments.tab', tabOrder: 20, data: commentsData },
  },
];
