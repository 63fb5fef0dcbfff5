import { z } from 'zod';
import type { PortfoliosInvoke } from '../../../preload/contract';
import { createPortfolioContentApi } from '../../api/portfolio-content';
import { createPortfoliosApi } from '../../api/portfolios';
import { cachedSchemas, listEntry } from '../../services/offline-cache';
import { PortfoliosService } from '../../services/portfolios/portfolios-service';
import type { AreaHandlers } from '../handler';
import type { BrowseServices } from './browse-services';

const noArgs = z.tuple([]);
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** Limits as the service states them (PortfolioPost: Title ≤ 200, Description ≤ 4000). */
const title = z.string().trim().min(1).max(200);
const description = z.string().trim().max(4000);
const searchTerm = z.string().trim().max(200);
const direction = z.enum(['ASC', 'DESC']);
/** ISO 8601 with a zone (the page sends `toISOString()`). */
const instant = z.iso.datetime({ offset: true });

const listQuery = z.strictObject({
  createdByMe: z.boolean().optional(),
  sharedWithMe: z.boolean().optional(),
  orderByDirection: direction.optional(),
  searchTerm: searchTerm.optional(),
});

const searchQuery = z.strictObject({
  searchTerm: searchTerm.optional(),
  searchType: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
  startDate: instant.optional(),
  endDate: instant.optional(),
  pageSize: z.number().int().min(1).max(100).optional(),
  pageNumber: z.number().int().min(1).max(100_000).optional(),
  orderBy: z.enum(['TITLE', 'CREATESTAMP', 'UPDATESTAMP']).optional(),
  orderByDirection: direction.optional(),
});

const newPortfolio = z.strictObject({ title, description: description.optional() });
const changes = z
  .strictObject({ title: title.optional(), description: description.optional() })
  .refine((value) => value.title !== undefined || value.description !== undefined, {
    message: 'Nothing to change',
  });
/** A video carries a handful of tags; thousands is garbage, not a choice. */
const tagIds = z.array(id).max(500);

/** `{ searchTerm: '' }` means "no search", and undefined members are not sent at all. */
function compact<T extends object>(query: T): T {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')) as T;
}

/** Portfolios: the lists and search, one portfolio, creating, changing and deleting it, its videos, files, documents and tag sets, and sharing. */
export function createPortfoliosHandlers(services: BrowseServices): AreaHandlers<PortfoliosInvoke> {
  const { session } = services;
  const portfolios = () => createPortfoliosApi(session.http());
  const content = () => createPortfolioContentApi(session.http());
  const service = new PortfoliosService({ session });

  return {
    'portfolios:list': {
      args: z.tuple([listQuery]),
      run: (query) => {
        const live = () => portfolios().listPortfoliosV2(compact(query));
        // Kept per filter (mine, shared with me, both), for when the network is not there. A search is
        // not kept: every word typed would push a list worth keeping out of the cache.
        if (!services.offlineLists || compact(query).searchTerm) return live();
        return services.offlineLists.read(listEntry('portfolios', compact(query)), cachedSchemas.portfolios, live);
      },
    },
    'portfolios:search': {
      args: z.tuple([searchQuery]),
      run: (query) => portfolios().searchPortfolios(compact(query)),
    },
    'portfolios:get': { args: z.tuple([id]), run: (portfolioId) => service.detail(portfolioId) },
    'portfolios:create': {
      args: z.tuple([newPortfolio]),
      run: (portfolio) => portfolios().createPortfolio(portfolio),
    },
    'portfolios:update': {
      args: z.tuple([id, changes]),
      run: (portfolioId, change) => portfolios().updatePortfolio(portfolioId, compactChanges(change)),
    },
    'portfolios:delete': {
      args: z.tuple([id]),
      run: async (portfolioId) => {
        await portfolios().deletePortfolio(portfolioId);
        return null;
      },
    },
    'portfolios:list-videos': { args: z.tuple([id]), run: (portfolioId) => content().listVideos(portfolioId) },
    'portfolios:video-choices': { args: z.tuple([id]), run: (portfolioId) => service.videoChoices(portfolioId) },
    'portfolios:add-video': {
      args: z.tuple([id, id, tagIds]),
      run: async (portfolioId, videoId, tags) => {
        await content().addVideo(portfolioId, videoId, [...new Set(tags)]);
        return null;
      },
    },
    'portfolios:remove-video': {
      args: z.tuple([id, id]),
      run: async (portfolioId, videoId) => {
        await content().removeVideo(portfolioId, videoId);
        return null;
      },
    },
    'portfolios:list-files': { args: z.tuple([id]), run: (portfolioId) => content().listFiles(portfolioId) },
    'portfolios:remove-file': {
      args: z.tuple([id, id]),
      run: async (portfolioId, fileId) => {
        await content().removeFile(portfolioId, fileId);
        return null;
      },
    },
    'portfolios:list-documents': { args: z.tuple([id]), run: (portfolioId) => content().listDocuments(portfolioId) },
    'portfolios:list-tag-sets': { args: z.tuple([id]), run: (portfolioId) => content().listTagSets(portfolioId) },

    'portfolio-sharing:list-users': { args: z.tuple([id]), run: (portfolioId) => service.sharedWith(portfolioId) },
    'portfolio-sharing:available-users': {
      args: z.tuple([id]),
      run: (portfolioId) => service.availableUsers(portfolioId),
    },
    'portfolio-sharing:share': {
      args: z.tuple([id, id]),
      run: (portfolioId, userId) => service.share(portfolioId, userId),
    },
    'portfolio-sharing:share-all-candidates': { args: noArgs, run: () => service.shareAllCandidates() },
    'portfolio-sharing:share-all': { args: z.tuple([id]), run: (userId) => service.shareAll(userId) },
    'portfolio-sharing:shared-with-person': {
      args: z.tuple([id]),
      run: (userId) => service.sharedWithPerson(userId),
    },
    'portfolio-sharing:shareable-with-person': {
      args: z.tuple([id]),
      run: (userId) => service.shareableWithPerson(userId),
    },
  };
}

/** An emptied description is a change ("no description"); a title never is empty (refused above). */
function compactChanges(change: { title?: string; description?: string }): { title?: string; description?: string } {
  return {
    ...(change.title !== undefined ? { title: change.title } : {}),
    ...(change.description !== undefined ? { description: change.description } : {}),
  };
}
