import type { BridgeCall } from './call';

/** The page's functions for video preparation: one per channel of MediaInvoke. */
export const mediaBridge = (call: BridgeCall) => ({
  media: {
    report: call('media:report'),
    pending: call('media:pending'),
  },
});
