import { defineStore } from 'pinia';
import { shallowReactive, shallowRef } from 'vue';
import type { Result } from '../../../preload/contract';
import { onDehydrate } from './lifecycle';

export interface CacheEntry<T = unknown> {
  data: T;
  /** epoch ms of the answer. */
  fetchedAt: number;
}

/**
 * A read started before its page exists (the route's data, read while the app moves to it): the page's
 * query takes it over instead of reading the same thing again. `settled` is set once it has answered,
 * so a page mounted after the answer shows it in its first render, without a loading state in between.
 */
export interface Prefetch<T = unknown> {
  promise: Promise<Result<T>>;
  settled?: Result<T>;
  startedAt: number;
}

/** A prefetch nobody took within this long (the navigation went elsewhere) is not used any more. */
export const PREFETCH_FRESH_MS = 5_000;

/**
 * What the browse screens last read, by key (e.g. `group:12`, `groups:mine:name=maths`). Going back
 * to a page shows this at once while a fresh read runs (stale-while-revalidate). Signing out forgets it.
 */
export const useQueryCache = defineStore('query-cache', () => {
  const entries = shallowReactive(new Map<string, CacheEntry>());
  /** The latest invalidation: queries on screen whose key it covers read again (see useCachedQuery). */
  const lastInvalidation = shallowRef<{ prefixes: string[] } | null>(null);
  /** Not reactive: only read when a query starts. */
  const prefetches = new Map<string, Prefetch>();
  onDehydrate(() => {
    entries.clear();
    prefetches.clear();
    lastInvalidation.value = null;
  });

  function get<T>(key: string): CacheEntry<T> | undefined {
    return entries.get(key) as CacheEntry<T> | undefined;
  }

  function set<T>(key: string, data: T): void {
    entries.set(key, { data, fetchedAt: Date.now() });
  }

  /**
   * Starts reading `key` for a page about to be shown (or joins the read already started for it), and
   * answers that read. The page's query takes it over with `takePrefetch`.
   */
  function prefetch<T>(key: string, load: () => Promise<Result<T>>): Promise<Result<T>> {
    const now = Date.now();
    for (const [k, entry] of prefetches) if (now - entry.startedAt > PREFETCH_FRESH_MS) prefetches.delete(k);
    const running = prefetches.get(key) as Prefetch<T> | undefined;
    if (running) return running.promise;
    const entry: Prefetch<T> = { promise: load(), startedAt: now };
    void entry.promise.then((result) => (entry.settled = result)).catch(() => prefetches.delete(key));
    prefetches.set(key, entry as Prefetch);
    return entry.promise;
  }

  /** The prefetch of `key`, once: the query that takes it is the only one to use it. */
  function takePrefetch<T>(key: string): Prefetch<T> | undefined {
    const entry = prefetches.get(key) as Prefetch<T> | undefined;
    prefetches.delete(key);
    return entry && Date.now() - entry.startedAt <= PREFETCH_FRESH_MS ? entry : undefined;
  }

  /**
   * After a write: every entry whose key starts with one of the prefixes is read afresh, at once by
   * the queries on screen (a group's header after a member joined), otherwise when next shown.
   */
  function invalidate(...prefixes: string[]): void {
    for (const key of [...entries.keys()]) {
      if (covers(prefixes, key)) entries.delete(key);
    }
    for (const key of [...prefetches.keys()]) {
      if (covers(prefixes, key)) prefetches.delete(key);
    }
    lastInvalidation.value = { prefixes };
  }

  return { get, set, prefetch, takePrefetch, invalidate, lastInvalidation };
});

/** Does an invalidation of these prefixes cover this key? */
export const covers = (prefixes: string[], key: string): boolean => prefixes.some((prefix) => key.startsWith(prefix));
