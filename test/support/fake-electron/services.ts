import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { ElectronCallOutOfOrder, UnknownElectronApi, strict } from './strict';
import { nativeImage } from './native-image';
import { requireNotReady, requireReady, state } from './state';

export const protocol = strict('protocol', {
  registerSchemesAsPrivileged(schemes: { scheme: string; privileges?: Record<string, boolean> }[]): void {
    requireNotReady('protocol.registerSchemesAsPrivileged');
    // Electron: "can be called only once"; a second call replaces the first list.
    if (state.privilegedSchemes) throw new ElectronCallOutOfOrder('protocol.registerSchemesAsPrivileged called twice');
    state.privilegedSchemes = schemes;
  },
  handle(scheme: string, handler: (request: Request) => Response | Promise<Response>): void {
    requireReady('protocol.handle');
    if (state.protocolHandlers.has(scheme)) throw new Error(`fake electron: scheme '${scheme}' is already handled`);
    state.protocolHandlers.set(scheme, handler);
  },
  unhandle(scheme: string): void {
    state.protocolHandlers.delete(scheme);
  },
  isProtocolHandled: (scheme: string) => state.protocolHandlers.has(scheme),
});

const defaultSession = strict('Session', {
  setPermissionRequestHandler(handler: typeof state.permissionRequestHandler): void {
    state.permissionRequestHandler = handler;
  },
  setPermissionCheckHandler(handler: typeof state.permissionCheckHandler): void {
    state.permissionCheckHandler = handler;
  },
  setDisplayMediaRequestHandler(
    handler: typeof state.displayMediaRequestHandler,
    options?: { useSystemPicker?: boolean },
  ): void {
    // Electron: the handler is a function or null; options hold only useSystemPicker (macOS, experimental).
    if (handler !== null && typeof handler !== 'function') {
      throw new TypeError('fake electron: setDisplayMediaRequestHandler needs a function or null');
    }
    for (const key of Object.keys(options ?? {})) {
      if (key !== 'useSystemPicker') throw new UnknownElectronApi('setDisplayMediaRequestHandler options', key);
    }
    state.displayMediaRequestHandler = handler;
    state.displayMediaUsesSystemPicker = options?.useSystemPicker ?? false;
  },
  resolveProxy: (_url: string) => Promise.resolve('DIRECT'),
});

export const session = strict('session', {
  get defaultSession() {
    requireReady('session.defaultSession');
    return defaultSession;
  },
});

export const shell = strict('shell', {
  openExternal(url: string): Promise<void> {
    state.openedExternally.push(url);
    return Promise.resolve();
  },
  openPath(path: string): Promise<string> {
    state.openedPaths.push(path);
    return Promise.resolve('');
  },
  showItemInFolder(path: string): void {
    state.shownInFolder.push(path);
  },
});

export const clipboard = strict('clipboard', {
  writeText(text: string, _type?: 'selection' | 'clipboard'): void {
    state.clipboardText.push(text);
  },
  readText(_type?: 'selection' | 'clipboard'): string {
    return state.clipboardText.at(-1) ?? '';
  },
});

function nextDialogAnswer(kind: 'open' | 'save' | 'message', args: unknown[]): Promise<unknown> {
  requireReady(`dialog.show${kind}Dialog`);
  const hadParent = args.length > 1;
  const options = (hadParent ? args[1] : args[0]) as Record<string, unknown>;
  state.dialogs.push({ kind, options, hadParent, ...(hadParent ? { parent: args[0] } : {}) });
  if (state.dialogAnswers.length === 0) throw new Error(`fake electron: a ${kind} dialog opened with no answer queued`);
  return Promise.resolve(state.dialogAnswers.shift());
}

export const dialog = strict('dialog', {
  showOpenDialog: (...args: unknown[]) => nextDialogAnswer('open', args),
  showSaveDialog: (...args: unknown[]) => nextDialogAnswer('save', args),
  showMessageBox: (...args: unknown[]) => nextDialogAnswer('message', args),
  showErrorBox(title: string, content: string): void {
    state.dialogs.push({ kind: 'message', options: { title, content, error: true }, hadParent: false });
  },
});

export const ipcMain = strict('ipcMain', {
  handle(channel: string, handler: (event: unknown, ...args: unknown[]) => unknown): void {
    // Electron throws "Attempted to register a second handler for '<channel>'".
    if (state.ipcHandlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    state.ipcHandlers.set(channel, handler);
  },
  removeHandler(channel: string): void {
    state.ipcHandlers.delete(channel);
  },
  on(): void {
    throw new Error('fake electron: the app uses invoke/handle only; ipcMain.on is not expected');
  },
});

export const net = strict('net', {
  isOnline(): boolean {
    requireReady('net.isOnline');
    return state.online;
  },
  async fetch(input: string): Promise<Response> {
    requireReady('net.fetch');
    const url = new URL(input);
    if (url.protocol !== 'file:') throw new Error(`fake electron: no network in tests (net.fetch ${url.protocol})`);
    try {
      return new Response(await readFile(fileURLToPath(url)), { status: 200 });
    } catch {
      throw new Error(`net::ERR_FILE_NOT_FOUND`);
    }
  },
});

const powerMonitorImpl = strict('powerMonitor', {
  on(event: string, listener: (...args: unknown[]) => void) {
    if (!powerMonitorEventNames.has(event)) throw new UnknownElectronApi('powerMonitor event', event);
    state.powerMonitorEvents.on(event, listener);
    return powerMonitorImpl;
  },
  removeListener(event: string, listener: (...args: unknown[]) => void) {
    state.powerMonitorEvents.removeListener(event, listener);
    return powerMonitorImpl;
  },
  isOnBatteryPower: () => state.onBatteryPower,
});

/** The power events Electron 45 documents; listening for any other name is a typo the app would never hear. */
const powerMonitorEventNames = new Set([
  'suspend',
  'resume',
  'on-ac',
  'on-battery',
  'thermal-state-change',
  'speed-limit-change',
  'shutdown',
  'lock-screen',
  'unlock-screen',
  'user-did-become-active',
  'user-did-resign-active',
]);

/** Electron: "This module cannot be used until the ready event of the app module is emitted." */
export const powerMonitor = new Proxy(powerMonitorImpl, {
  get(target, property, receiver) {
    if (typeof property === 'string') requireReady(`powerMonitor.${property}`);
    return Reflect.get(target, property, receiver) as unknown;
  },
});

export const powerSaveBlocker = strict('powerSaveBlocker', {
  start(type: string): number {
    if (type !== 'prevent-app-suspension' && type !== 'prevent-display-sleep') {
      throw new Error(`fake electron: unknown power save blocker type '${type}'`);
    }
    const id = state.nextBlockerId++;
    state.powerSaveBlockers.set(id, type);
    return id;
  },
  stop(id: number): boolean {
    return state.powerSaveBlockers.delete(id);
  },
  isStarted: (id: number) => state.powerSaveBlockers.has(id),
});

/** Electron: usable only after `ready`; a source's type is in its id (`screen:…`, `window:…`). */
export const desktopCapturer = strict('desktopCapturer', {
  async getSources(options: { types: string[]; thumbnailSize?: { width: number; height: number } }) {
    requireReady('desktopCapturer.getSources');
    if (!Array.isArray(options?.types) || options.types.some((type) => type !== 'screen' && type !== 'window')) {
      throw new Error("fake electron: desktopCapturer.getSources needs types of 'screen' and/or 'window'");
    }
    return state.screenSources
      .filter((source) => options.types.includes(source.id.split(':')[0]!))
      .map((source) =>
        strict('DesktopCapturerSource', {
          id: source.id,
          name: source.name,
          display_id: '',
          appIcon: null,
          thumbnail: source.thumbnailPng
            ? nativeImage.createFromBuffer(source.thumbnailPng)
            : nativeImage.createEmpty(),
        }),
      );
  },
});

export const nativeTheme = strict('nativeTheme', {
  get shouldUseDarkColors() {
    return state.darkColors;
  },
  themeSource: 'system',
  on(event: string, listener: (...args: unknown[]) => void) {
    state.nativeThemeEvents.on(event, listener);
  },
});

export const safeStorage = strict('safeStorage', {
  isEncryptionAvailable(): boolean {
    // On Linux the answer is only known after ready (the keyring is probed then).
    if (process.platform === 'linux') requireReady('safeStorage.isEncryptionAvailable');
    return state.encryptionAvailable;
  },
  getSelectedStorageBackend(): string {
    if (process.platform !== 'linux') throw new Error('fake electron: getSelectedStorageBackend is Linux only');
    requireReady('safeStorage.getSelectedStorageBackend');
    return state.storageBackend;
  },
  encryptString(plain: string): Buffer {
    if (!state.encryptionAvailable)
      throw new Error('Error while encrypting the text provided to safeStorage.encryptString.');
    return Buffer.from(`enc:${Buffer.from(plain, 'utf8').toString('base64')}`);
  },
  decryptString(data: Buffer): string {
    const text = data.toString();
    if (!text.startsWith('enc:'))
      throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
    return Buffer.from(text.slice(4), 'base64').toString('utf8');
  },
});

/** Preload side. */
export const contextBridge = strict('contextBridge', {
  exposeInMainWorld(key: string, api: unknown): void {
    if (state.exposedInMainWorld.has(key))
      throw new Error(`Cannot bind an API on top of an existing property on the window object`);
    state.exposedInMainWorld.set(key, api);
  },
});

export const ipcRenderer = strict('ipcRenderer', {
  invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    state.rendererInvokes.push({ channel, args });
    return Promise.resolve(state.rendererAnswers.get(channel) ?? { ok: true, data: null });
  },
  on(channel: string, listener: (...args: unknown[]) => void) {
    state.rendererEvents.on(channel, listener);
    return ipcRenderer;
  },
  removeListener(channel: string, listener: (...args: unknown[]) => void) {
    state.rendererEvents.removeListener(channel, listener);
    return ipcRenderer;
  },
  send(): void {
    throw new Error('fake electron: the app uses invoke/handle only; ipcRenderer.send is not expected');
  },
});

export const webUtils = strict('webUtils', {
  getPathForFile: (file: { path?: string }) => file.path ?? '',
});
