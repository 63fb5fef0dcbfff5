import type { RouteRecordRaw } from 'vue-router';

/** The comments tab inside a portfolio's page (children of /portfolios/:portfolioId). */
export const portfolioCommentRoutes: RouteRecordRaw[] = [];
