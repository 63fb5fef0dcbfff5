import { createRouter, createWebHashHistory, type RouteRecordRaw } from 'vue-router';
import { useSessionStore } from '../stores/session';
import { groupsRoutes } from './groups-routes';
import { portfoliosRoutes } from './portfolios-routes';
import { videosRoutes } from './videos-routes';
import { adminRoutes } from './admin-routes';
import { adminReportsRoutes } from './admin-reports-routes';
import { adminOrganisationRoutes } from './admin-organisation-routes';
import { installRouteData } from './route-data';

export const routes: RouteRecordRaw[] = [
  { path: '/', name: 'home', component: () => import('../views/HomeView.vue'), meta: { titleKey: 'nav.home' } },
  {
    path: '/sign-in',
    name: 'sign-in',
    component: () => import('../views/SignInView.vue'),
    meta: { titleKey: 'nav.signIn', public: true },
  },
  {
    // An installed app given no service address: the only screen until one is chosen.
    path: '/connect',
    name: 'first-run',
    component: () => import('../views/FirstRunView.vue'),
    meta: { titleKey: 'firstRun.title', public: true },
  },
  {
    path: '/account',
    name: 'account',
    component: () => import('../views/AccountView.vue'),
    meta: { titleKey: 'nav.account' },
  },
  {
    // Uploads and downloads (issue #16); the old address still leads here (tray, notifications, links).
    path: '/transfers',
    name: 'transfers',
    component: () => import('../views/UploadsView.vue'),
    meta: { titleKey: 'nav.transfers' },
  },
  { path: '/uploads', name: 'uploads', redirect: '/transfers' },
  {
    path: '/notifications',
    name: 'notifications',
    component: () => import('../views/NotificationsView.vue'),
    meta: { titleKey: 'nav.notifications', readableOffline: true },
  },
  {
    path: '/about',
    name: 'about',
    component: () => import('../views/AboutView.vue'),
    meta: { titleKey: 'nav.about', public: true },
  },
  {
    // Public: a network problem is often why someone cannot sign in.
    path: '/network-check',
    name: 'network-check',
    component: () => import('../views/NetworkCheckView.vue'),
    meta: { titleKey: 'networkDoctor.title', public: true },
  },
  ...groupsRoutes,
  ...portfoliosRoutes,
  ...videosRoutes,
  ...adminRoutes,
  ...adminReportsRoutes,
  ...adminOrganisationRoutes,
  { path: '/:pathMatch(.*)*', redirect: '/' },
];

/** Hash history works the same on app://bundle and on the harness's local server. */
export const router = createRouter({ history: createWebHashHistory(), routes });

/**
 * Pages other than sign-in and About need a session; the asked-for page is kept for after sign-in.
 * While a saved sign-in waits for the network (started offline), the lists main kept on disk
 * (`meta.readableOffline`: my groups, portfolios, notifications) may be looked at meanwhile.
 */
router.beforeEach(async (to) => {
  const session = useSessionStore();
  if (!session.state) await session.init();
  // First run of an installed app: nothing else means anything before there is a service.
  if (session.state?.connection.needsSetup) return to.name === 'first-run' ? true : { name: 'first-run' };
  if (to.name === 'first-run') return { path: '/' };
  const signedIn = session.state?.status === 'signed-in';
  const waitingForNetwork = session.state?.status === 'restoring' && session.state.retrying !== undefined;
  if (!signedIn && !to.meta.public && !(waitingForNetwork && to.meta.readableOffline === true))
    return { path: '/sign-in', query: to.fullPath !== '/' ? { redirect: to.fullPath } : {} };
  if (signedIn && to.name === 'sign-in') return { path: '/' };
  return true;
});

// After the sign-in guard: a page that will not open reads nothing.
installRouteData(router);

/** Main may ask for a route (menu, tray, notification click); only routes we know are followed. */
export function isKnownPath(path: string): boolean {
  const resolved = router.resolve(path);
  return resolved.matched.length > 0 && resolved.matched[0]?.path !== '/:pathMatch(.*)*';
}
