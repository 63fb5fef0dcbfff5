import { EventEmitter } from 'node:events';
import { ElectronCallOutOfOrder } from './strict';
import type { FakeBrowserWindow } from './windows';
import type { FakeTray } from './tray';
import type { FakeMenu } from './menu';
import type { FakeNotification } from './notification';

/** Electron's login-item record as Windows keeps it: one entry per executable path and argument list. */
export interface LoginItemRecord {
  openAtLogin: boolean;
  path: string;
  args: string[];
  type?: string;
}

export interface RecordedDialog {
  kind: 'open' | 'save' | 'message';
  options: Record<string, unknown>;
  hadParent: boolean;
  /** The window the dialog is attached to (a sheet on macOS), when it had one. */
  parent?: unknown;
}

/**
 * Everything the fake remembers between calls, replaced whole by `resetFakeElectron()` so one test
 * never sees another's windows, handlers or notifications.
 */
export interface FakeState {
  ready: boolean;
  readyWaiters: (() => void)[];
  appEvents: EventEmitter;
  isPackaged: boolean;
  appPath: string;
  name: string;
  version: string;
  paths: Map<string, string>;
  /** Whether `requestSingleInstanceLock` wins (false: another instance holds it). */
  singleInstanceLockAvailable: boolean;
  singleInstanceRequested: boolean;
  quitCalls: number;
  exitCode: number | undefined;
  appUserModelId: string | undefined;
  badgeCount: number;
  /** Windows-style login items (keyed by path and args); macOS/Linux keep one. */
  loginItems: LoginItemRecord[];
  /** Every `setLoginItemSettings` call's settings, in order (Linux included, where Electron does nothing). */
  loginItemWrites: Record<string, unknown>[];
  /**
   * macOS 13+: the person has not yet allowed the app in System Settings → General → Login Items, so a
   * registered item reports `status: 'requires-approval'` and `openAtLogin: false`, as Electron does.
   */
  loginItemRequiresApproval: boolean;
  /** What `getLoginItemSettings().wasOpenedAtLogin` reports (macOS). */
  wasOpenedAtLogin: boolean;
  commandLineSwitches: Map<string, string | undefined>;
  defaultProtocolClients: Set<string>;
  /** Every `setAsDefaultProtocolClient` call, with the executable and arguments it named. */
  protocolClientRegistrations: { protocol: string; path?: string; args?: string[] }[];
  privilegedSchemes: { scheme: string; privileges?: Record<string, boolean> }[] | undefined;
  protocolHandlers: Map<string, (request: Request) => Response | Promise<Response>>;
  ipcHandlers: Map<string, (event: unknown, ...args: unknown[]) => unknown>;
  windows: FakeBrowserWindow[];
  nextWebContentsId: number;
  trays: FakeTray[];
  applicationMenu: FakeMenu | null;
  notifications: FakeNotification[];
  notificationsSupported: boolean;
  permissionRequestHandler:
    ((contents: unknown, permission: string, callback: (granted: boolean) => void, details: unknown) => void) | null;
  permissionCheckHandler: ((contents: unknown, permission: string, origin: string, details: unknown) => boolean) | null;
  /** Electron's display-media handler: `request` as DisplayMediaRequestHandlerHandlerRequest, `callback` its answer. */
  displayMediaRequestHandler:
    | ((
        request: {
          frame: { url: string } | null;
          securityOrigin: string;
          videoRequested: boolean;
          audioRequested: boolean;
          userGesture: boolean;
        },
        callback: (streams: { video?: { id: string; name: string } } | null) => void,
      ) => void)
    | null;
  displayMediaUsesSystemPicker: boolean;
  openedExternally: string[];
  openedPaths: string[];
  /** Every text written to the clipboard, in order. */
  clipboardText: string[];
  shownInFolder: string[];
  /** Answers for the next dialogs, in order; a dialog with none queued fails the test. */
  dialogAnswers: unknown[];
  dialogs: RecordedDialog[];
  online: boolean;
  powerMonitorEvents: EventEmitter;
  /** What `powerMonitor.isOnBatteryPower()` answers; `fakeElectron.setOnBattery` changes it. */
  onBatteryPower: boolean;
  powerSaveBlockers: Map<number, string>;
  nextBlockerId: number;
  /** What `desktopCapturer.getSources` finds: screens and windows, with a PNG thumbnail or none. */
  screenSources: { id: string; name: string; thumbnailPng?: Buffer }[];
  darkColors: boolean;
  nativeThemeEvents: EventEmitter;
  encryptionAvailable: boolean;
  storageBackend: string;
  /** Preload side. */
  exposedInMainWorld: Map<string, unknown>;
  rendererEvents: EventEmitter;
  rendererInvokes: { channel: string; args: unknown[] }[];
  /** What main answers on a channel (default `{ ok: true, data: null }`). */
  rendererAnswers: Map<string, unknown>;
}

function freshState(): FakeState {
  return {
    ready: false,
    readyWaiters: [],
    appEvents: new EventEmitter(),
    isPackaged: false,
    appPath: '/opt/videocollab/resources/app.asar',
    name: 'Video Collab Desktop',
    version: '0.1.0',
    paths: new Map([
      ['userData', '/home/teacher/.config/Video Collab Desktop'],
      ['logs', '/home/teacher/.config/Video Collab Desktop/logs'],
      ['temp', '/tmp'],
      ['home', '/home/teacher'],
      ['downloads', '/home/teacher/Downloads'],
    ]),
    singleInstanceLockAvailable: true,
    singleInstanceRequested: false,
    quitCalls: 0,
    exitCode: undefined,
    appUserModelId: undefined,
    badgeCount: 0,
    loginItems: [],
    loginItemWrites: [],
    loginItemRequiresApproval: false,
    wasOpenedAtLogin: false,
    commandLineSwitches: new Map(),
    defaultProtocolClients: new Set(),
    protocolClientRegistrations: [],
    privilegedSchemes: undefined,
    protocolHandlers: new Map(),
    ipcHandlers: new Map(),
    windows: [],
    nextWebContentsId: 1,
    trays: [],
    applicationMenu: null,
    notifications: [],
    notificationsSupported: true,
    permissionRequestHandler: null,
    permissionCheckHandler: null,
    displayMediaRequestHandler: null,
    displayMediaUsesSystemPicker: false,
    openedExternally: [],
    openedPaths: [],
    clipboardText: [],
    shownInFolder: [],
    dialogAnswers: [],
    dialogs: [],
    online: true,
    powerMonitorEvents: new EventEmitter(),
    onBatteryPower: false,
    powerSaveBlockers: new Map(),
    nextBlockerId: 1,
    screenSources: [],
    darkColors: false,
    nativeThemeEvents: new EventEmitter(),
    encryptionAvailable: true,
    storageBackend: 'gnome_libsecret',
    exposedInMainWorld: new Map(),
    rendererEvents: new EventEmitter(),
    rendererInvokes: [],
    rendererAnswers: new Map(),
  };
}

/** The one current state; every fake API reads it at call time, so a reset reaches every import. */
export let state: FakeState = freshState();

export function resetState(): void {
  state = freshState();
}

/** Real Electron refuses these before `ready` (most of them crash or throw). */
export function requireReady(what: string): void {
  if (!state.ready) throw new ElectronCallOutOfOrder(`${what} cannot be used before the app is ready`);
}

/** Real Electron ignores or refuses these after `ready`. */
export function requireNotReady(what: string): void {
  if (state.ready) throw new ElectronCallOutOfOrder(`${what} must be called before the app is ready`);
}
