import { Menu, type MenuItemConstructorOptions } from 'electron';
import { viewMenuItems } from '../services/shell/development-switches';
import { createTranslator, type Translator } from '../services/i18n';

/**
 * A standard menu (edit shortcuts need it on macOS) with an About item that opens our panel. The View
 * menu is spelled out: Electron's `viewMenu` role always brings Reload and Toggle Developer Tools,
 * which only a development run may offer. Our labels are in the app's language (`translator`); the
 * role menus (Edit, Window, Help) keep Electron's own labels.
 */
export function installAppMenu(
  appName: string,
  showAbout: () => void,
  options: { devTools: boolean; translator?: Translator },
): void {
  const t = options.translator ?? createTranslator();
  const isMac = process.platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [
    ...(isMac
      ? [
          {
            label: appName,
            submenu: [
              { label: t('main.menu.aboutMac', { appName }), click: showAbout },
              { type: 'separator' as const },
              { role: 'quit' as const },
            ],
          },
        ]
      : [{ label: t('main.menu.file'), submenu: [{ role: 'quit' as const }] }]),
    { role: 'editMenu' },
    { label: isMac ? t('main.menu.viewMac') : t('main.menu.view'), submenu: viewMenuItems(options.devTools) },
    { role: 'windowMenu' },
    { role: 'help', submenu: [...(isMac ? [] : [{ label: t('main.menu.about', { appName }), click: showAbout }])] },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
