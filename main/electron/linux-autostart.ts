import { app } from 'electron';
import { homedir } from 'node:os';
import { autostartCommand, XdgAutostart, xdgConfigHome } from '../services/autostart/xdg-autostart';

/**
 * Start at login on Linux, where Electron's login items do nothing: an XDG autostart entry for this
 * app (see services/autostart/xdg-autostart.ts). An AppImage is started by its own path.
 */
export function createLinuxAutostart(appId: string, appName: string): XdgAutostart {
  return new XdgAutostart({
    configHome: xdgConfigHome(process.env, homedir()),
    entry: {
      id: appId,
      name: appName,
      comment: 'Notifications and uploads in the tray',
      command: autostartCommand({
        appImage: process.env.APPIMAGE,
        execPath: process.execPath,
        isPackaged: app.isPackaged,
        appPath: app.getAppPath(),
      }),
    },
  });
}
