import { defineStore } from 'pinia';
import { shallowReactive, shallowRef } from 'vue';
import { onDehydrate } from './lifecycle';

export interface CacheEntry<T = unknown> {
  data: T;
  /** epoch ms of the answer. */
  fetchedAt: number;
}

/**
 * What the browse screens last read, by key (e.g. `group:12`, `groups:mine:name=maths`). Going back
 * to a page shows this at once while a fresh read runs (stale-while-revalidate). Signing out forgets it.
 */
export const useQueryCache = defineStore('query-cache', () => {
  const entries = shallowReactive(new Map<string, CacheEntry>());
  /** The latest invalidation: queries on screen whose key it covers read again (see useCachedQuery). */
  const lastInvalidation = shallowRef<{ prefixes: string[] } | null>(null);
  onDehydrate(() => {
    entries.clear();
    lastInvalidation.value = null;
  });

  function get<T>(key: string): CacheEntry<T> | undefined {
    return entries.get(key) as CacheEntry<T> | undefined;
  }

  function set<T>(key: string, data: T): void {
    entries.set(key, { data, fetchedAt: Date.now() });
  }

  /**
   * After a write: every entry whose key starts with one of the prefixes is read afresh, at once by
   * the queries on screen (a group's header after a member joined), otherwise when next shown.
   */
  function invalidate(...prefixes: string[]): void {
    for (const key of [...entries.keys()]) {
      if (covers(prefixes, key)) entries.delete(key);
    }
    lastInvalidation.value = { prefixes };
  }

  return { get, set, invalidate, lastInvalidation };
});

/** Does an invalidation of these prefixes cover this key? */
export const covers = (prefixes: string[], key: string): boolean => prefixes.some((prefix) => key.startsWith(prefix));
