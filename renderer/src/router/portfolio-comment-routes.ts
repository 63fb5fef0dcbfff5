import type { RouteRecordRaw } from 'vue-router';

/**
 * The comments tab inside a portfolio's page (children of /portfolios/:portfolioId). A `#comment-N`
 * hash (notifications link to one) scrolls to that comment and highlights it.
 */
export const portfolioCommentRoutes: RouteRecordRaw[] = [
  {
    path: 'comments',
    name: 'portfolio-comments',
    component: () => import('../views/portfolios/comments/PortfolioCommentsView.vue'),
    meta: { tabKey: 'portfolioComments.tab', tabOrder: 2 },
  },
];
