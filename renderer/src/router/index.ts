import { createRouter, createWebHashHistory, type RouteRecordRaw } from 'vue-router';

export const routes: RouteRecordRaw[] = [
  { path: '/', name: 'home', component: () => import('../views/HomeView.vue'), meta: { titleKey: 'nav.home' } },
  { path: '/about', name: 'about', component: () => import('../views/AboutView.vue'), meta: { titleKey: 'nav.about' } },
  { path: '/:pathMatch(.*)*', redirect: '/' },
];

/** Hash history works the same on app://bundle and on the harness's local server. */
export const router = createRouter({ history: createWebHashHistory(), routes });

/** Main may ask for a route (menu, tray, notification click); only routes we know are followed. */
export function isKnownPath(path: string): boolean {
  const resolved = router.resolve(path);
  return resolved.matched.length > 0 && resolved.matched[0]?.path !== '/:pathMatch(.*)*';
}
