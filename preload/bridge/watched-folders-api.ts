import type { BridgeCall } from './call';

/** The page's functions for watched folders: one per channel of WatchedFoldersInvoke. */
export const watchedFoldersBridge = (call: BridgeCall) => ({
  watchedFolders: {
    list: call('watched-folders:list'),
    add: call('watched-folders:add'),
    remove: call('watched-folders:remove'),
    origins: call('watched-folders:origins'),
    cardOffers: call('watched-folders:card-offers'),
    answerCard: call('watched-folders:answer-card'),
  },
});
