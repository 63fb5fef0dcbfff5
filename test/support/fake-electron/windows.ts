import { EventEmitter } from 'node:events';
import { checkKnownKeys, ElectronCallOutOfOrder, strict } from './strict';
import { requireReady, state } from './state';

/** Options of `new BrowserWindow()` that Electron 45 documents (BaseWindow's and BrowserWindow's own). */
const windowOptionKeys = new Set(
  (
    'width height x y useContentSize center minWidth minHeight maxWidth maxHeight resizable movable minimizable ' +
    'maximizable closable focusable alwaysOnTop fullscreen fullscreenable simpleFullscreen skipTaskbar ' +
    'hiddenInMissionControl kiosk title icon show frame parent modal acceptFirstMouse disableAutoHideCursor ' +
    'autoHideMenuBar enableLargerThanScreen backgroundColor hasShadow opacity darkTheme transparent type ' +
    'visualEffectState titleBarStyle titleBarOverlay trafficLightPosition roundedCorners thickFrame vibrancy ' +
    'backgroundMaterial zoomToPageWidth tabbingIdentifier webPreferences paintWhenInitiallyHidden'
  ).split(' '),
);

/** `webPreferences` keys Electron 45 documents; a misspelt security switch fails the test. */
const webPreferenceKeys = new Set(
  (
    'accessibleTitle additionalArguments allowRunningInsecureContent autoplayPolicy backgroundThrottling ' +
    'contextIsolation defaultEncoding defaultFontFamily defaultFontSize defaultMonospaceFontSize devTools ' +
    'disableBlinkFeatures disableDialogs disableHtmlFullscreenWindowResize disableWakeLocks enableBlinkFeatures ' +
    'enableDeprecatedPaste enablePreferredSizeMode enableWebSQL experimentalFeatures focusOnNavigation ' +
    'imageAnimationPolicy images javascript minimumFontSize navigateOnDragDrop nodeIntegration ' +
    'nodeIntegrationInSubFrames nodeIntegrationInWorker offscreen partition plugins preload safeDialogs ' +
    'safeDialogsMessage sandbox scrollBounce session spellcheck textAreasAreResizable transparent webgl ' +
    'webSecurity webviewTag zoomFactor zoomMode'
  ).split(' '),
);

export interface FakeFrame {
  url: string;
  routingId: number;
}

type WindowOpenHandler = (details: { url: string; frameName: string; disposition: string }) => { action: string };

/** A web contents: what the page is, what main sent it, and the handlers main installed on it. */
export class FakeWebContents extends EventEmitter {
  readonly id: number;
  readonly mainFrame: FakeFrame;
  readonly sent: { channel: string; payload: unknown }[] = [];
  url = '';
  windowOpenHandler: WindowOpenHandler | null = null;
  devToolsOpened = false;
  destroyed = false;

  constructor() {
    super();
    this.id = state.nextWebContentsId++;
    this.mainFrame = { url: '', routingId: this.id * 100 };
  }

  private alive(what: string): void {
    if (this.destroyed) throw new ElectronCallOutOfOrder(`webContents.${what}: Object has been destroyed`);
  }

  send(channel: string, payload?: unknown): void {
    this.alive('send');
    this.sent.push({ channel, payload });
  }
  loadURL(url: string): Promise<void> {
    this.alive('loadURL');
    this.url = url;
    this.mainFrame.url = url;
    return Promise.resolve();
  }
  getURL(): string {
    return this.url;
  }
  setWindowOpenHandler(handler: WindowOpenHandler): void {
    this.windowOpenHandler = handler;
  }
  openDevTools(): void {
    this.devToolsOpened = true;
  }
  closeDevTools(): void {
    this.devToolsOpened = false;
  }
  isDevToolsOpened(): boolean {
    return this.devToolsOpened;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  isLoading(): boolean {
    return false;
  }
  /**
   * The page reloads (F5, a crash recovery, the View menu): Electron announces a new main-frame,
   * cross-document navigation, then the spinner; the page's script starts again from scratch.
   */
  reload(): void {
    this.alive('reload');
    const details = {
      preventDefault() {},
      url: this.url,
      isSameDocument: false,
      isMainFrame: true,
      frame: this.mainFrame,
      initiator: null,
    };
    this.emit('did-start-navigation', details, this.url, false, true, 0, this.mainFrame.routingId);
    this.emit('did-start-loading');
  }
}

/** A browser window; created only after `ready`, unusable once destroyed, as in Electron. */
export class FakeBrowserWindow extends EventEmitter {
  static getAllWindows(): FakeBrowserWindow[] {
    return state.windows.filter((w) => !w.destroyed);
  }
  static getFocusedWindow(): FakeBrowserWindow | null {
    return state.windows.find((w) => !w.destroyed && w.focused) ?? null;
  }
  static fromWebContents(contents: unknown): FakeBrowserWindow | null {
    return state.windows.find((w) => w.webContentsObject === contents) ?? null;
  }

  readonly options: Record<string, unknown>;
  readonly webContentsObject: FakeWebContents;
  visible = false;
  focused = false;
  minimized = false;
  destroyed = false;
  progress: number | undefined;
  overlay: { image: unknown; description: string } | undefined;
  icon: unknown;

  constructor(options: Record<string, unknown> = {}) {
    super();
    requireReady('new BrowserWindow()');
    checkKnownKeys('BrowserWindowConstructorOptions', options, windowOptionKeys);
    const prefs = options.webPreferences;
    if (prefs !== undefined) checkKnownKeys('WebPreferences', prefs as object, webPreferenceKeys);
    this.options = options;
    this.icon = options.icon;
    this.webContentsObject = strict('webContents', new FakeWebContents());
    if (options.show !== false) this.visible = true;
  }

  get webContents(): FakeWebContents {
    return this.webContentsObject;
  }

  private alive(what: string): void {
    if (this.destroyed) throw new ElectronCallOutOfOrder(`BrowserWindow.${what}: Object has been destroyed`);
  }

  loadURL(url: string): Promise<void> {
    this.alive('loadURL');
    return this.webContentsObject.loadURL(url);
  }
  show(): void {
    this.alive('show');
    this.visible = true;
    this.minimized = false;
    this.focused = true;
  }
  hide(): void {
    this.alive('hide');
    this.visible = false;
    this.focused = false;
  }
  focus(): void {
    this.alive('focus');
    this.focused = true;
  }
  isVisible(): boolean {
    this.alive('isVisible');
    return this.visible;
  }
  isFocused(): boolean {
    this.alive('isFocused');
    return this.focused;
  }
  isMinimized(): boolean {
    this.alive('isMinimized');
    return this.minimized;
  }
  minimize(): void {
    this.alive('minimize');
    this.minimized = true;
    this.focused = false;
  }
  restore(): void {
    this.alive('restore');
    this.minimized = false;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  setProgressBar(progress: number): void {
    this.alive('setProgressBar');
    this.progress = progress;
  }
  setOverlayIcon(image: unknown, description: string): void {
    this.alive('setOverlayIcon');
    this.overlay = image === null ? undefined : { image, description };
  }
  setIcon(icon: unknown): void {
    this.alive('setIcon');
    this.icon = icon;
  }
  setTitle(title: string): void {
    this.alive('setTitle');
    this.options.title = title;
  }
  /** Like a click on the close button: listeners may `preventDefault()`, otherwise the window goes. */
  close(): void {
    this.alive('close');
    let prevented = false;
    this.emit('close', {
      preventDefault: () => {
        prevented = true;
      },
    });
    if (!prevented) this.destroy();
  }
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.visible = false;
    this.webContentsObject.destroyed = true;
    this.emit('closed');
    if (FakeBrowserWindow.getAllWindows().length === 0) state.appEvents.emit('window-all-closed');
  }
}

/** `new BrowserWindow()` hands back a strict object: an unknown method fails the test. */
export const BrowserWindow = new Proxy(FakeBrowserWindow, {
  construct(target, args: [Record<string, unknown>?]) {
    const window = strict('BrowserWindow', new target(...args));
    state.windows.push(window);
    // Electron announces every new web contents on the app before anything else sees it.
    state.appEvents.emit('web-contents-created', { preventDefault() {} }, window.webContents);
    state.appEvents.emit('browser-window-created', { preventDefault() {} }, window);
    return window;
  },
  get(target, property, receiver) {
    if (typeof property === 'symbol' || property in target || property === 'then') {
      return Reflect.get(target, property, receiver) as unknown;
    }
    return strict('BrowserWindow', target)[property as keyof typeof target];
  },
});
