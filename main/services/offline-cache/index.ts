/** The last lists shown, kept on disk per account for when the service cannot be reached. Plain Node. */
export { OfflineCache, OFFLINE_CACHE_VERSION, DEFAULT_MAX_ENTRIES, DEFAULT_MAX_FILE_BYTES } from './offline-cache';
export type { CachedCopy, OfflineCacheDeps } from './offline-cache';
export { accountFolderName, sameAccount } from './account-key';
export type { CacheAccount } from './account-key';
export { isNetworkFault, isNetworkFaultCode } from './network-fault';
export { markOfflineCopy, offlineCopyAsOf } from './offline-copy';
export { createOfflineLists, listEntry } from './offline-lists';
export type { OfflineLists, OfflineListsDeps } from './offline-lists';
export { cachedSchemas } from './cached-schemas';
