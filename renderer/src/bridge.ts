import type { BridgeApi } from '../../preload/bridge/build-api';
import { BRIDGE_GLOBAL } from '../../preload/contract';

/**
 * The only file that reads the object the preload exposed. Its type is the preload's own
 * `BridgeApi`, never a hand-kept copy.
 */
export function getBridge(): BridgeApi {
  const bridge = (window as unknown as Record<string, BridgeApi | undefined>)[BRIDGE_GLOBAL];
  if (!bridge) throw new Error('The app bridge is missing: this page must run inside the desktop app.');
  return bridge;
}

export type { BridgeApi };
