// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { listQueryOf, portfolioKeys, usePortfoliosStore } from '../../../../renderer/src/stores/portfolios';
import { useQueryCache } from '../../../../renderer/src/stores/query-cache';
import { dehydrateAll } from '../../../../renderer/src/stores/lifecycle';
import { BRIDGE_GLOBAL, type Portfolio, type Result } from '../../../../preload/contract';

const portfolio = (id: number, title = `P${id}`): Portfolio => ({ id, title, description: '' });

/** A fake bridge: each function answers from `answers` by name and records its calls. */
function installBridge(answers: Record<string, (...args: unknown[]) => Result<unknown>>) {
  const calls: { name: string; args: unknown[] }[] = [];
  const group = (prefix: string, names: string[]) =>
    Object.fromEntries(
      names.map((name) => [
        name,
        async (...args: unknown[]) => {
          calls.push({ name: `${prefix}.${name}`, args });
          const answer = answers[`${prefix}.${name}`];
          return answer ? answer(...args) : { ok: true, data: null };
        },
      ]),
    );
  (window as unknown as Record<string, unknown>)[BRIDGE_GLOBAL] = {
    portfolios: group('portfolios', [
      'list',
      'search',
      'get',
      'create',
      'update',
      'delete',
      'listVideos',
      'videoChoices',
      'addVideo',
      'removeVideo',
      'listFiles',
      'removeFile',
      'listDocuments',
      'listTagSets',
    ]),
    portfolioSharing: group('portfolioSharing', [
      'listUsers',
      'availableUsers',
      'share',
      'shareAllCandidates',
      'shareAll',
    ]),
    on: () => () => undefined,
  };
  return calls;
}

/** Fills the cache with an entry for each key, so a test can see which ones a write forgets. */
function seed(keys: string[]) {
  const cache = useQueryCache();
  for (const key of keys) cache.set(key, 'cached');
  return () => keys.filter((key) => cache.get(key) !== undefined);
}

describe('the portfolio list query', () => {
  it('maps the three filters and trims the search term, leaving an empty one out', () => {
    expect(listQueryOf('mine', '')).toEqual({ createdByMe: true });
    expect(listQueryOf('shared', '  maths ')).toEqual({ sharedWithMe: true, searchTerm: 'maths' });
    expect(listQueryOf('all', '   ')).toEqual({});
  });
});

describe('portfolios store', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it('creating forgets the cached lists but not what is cached about other portfolios', async () => {
    installBridge({ 'portfolios.create': () => ({ ok: true, data: portfolio(9, 'New') }) });
    const left = seed([portfolioKeys.list({ createdByMe: true }), portfolioKeys.detail(3), portfolioKeys.videos(3)]);
    const store = usePortfoliosStore();
    expect(await store.create({ title: 'New' })).toEqual(portfolio(9, 'New'));
    expect(left()).toEqual([portfolioKeys.detail(3), portfolioKeys.videos(3)]);
  });

  it('a failed write keeps the error and changes nothing cached', async () => {
    installBridge({
      'portfolios.update': () => ({ ok: false, error: { code: 'FORBIDDEN', message: 'no' } }),
    });
    const keys = [portfolioKeys.list({}), portfolioKeys.detail(3)];
    const left = seed(keys);
    const store = usePortfoliosStore();
    expect(await store.update(3, { title: 'X' })).toBeUndefined();
    expect(store.error?.code).toBe('FORBIDDEN');
    expect(left()).toEqual(keys);
    store.clearError();
    expect(store.error).toBeNull();
  });

  it('changing portfolio 7 forgets its entries and the lists, never portfolio 70', async () => {
    installBridge({});
    const left = seed([
      portfolioKeys.list({}),
      portfolioKeys.detail(7),
      portfolioKeys.videos(7),
      portfolioKeys.tagSets(7),
      portfolioKeys.files(7),
      portfolioKeys.detail(70),
      portfolioKeys.videos(70),
    ]);
    const store = usePortfoliosStore();
    expect(await store.addVideo(7, 5, [1, 2])).toBe(true);
    // Files are not touched by a video.
    expect(left()).toEqual([portfolioKeys.files(7), portfolioKeys.detail(70), portfolioKeys.videos(70)]);
    expect(await store.remove(7)).toBe(true);
    expect(left()).toEqual([portfolioKeys.detail(70), portfolioKeys.videos(70)]);
  });

  it('removing a file and finished uploads forget the files and documents', async () => {
    installBridge({});
    const left = seed([portfolioKeys.files(4), portfolioKeys.documents(4), portfolioKeys.videos(4)]);
    const store = usePortfoliosStore();
    await store.removeFile(4, 12);
    expect(left()).toEqual([portfolioKeys.videos(4)]);
    seed([portfolioKeys.files(4), portfolioKeys.documents(4)]);
    store.filesChanged(4);
    expect(left()).toEqual([portfolioKeys.videos(4)]);
  });

  it('sends add-video with the chosen tags, and share answers who it is shared with', async () => {
    const people = [{ id: 2, firstName: 'Ada', lastName: 'A' }];
    const calls = installBridge({ 'portfolioSharing.share': () => ({ ok: true, data: people }) });
    const store = usePortfoliosStore();
    await store.addVideo(3, 8, [4, 5]);
    expect(await store.share(3, 2)).toEqual(people);
    expect(calls).toEqual([
      { name: 'portfolios.addVideo', args: [3, 8, [4, 5]] },
      { name: 'portfolioSharing.share', args: [3, 2] },
    ]);
  });

  it('keeps the open portfolio current after an edit, forgets it when deleted and on sign-out', async () => {
    installBridge({ 'portfolios.update': () => ({ ok: true, data: portfolio(3, 'Renamed') }) });
    const store = usePortfoliosStore();
    store.current = { portfolio: portfolio(3), isCreator: true };
    await store.update(3, { title: 'Renamed' });
    expect(store.current).toEqual({ portfolio: portfolio(3, 'Renamed'), isCreator: true });
    await store.update(4, { title: 'Other' });
    expect(store.current?.portfolio.title).toBe('Renamed');
    dehydrateAll();
    expect(store.current).toBeNull();
  });

  it('share all forgets every cached portfolio (any of mine may now be shared with someone new)', async () => {
    installBridge({
      'portfolioSharing.shareAll': () => ({ ok: true, data: { userId: 5, portfolioIds: [1, 2], sharedCount: 2 } }),
    });
    const left = seed([portfolioKeys.sharedWith(1), portfolioKeys.detail(2), portfolioKeys.list({}), 'group:1']);
    const store = usePortfoliosStore();
    expect(await store.shareAll(5)).toMatchObject({ sharedCount: 2 });
    expect(left()).toEqual(['group:1']);
  });
});
