import type { RouteRecordRaw } from 'vue-router';

/** Organisation administration: settings (#17 item 3). The page itself says when the person may not see it. */
export const adminOrganisationRoutes: RouteRecordRaw[] = [
  {
    path: '/admin/organisation',
    name: 'admin-organisation',
    component: () => import('../views/admin/OrganisationView.vue'),
    meta: { titleKey: 'nav.organisation' },
  },
];
