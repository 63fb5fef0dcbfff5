import type { RouteRecordRaw } from 'vue-router';

/** Tagged videos: mine, a recording's, one tagged video. */
export const videosRoutes: RouteRecordRaw[] = [];
