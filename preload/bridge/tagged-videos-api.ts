import type { BridgeCall } from './call';

/** The page's functions for this area: one per channel of TaggedVideosInvoke. */
export const taggedVideosBridge = (call: BridgeCall) => {
  void call;
  return {};
};
