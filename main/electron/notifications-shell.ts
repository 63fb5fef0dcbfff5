import {
  app,
  BrowserWindow,
  Menu,
  nativeImage,
  net,
  Notification,
  powerMonitor,
  Tray,
  type MenuItemConstructorOptions,
  type NativeImage,
} from 'electron';
import type { NotificationsFeature } from '../services/notifications/feature';
import {
  closeToTrayExplanation,
  decideClose,
  loginItemNeedsApproval,
  loginItemOptions,
  loginItemWrites,
  onlineCheckIntervalMs,
  performTrayAction,
  unreadBadge,
  type LoginItemOptions,
} from '../services/notifications/shell-decisions';
import type { ToastModel } from '../services/notifications/toasts';
import type { TrayPresence } from '../services/notifications/tray-presence';
import type { MenuItemModel, TrayIcon, TrayModel } from '../services/notifications/tray';
import { drawOverlayDot, encodePng, trayIconPngs } from '../services/notifications/tray-icons';
import { createLinuxAutostart } from './linux-autostart';

export interface NotificationsShellUi {
  appId: string;
  appName: string;
  showMainWindow(): void;
  navigate(route: string): void;
  signOut(): Promise<void>;
  /** The tray's Stop recording (issue 30). */
  stopRecording(): void;
  quit(): void;
  mainWindow(): BrowserWindow | undefined;
  /** Whether this desktop shows tray icons at all (services/notifications/tray-presence.ts). */
  trayPresence(): Promise<TrayPresence>;
  /**
   * The per-machine MSI starts the app at login for everyone (HKLM Run): the person's own entry is
   * removed rather than added, or Windows would start the app twice.
   */
  machineStartsAtLogin?: boolean;
  /** Problems worth a line in the log (optional: the shell works without). */
  log?(level: 'warn' | 'error', message: string, meta?: Record<string, unknown>): void;
}

/**
 * The notification feature's Electron side: tray, native notifications, badge, power and network
 * events, close-to-tray and start at login. Every decision is made in plain code
 * (`services/notifications/shell-decisions.ts`, `tray.ts`, `toasts.ts`); this file only carries it out.
 */
export function startNotificationsShell(feature: NotificationsFeature, ui: NotificationsShellUi): { dispose(): void } {
  const platform = process.platform;
  const disposers: (() => void)[] = [];
  const listen = <A extends unknown[]>(
    emitter: {
      on(event: string, l: (...args: A) => void): unknown;
      removeListener(event: string, l: (...args: A) => void): unknown;
    },
    event: string,
    listener: (...args: A) => void,
  ) => {
    emitter.on(event, listener);
    disposers.push(() => emitter.removeListener(event, listener));
  };
  let quitting = false;
  const errorMeta = (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) });

  // Windows shows toasts (and delivers their clicks) only for an app with an AppUserModelID.
  if (platform === 'win32') app.setAppUserModelId(ui.appId);

  // --- Tray -------------------------------------------------------------------------------------
  const icons = new Map<TrayIcon, NativeImage>();
  const iconFor = (icon: TrayIcon): NativeImage => {
    let image = icons.get(icon);
    if (!image) {
      image = nativeImage.createEmpty();
      for (const { scale, png } of trayIconPngs(icon)) image.addRepresentation({ scaleFactor: scale, buffer: png });
      icons.set(icon, image);
    }
    return image;
  };
  const overlay = nativeImage.createFromBuffer(encodePng(16, 16, drawOverlayDot(16)));

  const ports = {
    showMainWindow: ui.showMainWindow,
    navigate: ui.navigate,
    markSeen: (ids?: number[]) => void feature.service.markSeen(ids).catch(() => undefined),
    doNotDisturb: () => feature.settings().doNotDisturb,
    setDoNotDisturb: (on: boolean) => {
      // A throw here would leave a menu click unanswered as an uncaught exception in main.
      try {
        feature.service.setSettings({ doNotDisturb: on });
      } catch (error) {
        ui.log?.('warn', 'Do not disturb could not be changed', errorMeta(error));
        // Electron has flipped the check mark already: build the menu again from the real setting.
        applyTray(feature.tray());
      }
    },
    signOut: () =>
      void ui
        .signOut()
        .catch((error: unknown) => ui.log?.('warn', 'Signing out from the tray failed', errorMeta(error))),
    stopRecording: () => ui.stopRecording(),
    quit: () => {
      quitting = true;
      ui.quit();
    },
  };

  const toMenuItem = (item: MenuItemModel): MenuItemConstructorOptions => {
    switch (item.kind) {
      case 'separator':
        return { type: 'separator' };
      case 'status':
        return { id: item.id, label: item.label, enabled: false };
      case 'checkbox':
        return {
          id: item.id,
          label: item.label,
          type: 'checkbox',
          checked: item.checked,
          click: () => performTrayAction(item.action, ports),
        };
      case 'action':
        return { id: item.id, label: item.label, click: () => performTrayAction(item.action, ports) };
    }
  };

  const tray = new Tray(iconFor(feature.tray().icon));
  tray.setToolTip(ui.appName);
  // macOS opens the menu on click; elsewhere a click on the icon opens the window, the menu is on right-click.
  if (platform !== 'darwin') tray.on('click', () => ui.showMainWindow());

  let badgeCount = 0;
  const applyBadge = (count: number): void => {
    badgeCount = count;
    const badge = unreadBadge(count, platform, feature.translator);
    if (badge.kind === 'count') {
      app.setBadgeCount(badge.count); // the dock on macOS; the launcher on Linux where Unity's API exists
      return;
    }
    const window = ui.mainWindow();
    if (!window || window.isDestroyed()) return;
    if (badge.kind === 'overlay') window.setOverlayIcon(overlay, badge.description);
    else window.setOverlayIcon(null, '');
  };

  const applyTray = (model: TrayModel): void => {
    if (tray.isDestroyed()) return;
    tray.setImage(iconFor(model.icon));
    tray.setToolTip(model.tooltip);
    tray.setContextMenu(Menu.buildFromTemplate(model.menu.map(toMenuItem)));
    applyBadge(model.badgeCount);
  };
  applyTray(feature.tray());
  disposers.push(feature.onTrayChange(applyTray));

  // --- Native notifications ---------------------------------------------------------------------
  // Kept referenced until closed: a garbage-collected Notification no longer delivers its click.
  const shown = new Set<Notification>();
  const showToast = (toast: ToastModel): void => {
    const notification = new Notification({ title: toast.title, body: toast.body });
    notification.on('click', () => {
      ui.showMainWindow();
      ui.navigate(toast.route);
      ports.markSeen(toast.itemIds);
      shown.delete(notification);
    });
    notification.on('close', () => shown.delete(notification));
    shown.add(notification);
    notification.show();
  };
  disposers.push(
    feature.onToasts((toasts) => {
      if (!Notification.isSupported()) return;
      toasts.forEach(showToast);
    }),
  );

  // --- When to look now ---------------------------------------------------------------------------
  listen(powerMonitor, 'resume', () => feature.signals.wake());
  listen(powerMonitor, 'unlock-screen', () => feature.signals.unlock());
  listen(app, 'browser-window-focus', () => {
    feature.signals.focus();
    // Back from System Settings, where macOS asks to allow the login item: the page's note follows.
    reportLoginItemStatus();
  });

  let onlineTimer: NodeJS.Timeout | undefined;
  const checkOnline = (): void => {
    if (net.isOnline()) feature.signals.online();
    else feature.signals.offline();
  };
  const scheduleOnlineChecks = (): void => {
    if (onlineTimer) clearInterval(onlineTimer);
    onlineTimer = setInterval(checkOnline, onlineCheckIntervalMs(feature.settings().pollIntervalMs));
    onlineTimer.unref();
  };
  checkOnline();
  scheduleOnlineChecks();
  disposers.push(() => onlineTimer && clearInterval(onlineTimer));

  // --- Close to tray ------------------------------------------------------------------------------
  listen(app, 'before-quit', () => {
    quitting = true;
  });
  // Until the desktop has answered (a D-Bus round trip on Linux), the tray counts as shown, as before.
  let trayShown = true;
  let disposed = false;
  void ui
    .trayPresence()
    .then((presence) => {
      if (disposed || presence === 'shown') return;
      trayShown = false;
      feature.setTrayShown(false);
      ui.log?.('warn', 'This desktop shows no tray icons: closing the window quits the app');
      // Started hidden at login, with no tray to live in: show the window rather than run unseen.
      if (!ui.mainWindow()) ui.showMainWindow();
    })
    .catch((error: unknown) => ui.log?.('warn', 'Could not tell whether tray icons are shown', errorMeta(error)));
  const onClose = (event: Electron.Event, window: BrowserWindow): void => {
    if (window !== ui.mainWindow()) return;
    const decision = decideClose({
      closeToTray: feature.settings().closeToTray,
      explained: feature.closeToTrayExplained(),
      quitting,
      trayShown,
    });
    if (decision === 'close') return;
    event.preventDefault();
    window.hide();
    if (decision === 'hide-and-explain' && Notification.isSupported()) {
      const { title, body } = closeToTrayExplanation(ui.appName, platform, feature.translator);
      const explanation = new Notification({ title, body });
      shown.add(explanation);
      explanation.on('close', () => shown.delete(explanation));
      explanation.show();
    }
    feature.markCloseToTrayExplained();
  };
  const watchWindow = (window: BrowserWindow): void => {
    const listener = (event: Electron.Event) => onClose(event, window);
    window.on('close', listener);
    disposers.push(() => {
      if (!window.isDestroyed()) window.removeListener('close', listener);
    });
  };
  BrowserWindow.getAllWindows().forEach(watchWindow);
  listen(app, 'browser-window-created', (_event: Electron.Event, window: BrowserWindow) => {
    watchWindow(window);
    // A window made later (the app started hidden at login) has no taskbar overlay yet. Electron
    // announces the window inside its constructor, before the caller holds it as the main window:
    // the badge is applied once that code has run.
    queueMicrotask(() => applyBadge(badgeCount));
  });

  // --- Start at login, and settings that change the shell -------------------------------------------
  const linuxAutostart = platform === 'linux' ? createLinuxAutostart(ui.appId, ui.appName) : undefined;
  /** macOS 13+ may register the item but wait for the person to allow it; the settings page says so. */
  const reportLoginItemStatus = (): void => {
    if (platform !== 'darwin') return;
    feature.setStartAtLoginNeedsApproval(loginItemNeedsApproval(app.getLoginItemSettings(loginItemOptions(platform))));
  };
  const applyLoginItem = (startAtLogin: boolean): void => {
    try {
      if (linuxAutostart) {
        // Electron's login items do nothing on Linux: an XDG autostart entry instead. Written at every
        // start while on, so an AppImage that was moved is still found at the next login.
        linuxAutostart.apply(startAtLogin);
        return;
      }
      // Read with the same options the item is written with (Windows keeps one entry per argument list).
      const read = (options: LoginItemOptions) => app.getLoginItemSettings(options);
      const perUser = startAtLogin && ui.machineStartsAtLogin !== true;
      for (const write of loginItemWrites(perUser, platform, read)) app.setLoginItemSettings(write);
      reportLoginItemStatus();
    } catch (error) {
      ui.log?.('warn', 'Start at login could not be changed', errorMeta(error));
    }
  };
  applyLoginItem(feature.settings().startAtLogin);
  let lastInterval = feature.settings().pollIntervalMs;
  disposers.push(
    feature.onSettingsChange((settings) => {
      applyLoginItem(settings.startAtLogin);
      if (settings.pollIntervalMs !== lastInterval) {
        lastInterval = settings.pollIntervalMs;
        scheduleOnlineChecks();
      }
    }),
  );

  return {
    dispose() {
      quitting = true;
      disposed = true;
      for (const dispose of disposers.splice(0)) dispose();
      shown.clear();
      if (!tray.isDestroyed()) tray.destroy();
    },
  };
}
