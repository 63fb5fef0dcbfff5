/**
 * Runs inside the harness page, in place of the Electron preload. It builds the bridge with the
 * very same `buildApi` the preload uses; only the transport differs: a Playwright binding that
 * reaches the real main-process handler table in the test process.
 */
import { buildApi, type BridgeTransport } from '../../../preload/bridge/build-api';
import { BRIDGE_GLOBAL } from '../../../preload/contract';

type Listener = (payload: unknown) => void;

interface HarnessWindow {
  __vcHarnessInvoke(channel: string, args: unknown[]): Promise<unknown>;
  __vcHarnessEmit?: (channel: string, payload: unknown) => void;
}

const harness = window as unknown as HarnessWindow & Record<string, unknown>;
const listeners = new Map<string, Set<Listener>>();

const transport: BridgeTransport = {
  invoke: (channel, args) => harness.__vcHarnessInvoke(channel, args),
  // Stands in for webUtils.getPathForFile: a test registers which dropped file name is which path.
  pathForFile: (file) =>
    file instanceof File
      ? ((harness.__vcHarnessDropPaths as Record<string, string> | undefined)?.[file.name] ?? '')
      : '',
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
