import type { BridgeCall } from './call';

/** The page's functions for this area: one per channel of PortfolioCommentsInvoke. */
export const portfolioCommentsBridge = (call: BridgeCall) => {
  void call;
  return {};
};
