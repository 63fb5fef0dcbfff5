import type { RouteLocation, RouteRecordRaw } from 'vue-router';
import { groupTabRoutes } from './group-tab-routes';

/**
 * The settings tab (managers only). Tabs are children with `meta.tabKey`; `meta.managersOnly` hides one
 * from those who do not manage the group, `meta.feature` (activity, timeline, video, file) hides one
 * while that feature is off (see views/groups/GroupView.vue).
 */
const settingsRoute: RouteRecordRaw = {
  path: 'settings',
  name: 'group-settings',
  component: () => import('../views/groups/GroupSettingsView.vue'),
  meta: { tabKey: 'groups.tabs.settings', managersOnly: true },
};

export const groupChildRoutes: RouteRecordRaw[] = [...groupTabRoutes, settingsRoute];

/** The tab a bare group address opens: the first tab everyone sees (else the first tab at all). */
export function firstTabOf(children: RouteRecordRaw[]): RouteRecordRaw | undefined {
  const tabs = children.filter((child) => child.meta?.tabKey);
  return tabs.find((child) => !child.meta?.managersOnly) ?? tabs[0];
}

/** `/groups/12` (and `/groups/12/`) go to `/groups/12/<first tab>`, keeping the query and the hash. */
export function redirectToFirstTab(to: Pick<RouteLocation, 'path' | 'query' | 'hash'>) {
  const first = firstTabOf(groupChildRoutes) ?? settingsRoute;
  const base = to.path.replace(/\/+$/, '');
  return { path: `${base}/${first.path}`, query: to.query, hash: to.hash };
}

/** Group lists, invitations, the organisation's labels and one group's page (its tabs come from group-tab-routes). */
export const groupsRoutes: RouteRecordRaw[] = [
  {
    path: '/groups',
    name: 'groups',
    component: () => import('../views/groups/GroupsView.vue'),
    meta: { titleKey: 'groups.title', readableOffline: true },
  },
  {
    path: '/groups/invites',
    name: 'group-invites',
    component: () => import('../views/groups/GroupInvitesView.vue'),
    meta: { titleKey: 'groups.invites.title' },
  },
  {
    path: '/groups/labels',
    name: 'group-labels',
    component: () => import('../views/groups/GroupLabelsView.vue'),
    meta: { titleKey: 'groups.labels.title' },
  },
  {
    path: '/groups/:groupId(\\d+)',
    name: 'group',
    component: () => import('../views/groups/GroupView.vue'),
    meta: { titleKey: 'groups.title' },
    redirect: redirectToFirstTab,
    children: groupChildRoutes,
  },
];
