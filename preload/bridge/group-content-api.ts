import type { BridgeCall } from './call';

/** The page's functions for this area: one per channel of GroupContentInvoke. */
export const groupContentBridge = (call: BridgeCall) => {
  void call;
  return {};
};
