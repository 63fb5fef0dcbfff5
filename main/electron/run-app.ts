import { app, shell, type BrowserWindow } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config';
import { compose } from '../composition';
import { createLogger } from '../services/log';
import { originOf } from '../ipc/sender-policy';
import { APP_ORIGIN, registerAppScheme, serveRenderer } from './protocol';
import { applySecurityRules } from './security';
import { createMainWindow, preloadPathFor } from './window';
import { broadcast, mountIpc } from './ipc-mount';
import { electronLogSink } from './logging';
import { installAppMenu } from './app-menu';
import { chooseUploadPaths } from './dialogs';
import { createUploadShell } from './upload-shell';
import { startNotificationsShell } from './notifications-shell';
import { startsHidden } from '../services/notifications/shell-decisions';
import { safeStorageEncryptor } from './safe-storage';
import { Vault } from '../services/vault';

const mainDir = dirname(fileURLToPath(import.meta.url));

/** Starts the desktop app: one instance, secure window, IPC mounted on the real handler table. */
export function runApp(): void {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  registerAppScheme();

  // electron-vite sets this in `npm run dev`; production serves the built page from app://bundle.
  const devUrl = process.env.ELECTRON_RENDERER_URL;
  const pageUrl = devUrl ?? `${APP_ORIGIN}/index.html`;
  const trustedOrigin = originOf(pageUrl) ?? APP_ORIGIN;
  const isOurUrl = (url: string) => originOf(url) === trustedOrigin;
  applySecurityRules(isOurUrl);

  if (process.env.VC_DATA_DIR) app.setPath('userData', process.env.VC_DATA_DIR);

  let mainWindow: BrowserWindow | undefined;
  const showMainWindow = () => {
    if (!mainWindow || mainWindow.isDestroyed()) {
      mainWindow = createMainWindow({ preloadPath: preloadPathFor(mainDir), url: pageUrl, title: app.getName() });
      return;
    }
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show();
    mainWindow.focus();
  };
  app.on('second-instance', showMainWindow);

  void app.whenReady().then(async () => {
    const log = createLogger(electronLogSink());
    const config = loadConfig(process.env);
    const dataFolder = app.getPath('userData');
    const vault = await Vault.open({ dataDir: join(dataFolder, 'vault'), log, encryptor: safeStorageEncryptor });
    const composition = compose({
      config,
      configIsExplicit: process.env.VC_SERVICE_URL !== undefined,
      log,
      appName: app.getName(),
      appVersion: app.getVersion(),
      versions: process.versions,
      platform: process.platform,
      arch: process.arch,
      dataFolder,
      vault,
      openExternal: (url) => shell.openExternal(url),
      focusApp: showMainWindow,
      chooseUploadPaths,
      uploadShell: createUploadShell({
        mainWindow: () => mainWindow,
        showUploads: () => {
          showMainWindow();
          broadcast('app:navigate', { path: '/uploads' });
        },
      }),
      emit: broadcast,
    });
    if (!devUrl) serveRenderer(join(mainDir, '../renderer'));
    mountIpc({ table: composition.table, trustedOrigins: [trustedOrigin], log });
    installAppMenu(app.getName(), () => {
      showMainWindow();
      broadcast('app:navigate', { path: '/about' });
    });
    // Started hidden at login (a setting): live in the tray until the user opens the window.
    if (!startsHidden(process.argv, process.platform === 'darwin' && app.getLoginItemSettings().wasOpenedAtLogin))
      showMainWindow();
    const notificationsShell = startNotificationsShell(composition.notifications, {
      appId: 'org.videocollab.desktop',
      appName: app.getName(),
      showMainWindow,
      navigate: (route) => broadcast('app:navigate', { path: route }),
      signOut: async () => {
        await composition.session.signOut();
      },
      quit: () => app.quit(),
      mainWindow: () => mainWindow,
      log: (level, message, meta) => log[level](message, meta),
    });
    app.on('before-quit', () => {
      notificationsShell.dispose();
      void composition.stop();
    });
    // Restoring may take a network round trip; the window shows "restoring" meanwhile.
    await composition.start();
    log.info('App started', {
      serviceUrl: config.serviceUrl,
      demoMode: config.demoMode,
      vault: vault.status().backend,
    });
    app.on('activate', showMainWindow);
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}
