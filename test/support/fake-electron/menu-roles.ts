import type { FakeMenu } from './menu';

/**
 * What Electron 45 puts in a role's submenu when the template gives none (its
 * lib/browser/api/menu-item-roles.ts). Listed for the roles whose content a test has needed so far.
 */
export const roleSubmenus: Readonly<Record<string, readonly string[]>> = {
  viewMenu: ['reload', 'forceReload', 'toggleDevTools', 'resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen'],
};

/** Every role a person can reach in `menu`, with role menus filled as Electron fills them. */
export function reachableRoles(menu: FakeMenu): string[] {
  return menu.flat().flatMap((item) => {
    if (!item.role) return [];
    const filled = item.submenu ? [] : (roleSubmenus[item.role] ?? []);
    return [item.role, ...filled];
  });
}
