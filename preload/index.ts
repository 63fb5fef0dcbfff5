import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { BRIDGE_GLOBAL, isEventChannel, isInvokeChannel } from './contract';
import { buildApi, type BridgeTransport } from './bridge/build-api';
import { TrustedDrops, type DropEventLike } from './bridge/trusted-drops';

/**
 * The Electron transport: ipcRenderer, reached only through the contract's allowlisted channels.
 * Exported for its unit test only (the page never sees it: only `buildApi`'s object is exposed);
 * the channel checks here are the second line behind the named functions, which no page can change.
 */
export const electronTransport: BridgeTransport = {
  invoke(channel, args) {
    if (!isInvokeChannel(channel)) return Promise.reject(new Error(`Unknown channel: ${String(channel)}`));
    return ipcRenderer.invoke(channel, ...args);
  },
  dropIdFor: (files) => drops.idFor(files),
  subscribe(channel, listener) {
    if (!isEventChannel(channel)) throw new Error(`Unknown event channel: ${String(channel)}`);
    // The page gets the payload only: Electron's event object carries `sender` (ipcRenderer itself).
    const wrapped = (_event: Electron.IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(channel, wrapped);
    return () => {
      ipcRenderer.removeListener(channel, wrapped);
    };
  },
};

/** Real drops on the window, seen here before the page sees them (trusted-drops.ts). */
const drops = new TrustedDrops({
  // Only real File objects from the desktop have a path; anything else gets none.
  pathForFile: (file) => (file instanceof File ? webUtils.getPathForFile(file) : ''),
  register: (paths) => electronTransport.invoke('uploads:register-drop', [{ paths }]),
});
/** The page's window, as far as the preload needs it (the preload compiles with Node's types, no DOM). */
const pageWindow = globalThis as unknown as {
  addEventListener(type: 'drop', listener: (event: DropEventLike) => void, capture: true): void;
};
pageWindow.addEventListener('drop', (event) => drops.observe(event), true);

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, buildApi(electronTransport));
