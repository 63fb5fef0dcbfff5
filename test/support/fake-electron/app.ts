import { checkKnownKeys, ElectronCallOutOfOrder, strict } from './strict';
import { requireNotReady, state, type LoginItemRecord } from './state';

const setLoginItemKeys = new Set('openAtLogin type serviceName path args enabled name'.split(' '));
const getLoginItemKeys = new Set('type serviceName path args'.split(' '));

const sameArgs = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Login items as each OS keeps them in Electron 45: Windows one Run entry per executable and argument
 * list (a read without the same `args` does not see an entry written with them); macOS one entry,
 * `openAsHidden` gone from Electron 45 (macOS 13 ignored it); Linux none (Electron does nothing there).
 */
function setLoginItemSettings(settings: Record<string, unknown>): void {
  checkKnownKeys('Settings (setLoginItemSettings)', settings, setLoginItemKeys);
  requireServiceName(settings);
  state.loginItemWrites.push({ ...settings });
  const platform = process.platform;
  if (platform !== 'win32' && platform !== 'darwin') return;
  const record: LoginItemRecord = {
    openAtLogin: settings.openAtLogin === true,
    path: typeof settings.path === 'string' ? settings.path : process.execPath,
    args: Array.isArray(settings.args) ? (settings.args as string[]) : [],
    ...(typeof settings.type === 'string' ? { type: settings.type } : {}),
  };
  if (platform === 'darwin') {
    state.loginItems = record.openAtLogin ? [record] : [];
    return;
  }
  state.loginItems = state.loginItems.filter((r) => !(r.path === record.path && sameArgs(r.args, record.args)));
  if (record.openAtLogin) state.loginItems.push(record);
}

/** Electron throws "'name' is required when type is not mainAppService" (macOS service types). */
function requireServiceName(options: Record<string, unknown>): void {
  if (options.type !== undefined && options.type !== 'mainAppService' && !options.serviceName) {
    throw new TypeError("'name' is required when type is not mainAppService");
  }
}

function getLoginItemSettings(options: Record<string, unknown> = {}) {
  checkKnownKeys('LoginItemSettingsOptions', options, getLoginItemKeys);
  requireServiceName(options);
  const platform = process.platform;
  const path = typeof options.path === 'string' ? options.path : process.execPath;
  const args = Array.isArray(options.args) ? (options.args as string[]) : [];
  const match =
    platform === 'win32'
      ? state.loginItems.find((r) => r.path === path && sameArgs(r.args, args))
      : platform === 'darwin'
        ? state.loginItems[0]
        : undefined;
  // Electron 45 on macOS 13+: `openAtLogin` is `status === 'enabled'`; an item waiting for approval is not.
  const awaitingApproval = platform === 'darwin' && match !== undefined && state.loginItemRequiresApproval;
  return {
    openAtLogin: awaitingApproval ? false : (match?.openAtLogin ?? false),
    wasOpenedAtLogin: platform === 'darwin' ? state.wasOpenedAtLogin : false,
    status: awaitingApproval ? 'requires-approval' : match ? 'enabled' : 'not-registered',
    executableWillLaunchAtLogin: state.loginItems.some((r) => r.path === path),
    launchItems: state.loginItems.map((r) => ({ name: 'electron.app', path: r.path, args: r.args, enabled: true })),
  };
}

export const app = strict('app', {
  on(event: string, listener: (...args: unknown[]) => void) {
    state.appEvents.on(event, listener);
    return app;
  },
  once(event: string, listener: (...args: unknown[]) => void) {
    state.appEvents.once(event, listener);
    return app;
  },
  removeListener(event: string, listener: (...args: unknown[]) => void) {
    state.appEvents.removeListener(event, listener);
    return app;
  },
  off(event: string, listener: (...args: unknown[]) => void) {
    state.appEvents.removeListener(event, listener);
    return app;
  },
  emit(event: string, ...args: unknown[]) {
    return state.appEvents.emit(event, ...args);
  },
  isReady: () => state.ready,
  whenReady(): Promise<void> {
    if (state.ready) return Promise.resolve();
    return new Promise((resolve) => state.readyWaiters.push(resolve));
  },
  requestSingleInstanceLock(): boolean {
    state.singleInstanceRequested = true;
    return state.singleInstanceLockAvailable;
  },
  hasSingleInstanceLock: () => state.singleInstanceRequested && state.singleInstanceLockAvailable,
  quit(): void {
    state.quitCalls += 1;
    let prevented = false;
    state.appEvents.emit('before-quit', {
      preventDefault: () => {
        prevented = true;
      },
    });
    if (!prevented) state.appEvents.emit('will-quit', { preventDefault() {} });
  },
  exit(code = 0): void {
    state.exitCode = code;
  },
  relaunch(): void {},
  focus(): void {},
  getName: () => state.name,
  getVersion: () => state.version,
  getLocale: () => 'en-GB',
  // Electron 16+: the OS's languages, most preferred first (the app's language follows them).
  getPreferredSystemLanguages: () => ['en-GB'],
  getAppPath: () => state.appPath,
  get isPackaged() {
    return state.isPackaged;
  },
  getPath(name: string): string {
    const path = state.paths.get(name);
    if (path === undefined) throw new Error(`fake electron: app.getPath('${name}') is not a known path`);
    return path;
  },
  setPath(name: string, path: string): void {
    // Electron: "If you want to change userData, you need to call it before the ready event".
    if (name === 'userData' || name === 'sessionData') requireNotReady(`app.setPath('${name}')`);
    state.paths.set(name, path);
  },
  setAppUserModelId(id: string): void {
    state.appUserModelId = id;
  },
  setBadgeCount(count?: number): boolean {
    state.badgeCount = count ?? 0;
    return true;
  },
  getBadgeCount: () => state.badgeCount,
  setLoginItemSettings,
  getLoginItemSettings,
  setAsDefaultProtocolClient(protocol: string, path?: string, args?: string[]): boolean {
    state.defaultProtocolClients.add(protocol);
    // Electron 45: `path` and `args` (Windows; ignored elsewhere) name what the OS starts for a link.
    state.protocolClientRegistrations.push({
      protocol,
      ...(path !== undefined ? { path } : {}),
      ...(args ? { args } : {}),
    });
    return true;
  },
  isDefaultProtocolClient: (protocol: string) => state.defaultProtocolClients.has(protocol),
  commandLine: strict('app.commandLine', {
    appendSwitch(name: string, value?: string): void {
      if (state.ready)
        throw new ElectronCallOutOfOrder(`app.commandLine.appendSwitch('${name}') after ready has no effect`);
      state.commandLineSwitches.set(name, value);
    },
    hasSwitch: (name: string) => state.commandLineSwitches.has(name),
    getSwitchValue: (name: string) => state.commandLineSwitches.get(name) ?? '',
  }),
});
