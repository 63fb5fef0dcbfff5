import { app, clipboard, session, shell, type BrowserWindow } from 'electron';
import { release } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readBuildService, startupConfig } from '../config';
import { compose } from '../composition';
import { createLogger, type LogSink, type Logger } from '../services/log';
import { originOf } from '../ipc/sender-policy';
import { APP_ORIGIN, registerAppScheme, serveRenderer } from './protocol';
import { applySecurityRules } from './security';
import { quitIfDebugging } from './debugging-guard';
import { createMainWindow, preloadPathFor } from './window';
import { broadcast, mountIpc } from './ipc-mount';
import { electronLogSink, type LogTarget } from './logging';
import { installAppMenu } from './app-menu';
import { chooseUploadPaths } from './dialogs';
import { createUploadShell } from './upload-shell';
import { createRecordingShell } from './recording-shell';
import { answerDisplayMediaWithPick, listScreenSources } from './screen-capture';
import { createFileShell } from './file-shell';
import { startNotificationsShell } from './notifications-shell';
import { startNetworkWatch } from './network-watch';
import { startsHidden } from '../services/notifications/shell-decisions';
import { UPLOADS_ROUTE } from '../services/notifications/tray';
import { appIconPath } from '../services/shell/app-icon';
import { developmentSwitches } from '../services/shell/development-switches';
import type { NavigationQueue } from '../services/shell/navigation-queue';
import { DEEP_LINK_SCHEME, deepLinkInArgv } from '../services/shell/deep-links';
import { machineRegistrationHere, type MachineRegistration } from '../services/autostart/machine-registration';
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
import { chooseLocale, createTranslator } from '../services/i18n';
import { startUpdater, type AppUpdates } from './updater';
import { updatePolicyOf, uploadsActivityOf } from '../services/updates';
import {
  loadManagedConfig,
  nodeCheckFile,
  nodeReadFile,
  nodeRunCommand,
  type CheckFile,
  type ManagedConfig,
} from '../services/policy';
import type { ReadFile, RunCommand } from '../services/policy/layer';
import { userInfo } from 'node:os';
import { detectTrayPresence, type TrayPresence } from '../services/notifications/tray-presence';

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
  /** Writes a line to standard error: why the app refused to start. */
  printError(text: string): void;
  /** What the policy readers use: the files and reg.exe of this computer (tests give fixtures). */
  policyIo: { readFile: ReadFile; checkFile: CheckFile; runCommand: RunCommand; userName(): string };
  /** Whether the desktop shows tray icons (asks the session D-Bus on Linux; tests give the answer). */
  trayPresence(): Promise<TrayPresence>;
  /** What the per-machine MSI registered for everyone (read beside the executable; tests give the answer). */
  machineRegistration(): MachineRegistration;
}

const defaultDeps = (): RunAppDeps => ({
  openVault: (dataDir, log) => Vault.open({ dataDir, log, encryptor: safeStorageEncryptor }),
  logSink: electronLogSink,
  env: process.env,
  argv: process.argv,
  sandboxFacts: () => readLinuxSandboxFacts(app.commandLine.hasSwitch('no-sandbox')),
  trayPresence: () => detectTrayPresence({ platform: process.platform, env: process.env }),
  machineRegistration: () => machineRegistrationHere(app.isPackaged),
  print: (text) => process.stdout.write(`${text}\n`),
  printError: (text) => process.stderr.write(`${text}\n`),
  policyIo: {
    readFile: nodeReadFile,
    // Policy files and the CaCertificateFile count only when no one but an administrator can change them.
    checkFile: nodeCheckFile(process.platform),
    runCommand: nodeRunCommand,
    // macOS's per-user managed preferences are named after the login name; none known, none read.
    userName: () => {
      try {
        return userInfo().username;
      } catch {
        return '';
      }
    },
  },
});

/** Only a policy's address counts here: the schema's default is the demo sandbox, never for an installed app. */
const fromPolicy = (managed: ManagedConfig) =>
  ['policy-machine', 'policy-user', 'recommended'].includes(managed.source('serviceUrl'))
    ? {
        policy: {
          serviceUrl: managed.get('serviceUrl'),
          tokenUrl: managed.get('tokenUrl'),
          locked: managed.locked('serviceUrl'),
        },
      }
    : {};

/**
 * Starts the desktop app: one instance, secure window, IPC mounted on the real handler table.
 * Resolves once start-up has run (window requested, services started).
 */
export function runApp(overrides: Partial<RunAppDeps> = {}): Promise<void> {
  const deps: RunAppDeps = { ...defaultDeps(), ...overrides };
  // An installed app started with --remote-debugging-port, --inspect and the like quits first of all.
  if (quitIfDebugging(deps.argv, deps.printError)) return Promise.resolve();
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

  if (switches.dataDir) app.setPath('userData', switches.dataDir);

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

  // --- Deep links (issue #13): `videocollab://…` from a browser, an email or a chat. The installers
  // declare the scheme (electron-builder.yml `protocols`); registering it at run time too covers
  // Windows, whose NSIS installer electron-builder does not teach it, and a run from source (Electron
  // itself is the executable then, so it is told which app to start). A link that comes before the
  // services exist waits in `earlyLink`, the latest winning, and is handed over once they do.
  // The per-machine MSI registers the scheme for everyone (HKLM); a per-user copy would outlive its uninstall.
  const machine = deps.machineRegistration();
  if (app.isPackaged) {
    if (!machine.urlScheme) app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
  } else if (deps.argv[1]) app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [resolve(deps.argv[1])]);
  // Cold start on Windows and Linux: the link is in this process's command line.
  let earlyLink: string | undefined = deepLinkInArgv(deps.argv);
  let openLink = (link: string) => {
    earlyLink = link;
  };
  // macOS hands every link to the running app, and on a cold start emits this before `ready`: it must
  // be listened for from the start.
  app.on('open-url', (event, url) => {
    event.preventDefault();
    showMainWindow();
    openLink(url);
  });
  // Windows and Linux start a second instance with the link in its command line (the window is
  // brought forward by the listener above).
  app.on('second-instance', (_event, argv) => {
    const link = deepLinkInArgv(argv);
    if (link) openLink(link);
  });
  // --- end of deep links.

  const started = app.whenReady().then(async () => {
    const log = createLogger(deps.logSink({ file: join(app.getPath('logs'), 'main.log'), appName: app.getName() }));
    if (switches.ignored.length > 0) {
      log.warn('Development switches ignored: an installed app does not read them', { names: switches.ignored });
    }
    // The service: the environment, the address baked into this build, the demo for a run from
    // source, or none (an installed app's first screen asks for it).
    const buildService = readBuildService(app.getAppPath());
    if (buildService.problem) log.warn('Build service address ignored', { problem: buildService.problem });
    // The organisation's policy (docs/deploying.md), read once before anything is built from it; a
    // source that cannot be read is a line in main.log and the rest applies.
    const managed = await loadManagedConfig({
      // An installed app takes no settings from flags or the environment: IT's policy wins there.
      packaged: app.isPackaged,
      platform: process.platform,
      argv: deps.argv,
      env: deps.env,
      readFile: deps.policyIo.readFile,
      checkFile: deps.policyIo.checkFile,
      runCommand: deps.policyIo.runCommand,
      userName: deps.policyIo.userName(),
      log: (line) => log.warn(line),
    });
    const config = startupConfig(deps.env, {
      packaged: app.isPackaged,
      ...(buildService.service ? { build: buildService.service } : {}),
      ...fromPolicy(managed),
    });
    const dataFolder = app.getPath('userData');
    const vault = await deps.openVault(join(dataFolder, 'vault'), log);
    // The OS's languages, most preferred first (Chromium's own choice last, for a system that lists
    // none); a policy's `language` goes in as the second argument.
    const locale = chooseLocale([...app.getPreferredSystemLanguages(), app.getLocale()], managed.get('language'));
    const translator = createTranslator(locale);
    const composition = compose({
      config,
      configIsExplicit: config.origin === 'environment',
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
      chooseUploadPaths: (mode) => chooseUploadPaths(mode, translator),
      uploadShell: createUploadShell({
        mainWindow: () => mainWindow,
        showUploads: () => showRoute(UPLOADS_ROUTE),
        translator,
      }),
      fileShell: createFileShell(translator),
      recordingShell: createRecordingShell({ showRoute, translator }),
      screenSources: listScreenSources,
      emit: broadcast,
      locale,
      // Read when About opens, after `updates` below is started.
      updates: () => updates.about(),
      managed,
      // Support on About: the diagnostics go to the clipboard, and the logs folder opens in the file manager.
      writeClipboard: (text) => clipboard.writeText(text),
      logsFolder: app.getPath('logs'),
      openPath: (path) => shell.openPath(path),
      osRelease: release(),
      // The OS's proxy for a URL (system settings, PAC, WPAD), as Chromium applies it to the page.
      resolveSystemProxy: (url) => session.defaultSession.resolveProxy(url),
    });
    // --- Updates (issue #13): whether this copy updates itself, and keeping it up to date. Policies are
    // read once at start, so the updater never needs telling that they changed (policyChanged).
    const updatePolicy = updatePolicyOf(managed);
    const updates: AppUpdates = startUpdater({
      log,
      env: deps.env,
      policy: () => updatePolicy,
      uploads: uploadsActivityOf(composition.uploads),
    });
    // --- end of updates.
    navigation = composition.navigation;
    // Deep links: from now on straight to the services, after the one that came before them.
    openLink = (link) => void composition.deepLinks.open(link);
    if (earlyLink) composition.deepLinks.open(earlyLink);
    if (!switches.rendererDevUrl)
      serveRenderer(join(mainDir, '../renderer'), (request) => composition.mediaJobs.respond(request));
    mountIpc({ table: composition.table, trustedOrigins: [trustedOrigin], log });
    answerDisplayMediaWithPick(composition.screenChoice, isOurUrl);
    installAppMenu(app.getName(), () => showRoute('/about'), { devTools: switches.devTools, translator });
    // Started hidden at login (a setting): live in the tray until the user opens the window.
    // Policy `StartHidden` off: a start at login opens the window like any other.
    const atLogin = startsHidden(
      deps.argv,
      process.platform === 'darwin' && app.getLoginItemSettings().wasOpenedAtLogin,
    );
    if (!(atLogin && managed.get('startHidden'))) showMainWindow();
    windowGate.open();
    if (sandboxWarning) {
      log.warn('Running without Chromium sandbox', { remedy: sandboxWarning });
      void showSandboxWarning(sandboxWarning, translator).catch(() => undefined);
    }
    const notificationsShell = startNotificationsShell(composition.notifications, {
      appId: 'org.videocollab.desktop',
      appName: app.getName(),
      showMainWindow,
      navigate: (route) => composition.navigation.navigate(route),
      signOut: async () => {
        await composition.session.signOut();
      },
      stopRecording: () => composition.stopRecording(),
      quit: () => app.quit(),
      mainWindow: () => mainWindow,
      trayPresence: deps.trayPresence,
      machineStartsAtLogin: machine.startAtLogin,
      log: (level, message, meta) => log[level](message, meta),
    });
    // A sign-in waiting for the network (a laptop started before its Wi-Fi) tries again when it returns.
    const networkWatch = startNetworkWatch(() => composition.networkBack());
    app.on('before-quit', () => {
      networkWatch.dispose();
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
