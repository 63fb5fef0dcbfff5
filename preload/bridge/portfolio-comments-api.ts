import type { BridgeCall } from './call';

/** The page's functions for this area: one per channel of PortfolioCommentsInvoke. */
export const portfolioCommentsBridge = (call: BridgeCall) => ({
  portfolioComments: {
    context: call('portfolio-comments:context'),
    list: call('portfolio-comments:list'),
    replies: call('portfolio-comments:replies'),
    add: call('portfolio-comments:add'),
    remove: call('portfolio-comments:delete'),
  },
});
