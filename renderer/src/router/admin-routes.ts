import type { RouteRecordRaw } from 'vue-router';

/** Organisation administration (issue #17): shown to administrators; others see why not. */
export const adminRoutes: RouteRecordRaw[] = [
  {
    path: '/admin/people',
    name: 'admin-people',
    component: () => import('../views/admin/PeopleView.vue'),
    meta: { titleKey: 'nav.people' },
  },
  {
    path: '/admin/people/import',
    name: 'admin-people-import',
    component: () => import('../views/admin/PeopleImportView.vue'),
    meta: { titleKey: 'adminImport.title' },
  },
];
