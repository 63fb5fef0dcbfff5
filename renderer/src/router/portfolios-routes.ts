import type { RouteRecordRaw } from 'vue-router';

/** Portfolio lists and one portfolio's page (its comments tab comes from portfolio-comment-routes). */
export const portfoliosRoutes: RouteRecordRaw[] = [];
