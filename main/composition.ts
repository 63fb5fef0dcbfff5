import { homedir } from 'node:os';
import { join } from 'node:path';
import type { AboutUpdates, EventChannel, EventContract, SessionState } from '../preload/contract';
import type { AppConfig } from './config';
import { AppInfoService } from './services/app-info';
import { SupportService } from './services/diagnostics';
import type { ManagedConfig } from './services/policy';
import { developmentUpdates } from './services/updates';
import { ExternalLinks } from './services/external-links';
import type { Logger } from './services/log';
import { createHandlerTable, type HandlerTable } from './ipc/handler-table';
import { MediaJobs } from './services/media/media-jobs';
import { createMediaGrants } from './services/media/media-grants';
import { createServiceHttp } from './api/http';
import { createOAuthClient } from './api/oauth';
import { createProxyResolver } from './api/proxy/resolve';
import { createTransport } from './api/transport';
import { createTrust, type Trust } from './api/trust';
import { ProxyCredentials } from './services/network/proxy-credentials';
import { ServiceReachability } from './services/network/service-reachability';
import { ProxySignInService } from './services/network/proxy-sign-in';
import { ConnectionService } from './services/connection';
import { checkServiceAnswers } from './services/connection-setup';
import { SessionService, type SessionVault } from './services/session/session-service';
import { AccountService } from './services/account';
import { composeUploads, type UploadsFeature, type UploadShell } from './services/uploads/feature';
import { DownloadsService, type FileShell } from './services/downloads/feature';
import { TransfersTaskbar } from './services/transfers/taskbar-progress';
import { composeNotifications, type NotificationsFeature } from './services/notifications/feature';
import { createTranslator, type AppLocale } from './services/i18n';
import { createOfflineLists, OfflineCache, type OfflineLists } from './services/offline-cache';
import { createNavigationQueue, type NavigationQueue } from './services/shell/navigation-queue';
import { createDeepLinkHolder, type DeepLinkHolder } from './services/shell/deep-link-holder';
import { NetworkDoctorService, type ResolveProxy } from './services/network-doctor';
import { createPeopleImportService } from './services/people-import/import-service';
import type { OpenDialogMode } from './services/people-import/chosen-files';
import { RecordingService } from './services/recording/recording-service';
import { ScreenChoice } from './services/recording/screen-choice';
import type { RawScreenSource } from './services/recording/screen-sources';
import type { PowerBlocker } from './services/uploads/types';
import type { RecordingSummary } from '../preload/contract';
import { WatchedFoldersService } from './services/watched-folders/feature';
import type { WatchTuning } from './services/watched-folders/types';
import { volumeListerFor, type VolumeLister } from './services/watched-folders/volumes';
import { watchQueuedText } from './services/watched-folders/queued-text';

/** The OAuth client id this app identifies itself with. */
export const CLIENT_ID = 'videocollab-desktop';

/** What the host (Electron, or the end-to-end harness in plain Node) provides. */
export interface HostDeps {
  config: AppConfig;
  /** True when the service address came from the environment (npm start, VC_SERVICE_URL). */
  configIsExplicit: boolean;
  log: Logger;
  appName: string;
  appVersion: string;
  versions: Partial<Record<'electron' | 'chrome' | 'node', string>>;
  platform: string;
  arch: string;
  dataFolder: string;
  vault: SessionVault;
  openExternal: (url: string) => Promise<void>;
  /** Brings the main window to the front (single sign-on finished). */
  focusApp: () => void;
  /**
   * Native open dialogs: upload sources (several files, a folder, or one picture) and a spreadsheet of
   * people to invite; undefined when cancelled.
   */
  chooseUploadPaths: (mode: OpenDialogMode) => Promise<string[] | undefined>;
  /** Keeping the computer awake, taskbar progress and native notifications for uploads. */
  uploadShell: UploadShell;
  /** Downloads: the downloads folder, a save dialog, opening a file and showing it in its folder. */
  fileShell: FileShell;
  /** Pushes an event to the renderer. */
  emit: <E extends EventChannel>(channel: E, payload: EventContract[E]) => void;
  now?: () => Date;
  ssoTimeoutMs?: number;
  /** Shorter waits for watched folders (tests); absent: the defaults. */
  watchTuning?: Partial<WatchTuning>;
  /** Where removable volumes are found; absent: the operating system's mount folders. */
  volumes?: VolumeLister;
  /** The language of the tray, native notifications and the page (`chooseLocale`); British English when absent. */
  locale?: AppLocale;
  /** How this copy is updated, for About (main/electron/updater.ts); the harness has none: development. */
  updates?: () => AboutUpdates;
  /** What the organisation, flags and environment set (main/services/policy); About and diagnostics list it. */
  managed?: ManagedConfig;
  /** Puts text on the system clipboard (Electron's clipboard.writeText): "Copy diagnostics" on About. */
  writeClipboard?: (text: string) => void;
  /** The folder main.log is written to (Electron's app.getPath('logs')). */
  logsFolder?: string;
  /** Opens a folder in the file manager (Electron's shell.openPath: an error message, empty on success). */
  openPath?: (path: string) => Promise<string>;
  /** The operating system's release (os.release()), for the diagnostics. */
  osRelease?: string;
  /**
   * Which authorities main's HTTPS trusts; absent: built here from Node's roots, the OS store and the
   * CaCertificateFile policy in `managed`.
   */
  trust?: Trust;
  /**
   * The operating system's proxy answer for a URL ("PROXY host:port; DIRECT"): Electron's
   * `session.resolveProxy`, which applies system settings, PAC and WPAD. Absent (plain Node): direct,
   * unless a policy or HTTPS_PROXY says otherwise.
   */
  resolveSystemProxy?: (url: string) => Promise<string>;
  /**
   * Recording a lesson (issue 30): keeping the computer awake while it runs (its own powerSaveBlocker, apart
   * from the uploads'), and a native notification when its tagged video is ready. Absent: neither.
   */
  recordingShell?: { keepAwake: PowerBlocker; ready(summary: RecordingSummary): void };
  /**
   * Tests only (the e2e harness sets it; Electron's run-app never does, and no setting, policy or environment
   * variable reaches it): the free space, in bytes, under which a recording stops. Absent: MIN_FREE_BYTES.
   */
  recordingMinFreeBytes?: () => number;
  /** Screens and windows to record (Electron's desktopCapturer); absent (the harness): the page asks the browser. */
  screenSources?: () => Promise<RawScreenSource[]>;
}

export interface Composition {
  table: HandlerTable;
  session: SessionService;
  uploads: UploadsFeature;
  downloads: DownloadsService;
  notifications: NotificationsFeature;
  /** Video preparation jobs for the page's worker, and the `/media/...` requests they make. */
  mediaJobs: MediaJobs;
  /** The tray's Stop recording: asks the page, and closes the journal itself if the page does not answer. */
  stopRecording(): void;
  /** The screen or window the Record page picked: Electron's display-media handler answers with it. */
  screenChoice: ScreenChoice;
  /** Routes main asks the page to show; kept until the page says it is ready (a window a click just opened). */
  navigation: NavigationQueue;
  /** Links from outside (`videocollab://…`): parsed, then shown, or kept until someone signs in. */
  deepLinks: DeepLinkHolder;
  /**
   * The operating system says the network may be back (online again, woke, unlocked): a sign-in
   * waiting for it tries now, and uploads waiting for it probe now.
   */
  networkBack(): void;
  /** Restores the last session and the upload queue, then starts polling (once the window can hear events). */
  start(): Promise<void>;
  /** Stops timers and closes files (app quit). */
  stop(): Promise<void>;
}

/**
 * Builds every service by hand from the host's dependencies. Electron's entry and the
 * end-to-end harness both call this, so the harness exercises the real handler table.
 */
export function compose(host: HostDeps): Composition {
  const now = host.now ?? (() => new Date());
  const translator = createTranslator(host.locale);
  // Built once: every HTTPS connection main makes (API, token endpoint, sign-in method, uploads) shares it.
  const caFile = host.managed?.get('caCertificateFile');
  const trust = host.trust ?? createTrust({ log: host.log, ...(caFile ? { caFiles: [caFile] } : {}) });
  // The one transport (main/api/transport.ts): every request main sends goes through it.
  const proxyCredentials = new ProxyCredentials({ vault: host.vault, log: host.log });
  const proxySignIn = new ProxySignInService({
    credentials: proxyCredentials,
    emit: (request) => host.emit('proxy:sign-in-needed', request),
    log: host.log,
  });
  const transport = createTransport({
    onProxySignInNeeded: (request) => proxySignIn.needed(request),
    log: host.log,
    trust,
    proxy: createProxyResolver({
      policy: {
        ...optional('server', host.managed?.get('proxyServer')),
        ...optional('bypass', host.managed?.get('proxyBypassList')),
        ...optional('pacUrl', host.managed?.get('proxyPacUrl')),
      },
      ...(host.resolveSystemProxy ? { system: host.resolveSystemProxy } : {}),
      log: host.log,
    }),
    proxyCredentials,
    userAgent: `VideoCollabDesktop/${host.appVersion} (${host.platform}; ${host.arch})`,
  });
  proxyCredentials.onChange(() => transport.reset());
  // Every request of a signed-in connection says whether the service answered (issue 28 item 20): the
  // notification centre hears it at once, not at its next scheduled check.
  const reachability = new ServiceReachability();
  const httpFor = (serviceUrl: string, tokens?: Parameters<typeof createServiceHttp>[0]['session']) =>
    createServiceHttp({
      serviceUrl,
      ...(tokens ? { session: tokens, watch: reachability } : {}),
      log: host.log,
      now: () => now().getTime(),
      transport,
    });

  const appInfo = new AppInfoService({
    appName: host.appName,
    appVersion: host.appVersion,
    versions: host.versions,
    platform: host.platform,
    arch: host.arch,
    dataFolder: host.dataFolder,
    // Read when About is opened: the service chosen under Advanced replaces the one from start-up.
    connection: () => connection.get(),
    updates: host.updates ?? (() => developmentUpdates),
    locale: translator.locale,
    managed: () => host.managed,
  });
  // Sign-in policy: passed on only when something set it, so "no policy" keeps every way open.
  const managed = host.managed;
  const allowedSignInMethods =
    managed && managed.source('allowedSignInMethods') !== 'default' ? managed.get('allowedSignInMethods') : undefined;
  const hideAdvanced = managed?.get('hideAdvancedServiceChoice') === true;
  const externalLinks = new ExternalLinks({ openExternal: host.openExternal });
  const connection: ConnectionService = new ConnectionService({
    dataDir: host.dataFolder,
    config: host.config,
    configIsExplicit: host.configIsExplicit,
    // Called only after `session` below exists (the connection is built first because the session reads it).
    canChange: () => session.state().status !== 'signed-in',
    signInPolicy: { ...(allowedSignInMethods ? { allowedMethods: allowedSignInMethods } : {}), hideAdvanced },
    verify: async ({ serviceUrl }) => {
      const http = httpFor(serviceUrl);
      try {
        await checkServiceAnswers(http);
      } finally {
        http.dispose();
      }
    },
  });
  // The last lists shown, per account, for when the service cannot be reached (issue #14 item 5).
  const offlineCache = new OfflineCache({ folder: join(host.dataFolder, 'offline-lists'), log: host.log, now });
  const session: SessionService = new SessionService({
    ...(allowedSignInMethods ? { allowedSignInMethods } : {}),
    connection: () => connection.get(),
    vault: host.vault,
    oauthFor: (tokenUrl) => createOAuthClient({ tokenUrl, log: host.log, now, transport }),
    httpFor,
    clientId: CLIENT_ID,
    openBrowser: host.openExternal,
    focusApp: host.focusApp,
    ssoTimeoutMs: host.ssoTimeoutMs ?? 5 * 60_000,
    log: host.log,
    now,
    emit: (state) => host.emit('session:changed', state),
    forgetAccountData: (signedOut) => offlineCache.removeAccount(signedOut),
  });
  const offlineLists: OfflineLists = createOfflineLists({
    cache: offlineCache,
    account: () => session.account(),
    waitingForNetwork: () => waitingForNetwork(session.state()),
  });
  const account = new AccountService({ session });

  // The OS's "the network may be back" (main/electron/network-watch.ts, through `networkBack`) reaches
  // the uploads waiting for it as well as the session.
  const onlineListeners = new Set<() => void>();
  // One taskbar/dock bar for uploads and downloads together (issue #16). The uploads' bytes are read
  // when the queue reports, i.e. once `uploads` exists (the queue reports only after it started).
  const taskbar = new TransfersTaskbar(host.uploadShell.taskbar, () => uploads.totals());
  const watchedFolders = new WatchedFoldersService({
    dataFolder: host.dataFolder,
    log: host.log,
    chooseFolder: async () => (await host.chooseUploadPaths('folder'))?.[0],
    ...(managed ? { managed } : {}),
    ...(host.watchTuning ? { tuning: host.watchTuning } : {}),
    // Removable volumes as the OS mounts them (a test host names its own stand-in folder).
    volumes: host.volumes ?? volumeListerFor(host.platform),
    onOffersChanged: (offers) => host.emit('watched-folders:offers-changed', offers),
    onQueued: (event) => host.uploadShell.notice?.(watchQueuedText(event, translator)),
  });
  // Video preparation's jobs for the page's worker, and the `/media/...` requests they make (issue 29).
  const mediaJobs = new MediaJobs({ grants: createMediaGrants(), emit: host.emit });
  const uploads = composeUploads({
    accountQueue: { started: (account) => watchedFolders.attach(account), stopping: () => watchedFolders.detach() },
    mediaJobs,
    network: {
      onOnline: (listener) => {
        onlineListeners.add(listener);
        return () => onlineListeners.delete(listener);
      },
    },
    session,
    dataFolder: host.dataFolder,
    log: host.log,
    choosePaths: host.chooseUploadPaths,
    shell: { ...host.uploadShell, taskbar: taskbar.uploadsSink },
    emit: (progress) => host.emit('uploads:progress', progress),
    ...(managed ? { managed } : {}),
  });
  // Open and Save for listed files (issue #16): the session's own connection, as for uploads.
  const downloads = new DownloadsService({
    connection: () => (session.state().status === 'signed-in' ? session.http() : undefined),
    shell: host.fileShell,
    platform: host.platform,
    // macOS's quarantine flag names the app that downloaded the file, as a browser's does.
    quarantine: { agent: host.appName },
    log: host.log,
    emit: (snapshot) => host.emit('downloads:changed', snapshot),
    now,
    // Kept across restarts for the same account (issue #16); forgotten on sign-out.
    journal: { folder: join(host.dataFolder, 'downloads'), account: () => session.account() },
  });
  session.onChange((state) => {
    void (state.status === 'signed-out' ? downloads.signedOut() : downloads.sessionChanged());
  });
  downloads.onChange((snapshot) => taskbar.downloadsChanged(snapshot.items));
  // Made further down, with the upload queue it sends through; the tray reads it once running.
  const late: { recording?: RecordingService } = {};
  const notifications = composeNotifications({
    session,
    dataFolder: host.dataFolder,
    log: host.log,
    emit: (state) => host.emit('notifications:changed', state),
    uploadsTotals: () => uploads.totals(),
    recordingElapsedMs: () => late.recording?.liveElapsedMs(),
    now,
    translator,
    ...(managed ? { managed } : {}),
    offline: {
      cache: offlineCache,
      account: () => session.account(),
      waitingForNetwork: () => waitingForNetwork(session.state()),
    },
    reachability,
  });
  uploads.onTotalsChange(() => notifications.uploadsChanged());
  // Network check (issue #14): the transport's own decision (policy, PAC, environment, OS), as it is applied.
  const resolveProxy: ResolveProxy = async (url) => {
    const { answer, pac } = await transport.decide(url);
    return { answer, ...(pac ? { pac } : {}) };
  };
  // A CaCertificateFile refused because others could have written it: the TLS step says so (issue 28).
  const refusedCaFiles = host.managed?.untrustedFiles.filter((file) => file.use === 'CaCertificateFile') ?? [];
  const networkDoctor = new NetworkDoctorService({
    inputs: () => {
      const { serviceUrl, tokenUrl, needsSetup } = connection.get();
      if (needsSetup) return undefined;
      return {
        serviceUrl,
        tokenUrl,
        resolveProxy,
        trust,
        refusedCaFiles,
        transport,
        signedInHttp: () => (session.state().status === 'signed-in' ? session.http() : undefined),
        now,
        log: host.log,
      };
    },
    translate: translator,
    emitStep: (step) => host.emit('network:step', step),
    ...(host.writeClipboard ? { writeClipboard: host.writeClipboard } : {}),
  });
  // Support (issue #13): "Copy diagnostics" gathers everything when clicked, so it reports the present.
  const support = new SupportService({
    facts: () => {
      const state = session.state();
      const notificationsState = notifications.service.get();
      const networkReport = networkDoctor.lastReportText();
      return {
        appName: host.appName,
        appVersion: host.appVersion,
        versions: host.versions,
        platform: host.platform,
        ...(host.osRelease ? { osRelease: host.osRelease } : {}),
        arch: host.arch,
        locale: translator.locale,
        connection: connection.get(),
        ...(host.managed ? { managed: host.managed } : {}),
        vault: host.vault.status(),
        updates: (host.updates ?? (() => developmentUpdates))(),
        session: state,
        notifications: notificationsState,
        dataFolder: host.dataFolder,
        ...(host.logsFolder ? { logsFolder: host.logsFolder } : {}),
        homeFolder: homedir(),
        now: now(),
        ...(networkReport ? { networkReport } : {}),
      };
    },
    ...(host.writeClipboard ? { writeClipboard: host.writeClipboard } : {}),
    ...(host.logsFolder ? { logsFolder: host.logsFolder } : {}),
    ...(host.openPath ? { openPath: host.openPath } : {}),
  });
  // Inviting many people from a file (issue #17 item 2): the open dialog is main's, the journal per account.
  const peopleImport = createPeopleImportService({
    http: () => session.http(),
    state: () => session.state(),
    account: () => session.account(),
    chooseOpenPath: async () => (await host.chooseUploadPaths('spreadsheet'))?.[0],
    chooseSavePath: (fileName) => host.fileShell.chooseSavePath(fileName),
    folder: join(host.dataFolder, 'people-import'),
    emit: (progress) => host.emit('people-import:progress', progress),
    now,
  });
  session.onChange((state) => {
    if (state.status === 'signed-out') peopleImport.signedOut();
  });
  // Recording a lesson (issue 30): finished recordings go to My files through the same upload queue.
  const recording = new RecordingService({
    folder: join(host.dataFolder, 'recordings'),
    session,
    uploads: uploads.service,
    log: host.log,
    emit: (summary) => host.emit('recording:changed', summary),
    askStop: (id) => host.emit('recording:stop-requested', { id }),
    ...(host.recordingMinFreeBytes ? { minFreeBytes: host.recordingMinFreeBytes } : {}),
    ...(host.recordingShell
      ? { keepAwake: host.recordingShell.keepAwake, ready: (summary) => host.recordingShell!.ready(summary) }
      : {}),
    now,
  });
  late.recording = recording;
  recording.onLiveChange(() => notifications.recordingChanged());
  const screenChoice = new ScreenChoice();
  const navigation = createNavigationQueue((request) => host.emit('app:navigate', request));
  const deepLinks = createDeepLinkHolder({
    log: host.log,
    signedIn: () => session.state().status === 'signed-in',
    navigate: (route) => navigation.navigate(route),
  });
  session.onChange((state) => deepLinks.sessionChanged(state));

  return {
    table: createHandlerTable({
      appInfo,
      externalLinks,
      session,
      connection,
      account,
      uploads: uploads.service,
      downloads,
      notifications: notifications.service,
      navigation,
      support,
      proxySignIn,
      networkDoctor,
      offlineLists,
      fileShell: host.fileShell,
      peopleImport,
      mediaJobs,
      recording,
      watchedFolders,
      screenChoice,
      ...(host.screenSources ? { screenSources: host.screenSources } : {}),
    }),
    mediaJobs,
    session,
    uploads,
    downloads,
    notifications,
    stopRecording: () => recording.requestStop(),
    screenChoice,
    navigation,
    deepLinks,
    networkBack() {
      session.networkBack();
      onlineListeners.forEach((listener) => listener());
    },
    async start() {
      // First run of an installed app: there is no service yet, so no saved sign-in to restore.
      if (!connection.get().needsSetup) await session.restore();
      await downloads.restore();
      await uploads.start();
      recording.start();
      notifications.start();
    },
    async stop() {
      // A restore retrying on its timer must not fire into a quitting app.
      session.stop();
      // An invitation run under way stops sending; its journal offers the rest at the next start.
      peopleImport.stop();
      recording.stop();
      // A half-written download is removed, never left to look like a file; the list is kept for the next start.
      await downloads.stop();
      await Promise.all([notifications.stop(), uploads.stop()]);
      // The last lists' copies are written in the background: a quit waits for them to be whole on disk.
      await offlineCache.flush();
      transport.dispose();
    },
  };
}

/** `{ [key]: value }` when a policy set the value, else nothing (exactOptionalPropertyTypes). */
function optional<K extends string>(key: K, value: string | null | undefined): Partial<Record<K, string>> {
  return value ? ({ [key]: value } as Record<K, string>) : {};
}

/** A saved sign-in that could not be checked yet: the person is not signed out, only offline. */
function waitingForNetwork(state: SessionState): boolean {
  return state.status === 'restoring' && state.retrying !== undefined;
}
