import type { BridgeCall } from './call';

/** The page's functions for this area: one per channel of PortfoliosInvoke. */
export const portfoliosBridge = (call: BridgeCall) => {
  void call;
  return {};
};
