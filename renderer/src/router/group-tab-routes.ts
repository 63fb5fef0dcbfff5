import type { RouteRecordRaw } from 'vue-router';

/**
 * The tabs inside a group's page (children of /groups/:groupId): posts, files, members, activity.
 * The tab bar lists the children with `meta.tabKey` (an i18n key), in this order. `group-post` (a deep
 * link to one post, e.g. from a notification) has no tab of its own: `meta.tabOf` names the tab it belongs to.
 * `meta.feature` names the group feature switch that hides a tab while off.
 */
const postsTab = () => import('../views/groups/tabs/GroupPostsTab.vue');

export const groupTabRoutes: RouteRecordRaw[] = [
  {
    path: 'posts',
    name: 'group-posts',
    component: postsTab,
    meta: { tabKey: 'groupContent.tabs.posts', feature: 'timeline' },
  },
  {
    path: 'posts/:postId(\\d+)',
    name: 'group-post',
    component: postsTab,
    meta: { tabOf: 'group-posts', feature: 'timeline' },
  },
  {
    path: 'files',
    name: 'group-files',
    component: () => import('../views/groups/tabs/GroupFilesTab.vue'),
    meta: { tabKey: 'groupContent.tabs.files', feature: 'file' },
  },
  {
    path: 'members',
    name: 'group-members',
    component: () => import('../views/groups/tabs/GroupMembersTab.vue'),
    meta: { tabKey: 'groupContent.tabs.members' },
  },
  {
    path: 'activity',
    name: 'group-activity',
    component: () => import('../views/groups/tabs/GroupActivityTab.vue'),
    meta: { tabKey: 'groupContent.tabs.activity', feature: 'activity' },
  },
];
