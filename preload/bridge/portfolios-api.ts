import type { BridgeCall } from './call';

/** The page's functions for this area: one per channel of PortfoliosInvoke. */
export const portfoliosBridge = (call: BridgeCall) => ({
  portfolios: {
    list: call('portfolios:list'),
    search: call('portfolios:search'),
    get: call('portfolios:get'),
    create: call('portfolios:create'),
    update: call('portfolios:update'),
    delete: call('portfolios:delete'),
    listVideos: call('portfolios:list-videos'),
    videoChoices: call('portfolios:video-choices'),
    addVideo: call('portfolios:add-video'),
    removeVideo: call('portfolios:remove-video'),
    listFiles: call('portfolios:list-files'),
    removeFile: call('portfolios:remove-file'),
    listDocuments: call('portfolios:list-documents'),
    listTagSets: call('portfolios:list-tag-sets'),
  },
  portfolioSharing: {
    listUsers: call('portfolio-sharing:list-users'),
    availableUsers: call('portfolio-sharing:available-users'),
    share: call('portfolio-sharing:share'),
    shareAllCandidates: call('portfolio-sharing:share-all-candidates'),
    shareAll: call('portfolio-sharing:share-all'),
    sharedWithPerson: call('portfolio-sharing:shared-with-person'),
    shareableWithPerson: call('portfolio-sharing:shareable-with-person'),
  },
});
