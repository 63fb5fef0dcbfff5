import type { BridgeCall } from './call';

/** The page's functions for this area: one per channel of TaggedVideosInvoke. */
export const taggedVideosBridge = (call: BridgeCall) => ({
  taggedVideos: {
    list: call('tagged-videos:list'),
    get: call('tagged-videos:get'),
    create: call('tagged-videos:create'),
    update: call('tagged-videos:update'),
    listMine: call('tagged-videos:list-mine'),
    tagSets: call('tagged-videos:tag-sets'),
    recordings: call('tagged-videos:recordings'),
  },
});
