// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { BRIDGE_GLOBAL, type TaggedVideo } from '../../../../preload/contract';
import { taggedVideoKeys, useTaggedVideosStore } from '../../../../renderer/src/stores/tagged-videos';
import { useQueryCache } from '../../../../renderer/src/stores/query-cache';
import { dehydrateAll } from '../../../../renderer/src/stores/lifecycle';

const tv = (status: 1 | 2, title = 'Wait time'): TaggedVideo => ({
  id: 4,
  videoId: 9,
  title,
  status,
  ownerId: 5,
  tags: [],
});

function installBridge(fail = false) {
  const calls: unknown[][] = [];
  const ok = <T>(data: T) => Promise.resolve({ ok: true as const, data });
  const refused = Promise.resolve({
    ok: false,
    error: { code: 'FORBIDDEN', message: 'Only the owner may change it.' },
  });
  (window as unknown as Record<string, unknown>)[BRIDGE_GLOBAL] = {
    taggedVideos: {
      update: (videoId: number, id: number, changes: object) => {
        calls.push(['update', videoId, id, changes]);
        return fail ? refused : ok({ ...tv(1), ...changes });
      },
      create: (videoId: number, input: { title: string }) => {
        calls.push(['create', videoId, input]);
        return fail ? refused : ok({ ...tv(1, input.title), id: 8 });
      },
    },
  };
  return calls;
}

beforeEach(() => setActivePinia(createPinia()));

describe('the tagged videos store', () => {
  it('saving a status change caches the saved tagged video and refreshes every list that may show it', async () => {
    const calls = installBridge();
    const store = useTaggedVideosStore();
    const cache = useQueryCache();
    cache.set(taggedVideoKeys.mine(1), [tv(1)]);
    cache.set(taggedVideoKeys.mine(2), []);
    cache.set(taggedVideoKeys.ofVideo(9), [tv(1)]);
    cache.set(taggedVideoKeys.ofVideo(10), []);
    const saved = await store.update(9, 4, { status: 2 });
    expect(saved?.status).toBe(2);
    expect(calls).toEqual([['update', 9, 4, { status: 2 }]]);
    expect(cache.get(taggedVideoKeys.one(9, 4))?.data).toMatchObject({ status: 2 });
    expect(cache.get(taggedVideoKeys.mine(1))).toBeUndefined();
    expect(cache.get(taggedVideoKeys.mine(2))).toBeUndefined();
    expect(cache.get(taggedVideoKeys.ofVideo(9))).toBeUndefined();
    expect(cache.get(taggedVideoKeys.ofVideo(10))).toBeDefined();
  });

  it('a refused save keeps its error for the page and caches nothing', async () => {
    installBridge(true);
    const store = useTaggedVideosStore();
    expect(await store.update(9, 4, { title: 'New' })).toBeUndefined();
    expect(store.saveError).toMatchObject({ code: 'FORBIDDEN' });
    expect(useQueryCache().get(taggedVideoKeys.one(9, 4))).toBeUndefined();
    dehydrateAll();
    expect(store.saveError).toBeNull();
  });

  it('creating answers the new tagged video', async () => {
    const calls = installBridge();
    const store = useTaggedVideosStore();
    expect(await store.create(9, { title: 'Second look', tagsetId: 2 })).toMatchObject({ id: 8, title: 'Second look' });
    expect(calls).toEqual([['create', 9, { title: 'Second look', tagsetId: 2 }]]);
  });
});
