import type { RouteRecordRaw } from 'vue-router';

/** The tabs inside a group's page (children of /groups/:groupId): posts, files, members, activity. */
export const groupTabRoutes: RouteRecordRaw[] = [];
