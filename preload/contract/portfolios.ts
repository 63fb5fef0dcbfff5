import type { Result } from './result';
import type { Paged, Person } from './models/common';
import type {
  Portfolio,
  PortfolioChanges,
  PortfolioFile,
  PortfolioListQuery,
  PortfolioSearchQuery,
  PortfolioVideo,
  ShareAllOutcome,
  TagSet,
} from './models/portfolios';

/** Portfolios: the lists and search, one portfolio, creating, changing and deleting it, its videos, files, documents and tag sets, and sharing. */

/** One portfolio as its page needs it: the portfolio and whether the signed-in person created it. */
export interface PortfolioDetail {
  portfolio: Portfolio;
  /** Only the creator may change, delete, share it, add or remove videos and upload files. */
  isCreator: boolean;
}

/** One of the person's own videos, as offered when adding a video to a portfolio. */
export interface VideoSummary {
  id: number;
  title: string;
  description?: string;
  durationSeconds?: number;
  thumbnailUrl?: string;
  recordedAt?: string;
  createdAt?: string;
  ownerId?: number;
  organisationId?: number;
}

/** What the "Add video" dialog offers: the person's videos and the tag sets to choose tags from. */
export interface VideoChoices {
  videos: VideoSummary[];
  /** The portfolio's own tag sets first, then those of the person's organisations (no repeats). */
  tagSets: TagSet[];
}

export interface NewPortfolio {
  title: string;
  description?: string;
}

export interface PortfoliosInvoke {
  /** Mine, shared with me, or both (neither flag), optionally filtered by a search term. */
  'portfolios:list': (query: PortfolioListQuery) => Promise<Result<Portfolio[]>>;
  /** The advanced search: type, creation date range, order, one page. */
  'portfolios:search': (query: PortfolioSearchQuery) => Promise<Result<Paged<Portfolio>>>;
  'portfolios:get': (portfolioId: number) => Promise<Result<PortfolioDetail>>;
  'portfolios:create': (portfolio: NewPortfolio) => Promise<Result<Portfolio>>;
  'portfolios:update': (portfolioId: number, changes: PortfolioChanges) => Promise<Result<Portfolio>>;
  'portfolios:delete': (portfolioId: number) => Promise<Result<null>>;

  'portfolios:list-videos': (portfolioId: number) => Promise<Result<PortfolioVideo[]>>;
  'portfolios:video-choices': (portfolioId: number) => Promise<Result<VideoChoices>>;
  /** Puts one of the person's videos in the portfolio with the chosen tags (again: replaces its tags). */
  'portfolios:add-video': (portfolioId: number, videoId: number, tagIds: number[]) => Promise<Result<null>>;
  'portfolios:remove-video': (portfolioId: number, videoId: number) => Promise<Result<null>>;
  'portfolios:list-files': (portfolioId: number) => Promise<Result<PortfolioFile[]>>;
  'portfolios:remove-file': (portfolioId: number, fileId: number) => Promise<Result<null>>;
  'portfolios:list-documents': (portfolioId: number) => Promise<Result<PortfolioFile[]>>;
  'portfolios:list-tag-sets': (portfolioId: number) => Promise<Result<TagSet[]>>;

  /** The people the portfolio is shared with. */
  'portfolio-sharing:list-users': (portfolioId: number) => Promise<Result<Person[]>>;
  /** Who the creator may still share it with. */
  'portfolio-sharing:available-users': (portfolioId: number) => Promise<Result<Person[]>>;
  /** Only the creator may (FORBIDDEN otherwise, with a message that says so); answers who it is now shared with. */
  'portfolio-sharing:share': (portfolioId: number, userId: number) => Promise<Result<Person[]>>;
  /** Everyone the person could share all their portfolios with (empty when they have none). */
  'portfolio-sharing:share-all-candidates': () => Promise<Result<Person[]>>;
  'portfolio-sharing:share-all': (userId: number) => Promise<Result<ShareAllOutcome>>;
  /** My own portfolios this person can already read (for my own id: everything shared with me). */
  'portfolio-sharing:shared-with-person': (userId: number) => Promise<Result<Portfolio[]>>;
  /** My own portfolios I may still share with this person. */
  'portfolio-sharing:shareable-with-person': (userId: number) => Promise<Result<Portfolio[]>>;
}

export const portfoliosInvokeChannels = {
  'portfolios:list': true,
  'portfolios:search': true,
  'portfolios:get': true,
  'portfolios:create': true,
  'portfolios:update': true,
  'portfolios:delete': true,
  'portfolios:list-videos': true,
  'portfolios:video-choices': true,
  'portfolios:add-video': true,
  'portfolios:remove-video': true,
  'portfolios:list-files': true,
  'portfolios:remove-file': true,
  'portfolios:list-documents': true,
  'portfolios:list-tag-sets': true,
  'portfolio-sharing:list-users': true,
  'portfolio-sharing:available-users': true,
  'portfolio-sharing:share': true,
  'portfolio-sharing:share-all-candidates': true,
  'portfolio-sharing:share-all': true,
  'portfolio-sharing:shared-with-person': true,
  'portfolio-sharing:shareable-with-person': true,
} as const satisfies Record<keyof PortfoliosInvoke, true>;
