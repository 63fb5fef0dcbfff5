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
    // The portfolio page numbers its tabs in tens (videos 10, files 30): comments come second.
    meta: { tabKey: 'portfolioComments.tab', tabOrder: 20 },
  },
];
