/**
 * Runs inside the harness page, in place of the Electron preload. It builds the bridge with the
 * very same `buildApi` the preload uses; only the transport differs: a Playwright binding that
 * reaches the real main-process handler table in the test process.
 */
import { buildApi, type BridgeTransport } from '../../../preload/bridge/build-api';
import { TrustedDrops } from '../../../preload/bridge/trusted-drops';
import { BRIDGE_GLOBAL } from '../../../preload/contract';

type Listener = (payload: unknown) => void;

interface HarnessWindow {
  __vcHarnessInvoke(channel: string, args: unknown[]): Promise<unknown>;
  __vcHarnessEmit?: (channel: string, payload: unknown) => void;
}

const harness = window as unknown as HarnessWindow & Record<string, unknown>;
const listeners = new Map<string, Set<Listener>>();

/**
 * As the preload does: real drops on the window (trusted events, which Playwright makes through the
 * DevTools protocol and a page script cannot) are registered with main before the page sees them.
 * Chromium gives a dropped File no path; standing in for webUtils.getPathForFile, the test says which
 * dropped file name is which path (harness.dropFiles).
 */
const drops = new TrustedDrops({
  pathForFile: (file) =>
    file instanceof File
      ? ((harness.__vcHarnessDropPaths as Record<string, string> | undefined)?.[file.name] ?? '')
      : '',
  register: (paths) => harness.__vcHarnessInvoke('uploads:register-drop', [{ paths }]),
});
window.addEventListener('drop', (event) => drops.observe(event), true);

const transport: BridgeTransport = {
  invoke: (channel, args) => harness.__vcHarnessInvoke(channel, args),
  dropIdFor: (files) => drops.idFor(files),
  subscribe(channel, listener) {
    const set = listeners.get(channel) ?? new Set<Listener>();
    set.add(listener);
    listeners.set(channel, set);
    return () => set.delete(listener);
  },
};

// The test process pushes main->renderer events through this (as webContents.send would).
harness.__vcHarnessEmit = (channel, payload) => {
  for (const listener of listeners.get(channel) ?? []) listener(payload);
};

// Like contextBridge: a frozen object the page cannot rewire.
Object.defineProperty(window, BRIDGE_GLOBAL, { value: Object.freeze(buildApi(transport)), writable: false });
