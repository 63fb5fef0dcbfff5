import { describe, expect, it } from 'vitest';
import type { RouteRecordRaw } from 'vue-router';
import {
  firstTabOf,
  groupChildRoutes,
  groupsRoutes,
  redirectToFirstTab,
} from '../../../../renderer/src/router/groups-routes';

const child = (path: string, meta: Record<string, unknown>): RouteRecordRaw => ({ path, component: {}, meta });

describe('a group’s tabs', () => {
  it('a bare group address opens the first tab everyone sees, keeping the query and hash', () => {
    const first = firstTabOf(groupChildRoutes)!;
    expect(redirectToFirstTab({ path: '/groups/12/', query: { a: '1' }, hash: '#x' })).toEqual({
      path: `/groups/12/${first.path}`,
      query: { a: '1' },
      hash: '#x',
    });
    expect(first.meta?.managersOnly).not.toBe(true);
  });

  it('children without a tab key are not tabs; settings comes only when nothing else does', () => {
    const settings = child('settings', { tabKey: 's', managersOnly: true });
    expect(firstTabOf([child('posts/:id', {}), child('files', { tabKey: 'f' }), settings])?.path).toBe('files');
    expect(firstTabOf([child('posts/:id', {}), settings])?.path).toBe('settings');
    expect(firstTabOf([])).toBeUndefined();
  });

  it('the settings tab is a child of the group page, last, and for managers only', () => {
    const page = groupsRoutes.find((route) => route.name === 'group')!;
    expect(page.path).toBe('/groups/:groupId(\\d+)');
    expect(page.children?.at(-1)).toMatchObject({
      path: 'settings',
      name: 'group-settings',
      meta: { managersOnly: true },
    });
    expect(groupsRoutes.map((route) => route.name)).toEqual(['groups', 'group-invites', 'group-labels', 'group']);
  });
});
