import { computed, ref, shallowRef, toValue, watch, type MaybeRefOrGetter, type Ref } from 'vue';
import type { BridgeError, CachedAnswer, Result } from '../../../preload/contract';
import { covers, useQueryCache } from '../stores/query-cache';

export interface CachedQuery<T> {
  data: Ref<T | undefined>;
  error: Ref<BridgeError | null>;
  /** Nothing to show yet (first read of this key). */
  loading: Ref<boolean>;
  /** A fresh read runs while older data is shown. */
  refreshing: Ref<boolean>;
  /** Main answered the copy it kept because the service could not be reached (with its time); null when live. */
  offline: Ref<CachedAnswer | null>;
  reload: () => Promise<void>;
  /** Changes the shown (and cached) data after a write the page already knows the outcome of. */
  mutate: (update: (current: T) => T) => void;
}

/**
 * One read of the service, cached by key: shown at once from the cache when the page was seen before,
 * then read again in the background. A null key reads nothing (e.g. while a route param is missing).
 * Answers for a key the page has left are dropped, so a slow old answer never replaces a newer page.
 */
export function useCachedQuery<T>(
  key: MaybeRefOrGetter<string | null | undefined>,
  load: () => Promise<Result<T>>,
): CachedQuery<T> {
  const cache = useQueryCache();
  const data = shallowRef<T | undefined>();
  const error = ref<BridgeError | null>(null);
  const offline = ref<CachedAnswer | null>(null);
  const pending = ref(false);
  let generation = 0;

  /** A read asked for while one for the same key runs joins it (a write's own reload and the invalidation's). */
  let running: { generation: number; done: Promise<void> } | null = null;

  function read(joining?: Promise<Result<T>>): Promise<void> {
    if (running?.generation === generation) return running.done;
    const done = readAfresh(joining);
    running = { generation, done };
    void done.finally(() => {
      if (running?.done === done) running = null;
    });
    return done;
  }

  function apply(currentKey: string, result: Result<T>): void {
    if (result.ok) {
      data.value = result.data;
      offline.value = result.cached ?? null;
      cache.set(currentKey, result.data);
    } else {
      error.value = result.error;
    }
  }

  async function readAfresh(joining?: Promise<Result<T>>): Promise<void> {
    const currentKey = toValue(key);
    if (!currentKey) return;
    const mine = ++generation;
    pending.value = true;
    error.value = null;
    try {
      const result = await (joining ?? load());
      if (mine === generation) apply(currentKey, result);
    } finally {
      if (mine === generation) pending.value = false;
    }
  }

  watch(
    () => toValue(key),
    (currentKey) => {
      generation++;
      error.value = null;
      offline.value = null;
      data.value = currentKey ? cache.get<T>(currentKey)?.data : undefined;
      if (!currentKey) return;
      // Read on the way to this page (the route's data): shown in the first render when it has answered.
      const prefetched = cache.takePrefetch<T>(currentKey);
      if (prefetched?.settled) apply(currentKey, prefetched.settled);
      else void read(prefetched?.promise);
    },
    { immediate: true },
  );

  // A write elsewhere made this data stale: read it again while it is on screen.
  watch(
    () => cache.lastInvalidation,
    (invalidation) => {
      const currentKey = toValue(key);
      if (invalidation && currentKey && covers(invalidation.prefixes, currentKey)) void read();
    },
  );

  function mutate(update: (current: T) => T): void {
    const currentKey = toValue(key);
    if (data.value === undefined || !currentKey) return;
    data.value = update(data.value);
    cache.set(currentKey, data.value);
  }

  return {
    data,
    error,
    loading: computed(() => pending.value && data.value === undefined),
    refreshing: computed(() => pending.value && data.value !== undefined),
    offline,
    reload: () => read(),
    mutate,
  };
}
