/**
 * A strict fake of the `electron` module for unit tests (the unit project aliases `electron` here).
 * Electron Fiddle keeps such a mock in its test folder; this one is stricter: an API Electron 45
 * does not have throws `UnknownElectronApi`, and a call Electron refuses at that moment (a window
 * before `ready`, a privileged scheme after it, a second handler for a channel, a destroyed window)
 * throws `ElectronCallOutOfOrder`. Tests drive it through `fakeElectron` below.
 */
import { state, resetState, type FakeState } from './state';
import type { FakeWebContents } from './windows';

export { app } from './app';
export { BrowserWindow } from './windows';
export { Menu } from './menu';
export { nativeImage } from './native-image';
export { Notification } from './notification';
export { Tray } from './tray';
export {
  clipboard,
  contextBridge,
  desktopCapturer,
  dialog,
  ipcMain,
  ipcRenderer,
  nativeTheme,
  net,
  powerMonitor,
  powerSaveBlocker,
  protocol,
  safeStorage,
  session,
  shell,
  webUtils,
} from './services';
export { ElectronCallOutOfOrder, UnknownElectronApi } from './strict';

/** Where an IPC call comes from, as main's sender check sees it. */
export interface FakeSender {
  webContents: FakeWebContents;
  /** The frame's URL; defaults to what the web contents loaded. */
  frameUrl?: string;
  /** False: a subframe (an iframe) sent it. */
  mainFrame?: boolean;
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The test's handle on the fake: its state, and the things a user or the OS would do. */
export const fakeElectron = {
  get state(): FakeState {
    return state;
  },
  reset(): void {
    resetState();
  },
  /** Electron finished starting: `ready` fires, `whenReady()` resolves; waits for what that starts. */
  async becomeReady(): Promise<void> {
    state.ready = true;
    state.appEvents.emit('ready', {}, {});
    for (const resolve of state.readyWaiters.splice(0)) resolve();
    await settle();
    await settle();
  },
  /** Lets promises and immediates started by the code under test run. */
  settle,
  /** The renderer calls `ipcRenderer.invoke(channel, ...args)` from `sender`. */
  async invoke(channel: string, sender: FakeSender, ...args: unknown[]): Promise<unknown> {
    const handler = state.ipcHandlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    const frameUrl = sender.frameUrl ?? sender.webContents.getURL();
    const senderFrame = sender.mainFrame === false ? { url: frameUrl, routingId: -1 } : sender.webContents.mainFrame;
    if (sender.mainFrame !== false) sender.webContents.mainFrame.url = frameUrl;
    return handler({ sender: sender.webContents, senderFrame }, ...args);
  },
  /** A page asks for a permission (camera, fullscreen, ...); resolves with the app's answer. */
  requestPermission(webContents: unknown, permission: string, details: Record<string, unknown> = {}): Promise<boolean> {
    const handler = state.permissionRequestHandler;
    if (!handler) return Promise.resolve(true); // Electron's default grants everything.
    return new Promise((resolve) => handler(webContents, permission, resolve, details));
  },
  checkPermission(webContents: unknown, permission: string, origin: string, details: Record<string, unknown> = {}) {
    const handler = state.permissionCheckHandler;
    return handler ? handler(webContents, permission, origin, details) : true;
  },
  /** The page (or anyone) fetches `url` from a scheme the app handles. */
  async fetchFromScheme(url: string): Promise<Response> {
    const scheme = new URL(url).protocol.replace(/:$/, '');
    const handler = state.protocolHandlers.get(scheme);
    if (!handler) throw new Error(`net::ERR_UNKNOWN_URL_SCHEME (${scheme})`);
    return handler(new Request(url));
  },
  /** Someone starts the app again; Electron tells the first instance. */
  secondInstance(argv: string[], workingDirectory = '/home/teacher'): void {
    state.appEvents.emit('second-instance', { preventDefault() {} }, argv, workingDirectory, {});
  },
  /**
   * macOS hands the app a link (`open-url`), before `ready` too on a cold start. Answers whether a
   * listener called `preventDefault()`, which Electron asks of an app that handles it.
   */
  openUrl(url: string): boolean {
    let handled = false;
    state.appEvents.emit('open-url', { preventDefault: () => (handled = true) }, url);
    return handled;
  },
  /** The computer is unplugged (true) or plugged in (false): Electron emits `on-battery` or `on-ac`. */
  setOnBattery(onBattery: boolean): void {
    if (state.onBatteryPower === onBattery) return;
    state.onBatteryPower = onBattery;
    state.powerMonitorEvents.emit(onBattery ? 'on-battery' : 'on-ac', {});
  },
  /** The next dialog (open, save or message) answers this. */
  answerNextDialog(answer: unknown): void {
    state.dialogAnswers.push(answer);
  },
};
