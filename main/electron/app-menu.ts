import { Menu, type MenuItemConstructorOptions } from 'electron';
import { viewMenuItems } from '../services/shell/development-switches';

/**
 * A standard menu (edit shortcuts need it on macOS) with an About item that opens our panel. The View
 * menu is spelled out: Electron's `viewMenu` role always brings Reload and Toggle Developer Tools,
 * which only a development run may offer.
 */
export function installAppMenu(appName: string, showAbout: () => void, options: { devTools: boolean }): void {
  const isMac = process.platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [
    ...(isMac
      ? [
          {
            label: appName,
            submenu: [
              { label: `About ${appName}`, click: showAbout },
              { type: 'separator' as const },
              { role: 'quit' as const },
            ],
          },
        ]
      : [{ label: '&File', submenu: [{ role: 'quit' as const }] }]),
    { role: 'editMenu' },
    { label: isMac ? 'View' : '&View', submenu: viewMenuItems(options.devTools) },
    { role: 'windowMenu' },
    { role: 'help', submenu: [...(isMac ? [] : [{ label: `&About ${appName}`, click: showAbout }])] },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
