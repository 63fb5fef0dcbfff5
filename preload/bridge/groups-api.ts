import type { BridgeCall } from './call';

/** The page's functions for this area: one per channel of GroupsInvoke. */
export const groupsBridge = (call: BridgeCall) => {
  void call;
  return {};
};
