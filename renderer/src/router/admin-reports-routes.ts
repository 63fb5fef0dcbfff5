import type { RouteRecordRaw } from 'vue-router';

/** Organisation administration: Reports (#17 item 4). The page itself says when the person may not see it. */
export const adminReportsRoutes: RouteRecordRaw[] = [
  {
    path: '/admin/reports',
    name: 'admin-reports',
    component: () => import('../views/admin/ReportsView.vue'),
    meta: { titleKey: 'nav.reports' },
  },
];
