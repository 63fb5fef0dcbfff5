import type { RouteRecordRaw } from 'vue-router';

/** Group lists, invitations and one group's page (its tabs come from group-tab-routes). */
export const groupsRoutes: RouteRecordRaw[] = [];
