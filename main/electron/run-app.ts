import { app, shell, type BrowserWindow } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config';
import { compose } from '../composition';
import { createLogger, type LogSink, type Logger } from '../services/log';
import { originOf } from '../ipc/sender-policy';
import { APP_ORIGIN, registerAppScheme, serveRenderer } from './protocol';
import { applySecurityRules } from './security';
import { createMainWindow, preloadPathFor } from './window';
import { broadcast, mountIpc } from './ipc-mount';
import { electronLogSink, type LogTarget } from './logging';
import { installAppMenu } from './app-menu';
import { chooseUploadPaths } from './dialogs';
import { createUploadShell } from './upload-shell';
import { startNotificationsShell } from './notifications-shell';
import { startsHidden } from '../services/notifications/shell-decisions';
import { appIconPath } from '../services/shell/app-icon';
import { developmentSwitches } from '../services/shell/development-switches';
import type { NavigationQueue } from '../services/shell/navigation-queue';
import { createWindowGate } from '../services/shell/window-gate';
import {
  CHECK_SANDBOX_SWITCH,
  checkSandboxOutput,
  linuxSandboxReport,
  readLinuxSandboxFacts,
  type LinuxSandboxFacts,
} from '../services/shell/linux-sandbox-check';
import { showSandboxWarning } from './dialogs';
import { safeStorageEncryptor } from './safe-storage';
import { Vault } from '../services/vault';

const mainDir = dirname(fileURLToPath(import.meta.url));

/** The slow or native parts of start-up, and what the process was started with (tests replace them). */
export interface RunAppDeps {
  /** Opens the token vault: a keychain probe (keytar, native) that may take seconds. */
  openVault(dataDir: string, log: Logger): Promise<Vault>;
  /** Where log lines go: electron-log's file in the app. */
  logSink(target: LogTarget): LogSink;
  env: Record<string, string | undefined>;
  argv: readonly string[];
  /** Whether Chromium's sandbox could start here, and whether this run has it (Linux). */
  sandboxFacts(): LinuxSandboxFacts;
  /** Writes a line for `--check-sandbox` (standard output). */
  print(text: string): void;
}

const defaultDeps = (): RunAppDeps => ({
  openVault: (dataDir, log) => Vault.open({ dataDir, log, encryptor: safeStorageEncryptor }),
  logSink: electronLogSink,
  env: process.env,
  argv: process.argv,
  sandboxFacts: () => readLinuxSandboxFacts(app.commandLine.hasSwitch('no-sandbox')),
  print: (text) => process.stdout.write(`${text}\n`),
});

/**
 * Starts the desktop app: one instance, secure window, IPC mounted on the real handler table.
 * Resolves once start-up has run (window requested, services started).
 */
export function runApp(overrides: Partial<RunAppDeps> = {}): Promise<void> {
  const deps: RunAppDeps = { ...defaultDeps(), ...overrides };
  const sandboxFacts = deps.sandboxFacts();
  // For IT: answers whether Chromium's sandbox can run here, then quits (no window, no second instance).
  if (deps.argv.includes(CHECK_SANDBOX_SWITCH)) {
    const { text, exitCode } = checkSandboxOutput(sandboxFacts);
    deps.print(text);
    app.exit(exitCode);
    return Promise.resolve();
  }
  // An AppImage on Ubuntu 23.10+ is started with --no-sandbox by its launcher: said out loud, with the remedy.
  const sandboxWarning = linuxSandboxReport(sandboxFacts).message;
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return Promise.resolve();
  }
  registerAppScheme();

  const switches = developmentSwitches(app.isPackaged, deps.env);
  const pageUrl = switches.rendererDevUrl ?? `${APP_ORIGIN}/index.html`;
  const trustedOrigin = originOf(pageUrl) ?? APP_ORIGIN;
  const isOurUrl = (url: string) => originOf(url) === trustedOrigin;
  applySecurityRules(isOurUrl);

  if (deps.env.VC_DATA_DIR) app.setPath('userData', deps.env.VC_DATA_DIR);

  let mainWindow: BrowserWindow | undefined;
  let navigation: NavigationQueue | undefined;
  const createOrFocusWindow = () => {
    if (!mainWindow || mainWindow.isDestroyed()) {
      const where = { packaged: app.isPackaged, resourcesPath: process.resourcesPath, appPath: app.getAppPath() };
      const icon = appIconPath(where, process.platform);
      mainWindow = createMainWindow({
        preloadPath: preloadPathFor(mainDir),
        url: pageUrl,
        title: app.getName(),
        devTools: switches.devTools,
        ...(icon ? { icon } : {}),
        onPageGone: () => navigation?.pageGone(),
      });
      return;
    }
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show();
    mainWindow.focus();
  };
  // A window made before app:// is served and IPC is mounted stays blank: requests wait until both are.
  const windowGate = createWindowGate(createOrFocusWindow);
  const showMainWindow = () => windowGate.request();
  app.on('second-instance', showMainWindow);
  // The window a click opens has no page listening yet: the route waits in the queue until it asks.
  const showRoute = (route: string) => {
    showMainWindow();
    navigation?.navigate(route);
  };

  const started = app.whenReady().then(async () => {
    const log = createLogger(deps.logSink({ file: join(app.getPath('logs'), 'main.log'), appName: app.getName() }));
    const config = loadConfig(deps.env);
    const dataFolder = app.getPath('userData');
    const vault = await deps.openVault(join(dataFolder, 'vault'), log);
    const composition = compose({
      config,
      configIsExplicit: deps.env.VC_SERVICE_URL !== undefined,
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
        showUploads: () => showRoute('/uploads'),
      }),
      emit: broadcast,
    });
    navigation = composition.navigation;
    if (!switches.rendererDevUrl) serveRenderer(join(mainDir, '../renderer'));
    mountIpc({ table: composition.table, trustedOrigins: [trustedOrigin], log });
    installAppMenu(app.getName(), () => showRoute('/about'), { devTools: switches.devTools });
    // Started hidden at login (a setting): live in the tray until the user opens the window.
    if (!startsHidden(deps.argv, process.platform === 'darwin' && app.getLoginItemSettings().wasOpenedAtLogin))
      showMainWindow();
    windowGate.open();
    if (sandboxWarning) {
      log.warn('Running without Chromium sandbox', { remedy: sandboxWarning });
      void showSandboxWarning(sandboxWarning).catch(() => undefined);
    }
    const notificationsShell = startNotificationsShell(composition.notifications, {
      appId: 'org.videocollab.desktop',
      appName: app.getName(),
      showMainWindow,
      navigate: (route) => composition.navigation.navigate(route),
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
  return started;
}
