import { computed, ref, shallowRef, toValue, watch, type MaybeRefOrGetter, type Ref } from 'vue';
import type { BridgeError, CachedAnswer, Paged, Result } from '../../../preload/contract';
import { covers, useQueryCache } from '../stores/query-cache';

interface PagedState<T> {
  items: T[];
  pagesLoaded: number;
  hasMore: boolean;
}

export interface PagedQuery<T> {
  items: Ref<T[]>;
  /** The service's total, when it says. */
  totalCount: Ref<number | undefined>;
  hasMore: Ref<boolean>;
  error: Ref<BridgeError | null>;
  /** Nothing to show yet. */
  loading: Ref<boolean>;
  /** A further page is being read (infinite scroll). */
  loadingMore: Ref<boolean>;
  refreshing: Ref<boolean>;
  /** Main answered the copy it kept because the service could not be reached (with its time); null when live. */
  offline: Ref<CachedAnswer | null>;
  loadMore: () => Promise<void>;
  /** Starts again from the first page. */
  reload: () => Promise<void>;
}

/** Is there a page after this one? The service may say so, give a total, or neither (a short page ends it). */
export function pageHasMore(page: Paged<unknown>, itemsSoFar: number, pageSize: number): boolean {
  if (page.hasNextPage !== undefined) return page.hasNextPage;
  if (page.pageCount !== undefined && page.pageNumber !== undefined) return page.pageNumber < page.pageCount;
  if (page.totalCount !== undefined) return itemsSoFar < page.totalCount;
  return page.items.length >= pageSize;
}

/**
 * Where the route's data (router/route-data.ts) leaves a list's first page read ahead: the size is in
 * the key, so a page read at another size is never taken for this list's first page.
 */
export const firstPageKey = (key: string, pageSize: number) => `${key}#first-page-of-${pageSize}`;

/**
 * A paged list read page by page as the user scrolls (infinite scroll), cached by key like
 * useCachedQuery: going back shows every page read so far at once, while the first page is read
 * again; when it changed, the list starts again from it.
 */
export function usePagedQuery<T extends { id: number | string }>(
  key: MaybeRefOrGetter<string | null | undefined>,
  loadPage: (pageNumber: number, pageSize: number) => Promise<Result<Paged<T>>>,
  pageSize = 50,
): PagedQuery<T> {
  const cache = useQueryCache();
  const state = shallowRef<PagedState<T> | undefined>();
  const totalCount = ref<number | undefined>();
  const error = ref<BridgeError | null>(null);
  const offline = ref<CachedAnswer | null>(null);
  const pending = ref(false);
  const loadingMore = ref(false);
  let generation = 0;
  /** The user reached the end while the first page was being read again: read on once it is in. */
  let moreAfterReload = false;

  function store(next: PagedState<T>): void {
    state.value = next;
    const currentKey = toValue(key);
    if (currentKey) cache.set(currentKey, next);
  }

  async function readPage(pageNumber: number, joining?: Promise<Result<Paged<T>>>): Promise<Paged<T> | undefined> {
    const mine = generation;
    error.value = null;
    const result = await (joining ?? loadPage(pageNumber, pageSize));
    if (mine !== generation) return undefined;
    return accept(pageNumber, result);
  }

  /** A page's answer: its items, or undefined with the error kept. */
  function accept(pageNumber: number, result: Result<Paged<T>>): Paged<T> | undefined {
    if (!result.ok) {
      error.value = result.error;
      return undefined;
    }
    if (result.data.totalCount !== undefined) totalCount.value = result.data.totalCount;
    // The first page says whether the list is live; a later page from the copy marks it too.
    if (pageNumber === 1 || result.cached) offline.value = result.cached ?? null;
    return result.data;
  }

  /** A reload asked for while one for the same key runs joins it (a write's own reload and the invalidation's). */
  let running: { generation: number; done: Promise<void> } | null = null;

  function reload(joining?: Promise<Result<Paged<T>>>): Promise<void> {
    if (running?.generation === generation) return running.done;
    const done = reloadFirstPage(joining);
    running = { generation, done };
    void done.finally(() => {
      if (running?.done === done) running = null;
    });
    return done;
  }

  async function reloadFirstPage(joining?: Promise<Result<Paged<T>>>): Promise<void> {
    if (!toValue(key)) return;
    const mine = generation;
    pending.value = true;
    try {
      const first = await readPage(1, joining);
      if (first) showFirstPage(first);
    } finally {
      if (mine === generation) {
        pending.value = false;
        if (moreAfterReload) {
          moreAfterReload = false;
          void loadMore();
        }
      }
    }
  }

  function showFirstPage(first: Paged<T>): void {
    const previous = state.value;
    const sameStart =
      previous !== undefined &&
      first.items.length <= previous.items.length &&
      first.items.every((item, index) => previous.items[index]?.id === item.id);
    // Unchanged first page: keep the later pages already read (and the scroll position with them).
    if (sameStart && previous) {
      store({ ...previous, items: [...first.items, ...previous.items.slice(first.items.length)] });
    } else {
      store({ items: first.items, pagesLoaded: 1, hasMore: pageHasMore(first, first.items.length, pageSize) });
    }
  }

  async function loadMore(): Promise<void> {
    const current = state.value;
    if (pending.value) {
      moreAfterReload = true;
      return;
    }
    if (!current || !current.hasMore || loadingMore.value) return;
    loadingMore.value = true;
    try {
      const page = await readPage(current.pagesLoaded + 1);
      if (!page || state.value !== current) return;
      const seen = new Set(current.items.map((item) => item.id));
      // A write between pages shifts them: skip what the list already has.
      const items = [...current.items, ...page.items.filter((item) => !seen.has(item.id))];
      store({ items, pagesLoaded: current.pagesLoaded + 1, hasMore: pageHasMore(page, items.length, pageSize) });
    } finally {
      loadingMore.value = false;
    }
  }

  watch(
    () => toValue(key),
    (currentKey) => {
      generation++;
      moreAfterReload = false;
      error.value = null;
      offline.value = null;
      loadingMore.value = false;
      totalCount.value = undefined;
      state.value = currentKey ? cache.get<PagedState<T>>(currentKey)?.data : undefined;
      if (!currentKey) return;
      // The first page read on the way to this page (the route's data): shown in the first render when it has answered.
      const prefetched = cache.takePrefetch<Paged<T>>(firstPageKey(currentKey, pageSize));
      const first = prefetched?.settled ? accept(1, prefetched.settled) : undefined;
      if (first) showFirstPage(first);
      else if (!prefetched?.settled) void reload(prefetched?.promise);
    },
    { immediate: true },
  );

  // A write elsewhere made this list stale: read it again from the first page while it is on screen.
  watch(
    () => cache.lastInvalidation,
    (invalidation) => {
      const currentKey = toValue(key);
      if (invalidation && currentKey && covers(invalidation.prefixes, currentKey)) void reload();
    },
  );

  return {
    items: computed(() => state.value?.items ?? []),
    totalCount,
    hasMore: computed(() => state.value?.hasMore ?? false),
    error,
    loading: computed(() => pending.value && state.value === undefined),
    loadingMore,
    refreshing: computed(() => pending.value && state.value !== undefined),
    offline,
    loadMore,
    reload,
  };
}
