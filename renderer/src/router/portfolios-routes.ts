import type { RouteLocationNormalized, RouteRecordRaw } from 'vue-router';
import { hasRouteNamed, orderTabRoutes, portfolioLanding } from '../components/portfolios/portfolio-tabs';
import { portfolioIdOf } from '../components/portfolios/portfolio-context';
import { portfolioKeys, usePortfoliosStore } from '../stores/portfolios';
import { portfolioCommentRoutes } from './portfolio-comment-routes';
import { readAhead, type RouteRead } from './route-data';

/** The portfolio page's header: the portfolio itself. */
function portfolioData(to: RouteLocationNormalized): RouteRead[] {
  const portfolioId = portfolioIdOf(to);
  if (portfolioId === undefined) return [];
  const store = usePortfoliosStore();
  return [readAhead(portfolioKeys.detail(portfolioId), () => store.get(portfolioId))];
}

const meta = (tabKey: string, tabOrder: number) => ({ titleKey: 'nav.portfolios', tabKey, tabOrder });

/**
 * The portfolio page's tabs, in order. The comments tab (portfolio-comment-routes) is declared right
 * after the videos: without a `meta.tabOrder` of its own it follows them, with one it goes where it says.
 */
const tabRoutes: RouteRecordRaw[] = orderTabRoutes([
  {
    path: 'videos',
    name: 'portfolio-videos',
    component: () => import('../views/portfolios/PortfolioVideosTab.vue'),
    meta: meta('portfolios.tabs.videos', 10),
  },
  ...portfolioCommentRoutes,
  {
    path: 'files',
    name: 'portfolio-files',
    component: () => import('../views/portfolios/PortfolioFilesTab.vue'),
    meta: meta('portfolios.tabs.files', 30),
  },
  {
    path: 'documents',
    name: 'portfolio-documents',
    component: () => import('../views/portfolios/PortfolioDocumentsTab.vue'),
    meta: meta('portfolios.tabs.documents', 40),
  },
  {
    path: 'tag-sets',
    name: 'portfolio-tag-sets',
    component: () => import('../views/portfolios/PortfolioTagSetsTab.vue'),
    meta: meta('portfolios.tabs.tagSets', 50),
  },
  {
    path: 'sharing',
    name: 'portfolio-sharing',
    component: () => import('../views/portfolios/PortfolioSharingTab.vue'),
    meta: meta('portfolios.tabs.sharing', 60),
  },
]);

const commentsRoute = hasRouteNamed(portfolioCommentRoutes, 'portfolio-comments') ? 'portfolio-comments' : undefined;

/** Portfolio lists and one portfolio's page (its comments tab comes from portfolio-comment-routes). */
export const portfoliosRoutes: RouteRecordRaw[] = [
  {
    path: '/portfolios',
    name: 'portfolios',
    component: () => import('../views/portfolios/PortfoliosView.vue'),
    meta: { titleKey: 'nav.portfolios', readableOffline: true },
  },
  {
    path: '/portfolios/shared-with/:userId(\\d+)',
    name: 'person-sharing',
    component: () => import('../views/portfolios/PersonSharingView.vue'),
    meta: { titleKey: 'nav.portfolios' },
  },
  {
    path: '/portfolios/:portfolioId(\\d+)',
    name: 'portfolio',
    component: () => import('../views/portfolios/PortfolioView.vue'),
    meta: { titleKey: 'nav.portfolios', data: portfolioData },
    // The bare address: videos, or the comments tab when the hash names a comment.
    redirect: (to) => portfolioLanding(to, commentsRoute),
    children: tabRoutes,
  },
];
