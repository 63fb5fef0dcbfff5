import type { Paged } from './models/common';
import type { PortfolioComment } from './models/portfolios';
import type { Result } from './result';

/** The comment threads of a portfolio. */

/** Who is reading the comments, and whether they may remove anybody's (the portfolio's creator may). */
export interface PortfolioCommentsContext {
  portfolioId: number;
  portfolioTitle: string;
  /** The signed-in person: they may delete their own comments. */
  viewerId: number;
  /** The signed-in person created the portfolio: they may delete every comment on it. */
  viewerIsCreator: boolean;
}

/** A page of a list; pages start at 1, the service gives at most 100 a page. */
export interface CommentPageRequest {
  pageNumber: number;
  pageSize: number;
}

export interface NewPortfolioComment {
  message: string;
  /** A reply to this (top-level) comment. */
  parentCommentId?: number;
}

export interface PortfolioCommentsInvoke {
  'portfolio-comments:context': (portfolioId: number) => Promise<Result<PortfolioCommentsContext>>;
  /** Top-level comments, newest first, with the authors' pictures. */
  'portfolio-comments:list': (
    portfolioId: number,
    page: CommentPageRequest,
  ) => Promise<Result<Paged<PortfolioComment>>>;
  /** One comment's replies, oldest first. */
  'portfolio-comments:replies': (
    portfolioId: number,
    parentCommentId: number,
    page: CommentPageRequest,
  ) => Promise<Result<Paged<PortfolioComment>>>;
  /** Answers the comment as stored (with its author). */
  'portfolio-comments:add': (portfolioId: number, comment: NewPortfolioComment) => Promise<Result<PortfolioComment>>;
  /** Its author or the portfolio's creator; the replies go with it. */
  'portfolio-comments:delete': (portfolioId: number, commentId: number) => Promise<Result<null>>;
}

export const portfolioCommentsInvokeChannels = {
  'portfolio-comments:context': true,
  'portfolio-comments:list': true,
  'portfolio-comments:replies': true,
  'portfolio-comments:add': true,
  'portfolio-comments:delete': true,
} as const satisfies Record<keyof PortfolioCommentsInvoke, true>;
