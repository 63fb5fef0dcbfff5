import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { AppError } from '../app-error';
import { sameAccount, type CacheAccount } from './account-key';
import { isNetworkFault } from './network-fault';
import type { OfflineCache } from './offline-cache';
import { markOfflineCopy } from './offline-copy';

export interface OfflineListsDeps {
  cache: OfflineCache;
  /** Whose lists these are: the signed-in account, or the one whose saved sign-in is being restored. */
  account(): CacheAccount | undefined;
  /**
   * True while a saved sign-in waits for the service to answer (restoring, retrying): the session
   * then refuses calls as signed out, though the person has not signed out and is only offline.
   */
  waitingForNetwork(): boolean;
}

export interface OfflineLists {
  /**
   * The live list, whose answer is kept for later; when the service cannot be reached, the kept copy
   * instead, marked with its time (markOfflineCopy). Any other failure (401, 403, a validation error) and
   * a missing copy fail as the live call did.
   */
  read<T extends object>(entry: string, schema: z.ZodType<T>, live: () => Promise<T>): Promise<T>;
}

/** A list's entry name for one query: `groups-mine` with a filter is a different list from without. */
export function listEntry(list: string, query: object = {}): string {
  const sorted = Object.fromEntries(Object.entries(query).sort(([a], [b]) => a.localeCompare(b)));
  return `${list}-${createHash('sha256').update(JSON.stringify(sorted)).digest('hex').slice(0, 16)}`;
}

export function createOfflineLists(deps: OfflineListsDeps): OfflineLists {
  const offline = (error: unknown): boolean =>
    isNetworkFault(error) ||
    (deps.waitingForNetwork() && error instanceof AppError && error.code === 'UNAUTHENTICATED');

  return {
    async read(entry, schema, live) {
      const account = deps.account();
      try {
        const data = await live();
        // Not awaited: the page need not wait for the disk. The cache runs one account's reads and
        // writes in order, so a later read (or a sign-out's removal) comes after this write.
        if (account) void deps.cache.save(account, entry, data, () => sameAccount(deps.account(), account));
        return data;
      } catch (error) {
        if (!account || !offline(error)) throw error;
        const copy = await deps.cache.load(account, entry, schema);
        if (!copy) throw error;
        return markOfflineCopy(copy.data, copy.savedAt);
      }
    },
  };
}
