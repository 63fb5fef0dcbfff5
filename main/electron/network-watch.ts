import { net, powerMonitor } from 'electron';

/** How often to ask whether the computer has a network: a cheap local call, no request goes out. */
export const NETWORK_PROBE_MS = 5_000;

/**
 * Tells `onNetworkBack` when the network has probably come back: Electron's `net.isOnline()` turning
 * from false to true (probed, since Electron has no event for it in main), or the computer waking or
 * being unlocked (Wi-Fi reconnects then). It only says "worth trying now"; whoever listens still
 * judges the service's answer. Electron's part only: the decisions are in the session service.
 */
export function startNetworkWatch(onNetworkBack: () => void, probeMs = NETWORK_PROBE_MS): { dispose(): void } {
  let online = net.isOnline();
  const probe = setInterval(() => {
    const now = net.isOnline();
    if (now && !online) onNetworkBack();
    online = now;
  }, probeMs);
  // Never what keeps a quitting app alive.
  probe.unref();
  const woke = (): void => onNetworkBack();
  powerMonitor.on('resume', woke);
  powerMonitor.on('unlock-screen', woke);
  return {
    dispose() {
      clearInterval(probe);
      powerMonitor.removeListener('resume', woke);
      powerMonitor.removeListener('unlock-screen', woke);
    },
  };
}
