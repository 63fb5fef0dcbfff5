import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { BRIDGE_GLOBAL, isEventChannel, isInvokeChannel } from './contract';
import { buildApi, type BridgeTransport } from './bridge/build-api';

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
  pathForFile(file) {
    // Only real File objects from a drop have a path; anything else the page passes gets none.
    return file instanceof File ? webUtils.getPathForFile(file) : '';
  },
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

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, buildApi(electronTransport));
