import { defineStore } from 'pinia';
import { ref } from 'vue';
import type {
  NewPortfolio,
  Paged,
  Person,
  Portfolio,
  PortfolioChanges,
  PortfolioDetail,
  PortfolioListQuery,
  PortfolioSearchQuery,
  Result,
  ShareAllOutcome,
} from '../../../preload/contract';
import { getBridge } from '../bridge';
import { useBridgeCall } from './bridge-call';
import { onDehydrate } from './lifecycle';
import { useQueryCache } from './query-cache';

/** The three lists of the portfolios page. */
export type PortfolioFilter = 'mine' | 'shared' | 'all';

/** The list query for a filter and search term (an empty term is no search). */
export function listQueryOf(filter: PortfolioFilter, searchTerm: string): PortfolioListQuery {
  const term = searchTerm.trim();
  return {
    ...(filter === 'mine' ? { createdByMe: true } : {}),
    ...(filter === 'shared' ? { sharedWithMe: true } : {}),
    ...(term ? { searchTerm: term } : {}),
  };
}

/**
 * Cache keys. Everything about one portfolio starts with `portfolio:<id>:` (the colon matters:
 * invalidating portfolio 7 must not touch portfolio 70); the lists start with `portfolios:`.
 */
export const portfolioKeys = {
  lists: 'portfolios:',
  list: (query: PortfolioListQuery) => `portfolios:list:${JSON.stringify(query)}`,
  search: (query: PortfolioSearchQuery) => `portfolios:search:${JSON.stringify(query)}`,
  one: (id: number) => `portfolio:${id}:`,
  detail: (id: number) => `portfolio:${id}:detail`,
  videos: (id: number) => `portfolio:${id}:videos`,
  files: (id: number) => `portfolio:${id}:files`,
  documents: (id: number) => `portfolio:${id}:documents`,
  tagSets: (id: number) => `portfolio:${id}:tag-sets`,
  sharedWith: (id: number) => `portfolio:${id}:shared-with`,
  /** Per person: my portfolios they can read, and those I may still share with them. */
  person: 'portfolio-person:',
  personShared: (userId: number) => `portfolio-person:${userId}:shared`,
  personShareable: (userId: number) => `portfolio-person:${userId}:shareable`,
};

/**
 * Portfolios: thin reads (Results for the cached queries) and writes that invalidate what they
 * change. `current` is the portfolio whose page is open, for its tabs (see portfolio-context.ts).
 */
export const usePortfoliosStore = defineStore('portfolios', () => {
  const cache = useQueryCache();
  const { busy, error, run } = useBridgeCall();
  const current = ref<PortfolioDetail | null>(null);

  onDehydrate(() => {
    current.value = null;
    error.value = null;
  });

  const bridge = () => getBridge();

  // Reads -------------------------------------------------------------------------------------
  const list = (query: PortfolioListQuery): Promise<Result<Portfolio[]>> => bridge().portfolios.list(query);
  const search = (query: PortfolioSearchQuery): Promise<Result<Paged<Portfolio>>> => bridge().portfolios.search(query);
  const get = (id: number) => bridge().portfolios.get(id);
  const listVideos = (id: number) => bridge().portfolios.listVideos(id);
  const videoChoices = (id: number) => bridge().portfolios.videoChoices(id);
  const listFiles = (id: number) => bridge().portfolios.listFiles(id);
  const listDocuments = (id: number) => bridge().portfolios.listDocuments(id);
  const listTagSets = (id: number) => bridge().portfolios.listTagSets(id);
  const sharedWith = (id: number) => bridge().portfolioSharing.listUsers(id);
  const availableUsers = (id: number) => bridge().portfolioSharing.availableUsers(id);
  const shareAllCandidates = () => bridge().portfolioSharing.shareAllCandidates();
  const sharedWithPerson = (userId: number) => bridge().portfolioSharing.sharedWithPerson(userId);
  const shareableWithPerson = (userId: number) => bridge().portfolioSharing.shareableWithPerson(userId);

  // Writes ------------------------------------------------------------------------------------
  function clearError(): void {
    error.value = null;
  }

  async function create(portfolio: NewPortfolio): Promise<Portfolio | undefined> {
    const created = await run(() => bridge().portfolios.create(portfolio));
    if (created) cache.invalidate(portfolioKeys.lists);
    return created;
  }

  async function update(id: number, changes: PortfolioChanges): Promise<Portfolio | undefined> {
    const updated = await run(() => bridge().portfolios.update(id, changes));
    if (updated) {
      cache.invalidate(portfolioKeys.lists, portfolioKeys.detail(id));
      if (current.value?.portfolio.id === id) current.value = { ...current.value, portfolio: updated };
    }
    return updated;
  }

  async function remove(id: number): Promise<boolean> {
    const done = (await run(() => bridge().portfolios.delete(id))) !== undefined;
    if (done) {
      cache.invalidate(portfolioKeys.lists, portfolioKeys.one(id));
      if (current.value?.portfolio.id === id) current.value = null;
    }
    return done;
  }

  /** Counts on the page header and in the lists change with the content. */
  const contentChanged = (id: number, ...keys: string[]) =>
    cache.invalidate(portfolioKeys.lists, portfolioKeys.detail(id), ...keys);

  async function addVideo(id: number, videoId: number, tagIds: number[]): Promise<boolean> {
    const done = (await run(() => bridge().portfolios.addVideo(id, videoId, tagIds))) !== undefined;
    if (done) contentChanged(id, portfolioKeys.videos(id), portfolioKeys.tagSets(id));
    return done;
  }

  async function removeVideo(id: number, videoId: number): Promise<boolean> {
    const done = (await run(() => bridge().portfolios.removeVideo(id, videoId))) !== undefined;
    if (done) contentChanged(id, portfolioKeys.videos(id), portfolioKeys.tagSets(id));
    return done;
  }

  async function removeFile(id: number, fileId: number): Promise<boolean> {
    const done = (await run(() => bridge().portfolios.removeFile(id, fileId))) !== undefined;
    if (done) contentChanged(id, portfolioKeys.files(id), portfolioKeys.documents(id));
    return done;
  }

  /** After uploads into the portfolio finished. */
  function filesChanged(id: number): void {
    contentChanged(id, portfolioKeys.files(id), portfolioKeys.documents(id));
  }

  async function share(id: number, userId: number): Promise<Person[] | undefined> {
    const people = await run(() => bridge().portfolioSharing.share(id, userId));
    if (people) {
      cache.invalidate(
        portfolioKeys.lists,
        portfolioKeys.detail(id),
        portfolioKeys.sharedWith(id),
        portfolioKeys.person,
      );
    }
    return people;
  }

  async function shareAll(userId: number): Promise<ShareAllOutcome | undefined> {
    const outcome = await run(() => bridge().portfolioSharing.shareAll(userId));
    // Every one of my portfolios may now be shared with someone new.
    if (outcome) cache.invalidate(portfolioKeys.lists, 'portfolio:', portfolioKeys.person);
    return outcome;
  }

  return {
    busy,
    error,
    current,
    list,
    search,
    get,
    listVideos,
    videoChoices,
    listFiles,
    listDocuments,
    listTagSets,
    sharedWith,
    availableUsers,
    shareAllCandidates,
    sharedWithPerson,
    shareableWithPerson,
    clearError,
    create,
    update,
    remove,
    addVideo,
    removeVideo,
    removeFile,
    filesChanged,
    share,
    shareAll,
  };
});
