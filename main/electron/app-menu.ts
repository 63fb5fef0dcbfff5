import { Menu, type MenuItemConstructorOptions } from 'electron';

/** A standard menu (edit shortcuts need it on macOS) with an About item that opens our panel. */
export function installAppMenu(appName: string, showAbout: () => void): void {
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
    { role: 'viewMenu' },
    { role: 'windowMenu' },
    { role: 'help', submenu: [...(isMac ? [] : [{ label: `&About ${appName}`, click: showAbout }])] },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
