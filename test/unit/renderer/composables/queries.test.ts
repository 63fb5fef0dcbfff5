// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { nextTick, ref } from 'vue';
import { flushPromises } from '@vue/test-utils';
import { useCachedQuery } from '../../../../renderer/src/composables/useCachedQuery';
import { firstPageKey, pageHasMore, usePagedQuery } from '../../../../renderer/src/composables/usePagedQuery';
import { dehydrateAll } from '../../../../renderer/src/stores/lifecycle';
import { useQueryCache } from '../../../../renderer/src/stores/query-cache';
import type { Paged, Result } from '../../../../preload/contract';

const ok = <T>(data: T): Result<T> => ({ ok: true, data });
const failed: Result<never> = {
  ok: false,
  error: { code: 'UNREACHABLE', message: 'The service could not be reached.' },
};

/** A loader whose answers the test releases one by one, in any order. */
function deferredLoader<T>() {
  const waiting: ((result: Result<T>) => void)[] = [];
  const load = () => new Promise<Result<T>>((resolve) => waiting.push(resolve));
  return { load, waiting };
}

beforeEach(() => setActivePinia(createPinia()));

describe('a cached query', () => {
  it('shows what was read before at once and replaces it with the fresh answer', async () => {
    useQueryCache().set('group:1', { name: 'Old name' });
    const loader = deferredLoader<{ name: string }>();
    const query = useCachedQuery('group:1', loader.load);
    expect(query.data.value).toEqual({ name: 'Old name' });
    expect(query.loading.value).toBe(false);
    expect(query.refreshing.value).toBe(true);
    loader.waiting[0]!(ok({ name: 'New name' }));
    await flushPromises();
    expect(query.data.value).toEqual({ name: 'New name' });
    expect(query.refreshing.value).toBe(false);
    expect(useQueryCache().get('group:1')?.data).toEqual({ name: 'New name' });
  });

  it('is loading with nothing to show on a first visit, and keeps the error for a retry', async () => {
    const loader = deferredLoader<number>();
    const query = useCachedQuery('count', loader.load);
    expect(query.loading.value).toBe(true);
    loader.waiting[0]!(failed);
    await flushPromises();
    expect(query.loading.value).toBe(false);
    expect(query.error.value?.code).toBe('UNREACHABLE');
    void query.reload();
    loader.waiting[1]!(ok(3));
    await flushPromises();
    expect(query.error.value).toBeNull();
    expect(query.data.value).toBe(3);
  });

  it('says when main answered its kept copy (offline), and stops saying so once the live list is back', async () => {
    const loader = deferredLoader<number[]>();
    const query = useCachedQuery('portfolios:list', loader.load);
    loader.waiting[0]!({ ok: true, data: [7], cached: { offline: true, asOf: '2026-11-24T14:05:00.000Z' } });
    await flushPromises();
    expect(query.data.value).toEqual([7]);
    expect(query.offline.value).toEqual({ offline: true, asOf: '2026-11-24T14:05:00.000Z' });
    void query.reload();
    loader.waiting[1]!(ok([7, 8]));
    await flushPromises();
    expect(query.data.value).toEqual([7, 8]);
    expect(query.offline.value).toBeNull();
  });

  it('never lets a slow answer for a page the user left replace the page they are on', async () => {
    const key = ref('group:1');
    const loader = deferredLoader<string>();
    const query = useCachedQuery(key, loader.load);
    key.value = 'group:2';
    await nextTick();
    loader.waiting[1]!(ok('second group'));
    loader.waiting[0]!(ok('first group'));
    await flushPromises();
    expect(query.data.value).toBe('second group');
    expect(useQueryCache().get('group:2')?.data).toBe('second group');
  });

  it('reads nothing without a key, and signing out forgets everything cached', async () => {
    let calls = 0;
    useCachedQuery(null, async () => ok(calls++));
    expect(calls).toBe(0);
    useQueryCache().set('groups:mine', ['a']);
    dehydrateAll();
    expect(useQueryCache().get('groups:mine')).toBeUndefined();
  });

  it('reads again at once when a write elsewhere makes what is on screen stale', async () => {
    let memberCount = 1;
    const header = useCachedQuery('group:5', async () => ok({ memberCount }));
    const other = useCachedQuery('group:6', async () => ok({ memberCount: 9 }));
    await flushPromises();
    expect(header.data.value).toEqual({ memberCount: 1 });
    memberCount = 2;
    useQueryCache().invalidate('group:5');
    await flushPromises();
    expect(header.data.value).toEqual({ memberCount: 2 });
    expect(other.data.value).toEqual({ memberCount: 9 });
  });

  it('a write that invalidates and also reloads reads once, not twice', async () => {
    let reads = 0;
    const query = useCachedQuery('portfolio:7:files', async () => ok(++reads));
    await flushPromises();
    useQueryCache().invalidate('portfolio:7:');
    await query.reload();
    expect(reads).toBe(2);
    expect(query.data.value).toBe(2);
  });

  it('invalidates by prefix after a write', () => {
    const cache = useQueryCache();
    cache.set('group:1', 1);
    cache.set('group:1:members', 2);
    cache.set('group:2', 3);
    cache.invalidate('group:1');
    expect([cache.get('group:1'), cache.get('group:1:members'), cache.get('group:2')?.data]).toEqual([
      undefined,
      undefined,
      3,
    ]);
  });
});

describe('whether a list has another page', () => {
  const page = (items: number, extra: Partial<Paged<unknown>> = {}): Paged<unknown> => ({
    items: Array.from({ length: items }, (_, i) => i),
    ...extra,
  });
  it('believes the service when it says', () => {
    expect(pageHasMore(page(50, { hasNextPage: false }), 50, 50)).toBe(false);
    expect(pageHasMore(page(10, { hasNextPage: true }), 10, 50)).toBe(true);
  });
  it('uses the page count, then the total, then a short page', () => {
    expect(pageHasMore(page(50, { pageNumber: 3, pageCount: 3 }), 150, 50)).toBe(false);
    expect(pageHasMore(page(50, { totalCount: 120 }), 100, 50)).toBe(true);
    expect(pageHasMore(page(50, { totalCount: 100 }), 100, 50)).toBe(false);
    expect(pageHasMore(page(50), 50, 50)).toBe(true);
    expect(pageHasMore(page(49), 99, 50)).toBe(false);
  });
});

describe('a paged query', () => {
  const rows = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ id: from + i }));
  const server = (total: number) => async (pageNumber: number, pageSize: number) =>
    ok<Paged<{ id: number }>>({
      items: rows(
        (pageNumber - 1) * pageSize + 1,
        Math.max(0, Math.min(pageSize, total - (pageNumber - 1) * pageSize)),
      ),
      totalCount: total,
    });

  it('reads page after page as the user scrolls and stops at the end', async () => {
    const query = usePagedQuery('groups:all', server(25), 10);
    await flushPromises();
    expect(query.items.value).toHaveLength(10);
    await query.loadMore();
    await query.loadMore();
    expect(query.items.value.map((r) => r.id).at(-1)).toBe(25);
    expect(query.hasMore.value).toBe(false);
    await query.loadMore();
    expect(query.items.value).toHaveLength(25);
    expect(query.totalCount.value).toBe(25);
  });

  it('says when the first page is main’s kept copy (offline), until a live first page comes', async () => {
    let offline = true;
    const query = usePagedQuery('groups:mine', async (pageNumber: number, pageSize: number) => {
      const answer = await server(5)(pageNumber, pageSize);
      return offline && answer.ok
        ? { ...answer, cached: { offline: true as const, asOf: '2026-11-24T14:05:00.000Z' } }
        : answer;
    });
    await flushPromises();
    expect(query.items.value).toHaveLength(5);
    expect(query.offline.value?.asOf).toBe('2026-11-24T14:05:00.000Z');
    offline = false;
    await query.reload();
    expect(query.offline.value).toBeNull();
  });

  it('shows every page read before at once on return, and keeps them when the first page is unchanged', async () => {
    const first = usePagedQuery('groups:all', server(25), 10);
    await flushPromises();
    await first.loadMore();
    const again = usePagedQuery('groups:all', server(25), 10);
    expect(again.items.value).toHaveLength(20);
    expect(again.loading.value).toBe(false);
    await flushPromises();
    expect(again.items.value).toHaveLength(20);
  });

  it('starts again from the first page when it changed meanwhile', async () => {
    const first = usePagedQuery('groups:all', server(25), 10);
    await flushPromises();
    await first.loadMore();
    const changed = async (pageNumber: number, pageSize: number) => {
      const page = await server(26)(pageNumber, pageSize);
      return page.ok ? ok({ ...page.data, items: [{ id: 999 }, ...page.data.items.slice(0, -1)] }) : page;
    };
    const again = usePagedQuery('groups:all', changed, 10);
    await flushPromises();
    expect(again.items.value).toHaveLength(10);
    expect(again.items.value[0]!.id).toBe(999);
    expect(again.hasMore.value).toBe(true);
  });

  it('skips rows a write pushed onto the next page, so none shows twice', async () => {
    let shifted = false;
    const load = async (pageNumber: number, pageSize: number) => {
      const page = await server(30)(pageNumber, pageSize);
      // A new row arrived at the top between the pages: page 2 now starts with page 1's last row.
      if (shifted && page.ok) return ok({ ...page.data, items: [{ id: pageSize }, ...page.data.items.slice(0, -1)] });
      return page;
    };
    const query = usePagedQuery('posts', load, 10);
    await flushPromises();
    shifted = true;
    await query.loadMore();
    const ids = query.items.value.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('a paged query reached at its end while it is being read again', () => {
  it('reads the next page once the first one is back, so the list never stalls', async () => {
    const load = async (pageNumber: number, pageSize: number) =>
      ok<Paged<{ id: number }>>({
        items: Array.from({ length: pageSize }, (_, i) => ({ id: (pageNumber - 1) * pageSize + i + 1 })),
        totalCount: 40,
      });
    const first = usePagedQuery('comments:7', load, 10);
    await flushPromises();
    expect(first.items.value).toHaveLength(10);
    // Going back: the cached page shows at once and is read again; the user scrolls to the end meanwhile.
    const again = usePagedQuery('comments:7', load, 10);
    expect(again.refreshing.value).toBe(true);
    await again.loadMore();
    await flushPromises();
    expect(again.items.value).toHaveLength(20);
  });
});

describe('a paged query reloaded twice at once', () => {
  it('reads the first page once', async () => {
    let reads = 0;
    const query = usePagedQuery(
      'comments:9',
      async () => (reads++, ok<Paged<{ id: number }>>({ items: [{ id: 1 }] })),
      10,
    );
    await flushPromises();
    useQueryCache().invalidate('comments:9');
    await query.reload();
    expect(reads).toBe(2);
  });
});

describe('data read on the way to a page (the route’s data)', () => {
  const page = (ids: number[], totalCount?: number): Result<Paged<{ id: number }>> =>
    ok({ items: ids.map((id) => ({ id })), ...(totalCount !== undefined ? { totalCount } : {}) });

  it('is shown in the page’s first render, with no loading state and no second read', async () => {
    const cache = useQueryCache();
    await cache.prefetch('portfolio:3:detail', async () => ok({ title: 'Lesson study' }));
    let reads = 0;
    const query = useCachedQuery('portfolio:3:detail', async () => (reads++, ok({ title: 'read again' })));
    expect(query.data.value).toEqual({ title: 'Lesson study' });
    expect(query.loading.value).toBe(false);
    await flushPromises();
    expect(reads).toBe(0);
    expect(cache.get('portfolio:3:detail')?.data).toEqual({ title: 'Lesson study' });
  });

  it('is joined while still under way instead of being read a second time', async () => {
    const cache = useQueryCache();
    const loader = deferredLoader<{ title: string }>();
    void cache.prefetch('portfolio:4:detail', loader.load);
    let reads = 0;
    const query = useCachedQuery('portfolio:4:detail', async () => (reads++, ok({ title: 'second read' })));
    expect(query.loading.value).toBe(true);
    loader.waiting[0]!(ok({ title: 'First read' }));
    await flushPromises();
    expect(query.data.value).toEqual({ title: 'First read' });
    expect(reads).toBe(0);
  });

  it('is used once: the next visit reads again', async () => {
    const cache = useQueryCache();
    await cache.prefetch('count', async () => ok(1));
    useCachedQuery('count', async () => ok(2));
    const later = useCachedQuery('count', async () => ok(3));
    await flushPromises();
    expect(later.data.value).toBe(3);
  });

  it('shows a failed read as the page’s own error, ready for Retry', async () => {
    const cache = useQueryCache();
    await cache.prefetch('count', async () => failed);
    const query = useCachedQuery('count', async () => ok(5));
    expect(query.error.value?.code).toBe('UNREACHABLE');
    await query.reload();
    expect(query.data.value).toBe(5);
  });

  it('gives a paged list its first page at once, and the next page follows on', async () => {
    const cache = useQueryCache();
    await cache.prefetch(firstPageKey('portfolio-comments:7', 2), async () => page([1, 2], 3));
    const reads: number[] = [];
    const query = usePagedQuery(
      'portfolio-comments:7',
      async (pageNumber) => (reads.push(pageNumber), page(pageNumber === 2 ? [3] : [1, 2], 3)),
      2,
    );
    expect(query.items.value.map((r) => r.id)).toEqual([1, 2]);
    expect(query.loading.value).toBe(false);
    expect(query.totalCount.value).toBe(3);
    await query.loadMore();
    expect(query.items.value.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(reads).toEqual([2]);
  });

  it('never takes a first page read at another size (the next page would skip rows)', async () => {
    const cache = useQueryCache();
    await cache.prefetch(firstPageKey('portfolio-comments:8', 50), async () => page([1, 2, 3]));
    const reads: number[] = [];
    const query = usePagedQuery('portfolio-comments:8', async (n) => (reads.push(n), page([1, 2])), 2);
    await flushPromises();
    expect(reads).toEqual([1]);
    expect(query.items.value.map((r) => r.id)).toEqual([1, 2]);
  });

  it('is dropped by a write that makes it stale, and forgotten on sign-out', async () => {
    const cache = useQueryCache();
    await cache.prefetch('portfolio:5:detail', async () => ok('before the write'));
    cache.invalidate('portfolio:5');
    expect(cache.takePrefetch('portfolio:5:detail')).toBeUndefined();
    await cache.prefetch('portfolio:6:detail', async () => ok('before signing out'));
    dehydrateAll();
    expect(cache.takePrefetch('portfolio:6:detail')).toBeUndefined();
  });
});
