import type { Person } from './common';

/** Portfolios, their content, comments and sharing, as the app models them. */

export interface Portfolio {
  id: number;
  title: string;
  description: string;
  createdById?: number;
  createdBy?: Person;
  createdAt?: string;
  updatedAt?: string;
  videoCount?: number;
  commentCount?: number;
  fileCount?: number;
  /** Shared with anyone. */
  isShared?: boolean;
  /** The signed-in person is one of the people it is shared with. */
  isSharedWithMe?: boolean;
  /** Only on answers about one portfolio. */
  sharedWith?: Person[];
}

export interface PortfolioListQuery {
  createdByMe?: boolean;
  sharedWithMe?: boolean;
  orderByDirection?: 'ASC' | 'DESC';
  searchTerm?: string;
}

/** 1 the person's own, 2 shared with them, 3 their own that are shared with someone. */
export type PortfolioSearchType = 1 | 2 | 3;

export interface PortfolioSearchQuery {
  searchTerm?: string;
  searchType?: PortfolioSearchType;
  /** ISO 8601; filters the creation time. */
  startDate?: string;
  endDate?: string;
  pageSize?: number;
  pageNumber?: number;
  /** TITLE, CREATESTAMP or UPDATESTAMP. */
  orderBy?: string;
  orderByDirection?: 'ASC' | 'DESC';
}

export interface PortfolioChanges {
  title?: string;
  description?: string;
}

export interface PortfolioTag {
  id: number;
  name: string;
  colour?: string;
  tagsetId?: number;
}

export interface PortfolioVideo {
  /** The video's id. */
  id: number;
  title: string;
  description?: string;
  durationSeconds?: number;
  mediaUrl?: string;
  thumbnailUrl?: string;
  recordedAt?: string;
  ownerId?: number;
  owner?: Person;
  addedAt?: string;
  tagIds: number[];
  tags: PortfolioTag[];
  taggedVideos: { id: number; title: string; status: number; ownerId?: number }[];
}

export interface PortfolioFile {
  id: number;
  name: string;
  extension?: string;
  size?: number;
  contentType?: string;
  url?: string;
  createdAt?: string;
  uploadedBy?: Person;
}

export interface TagSet {
  id: number;
  name: string;
  description?: string;
  organisationId?: number;
  tags: { id: number; name: string; colour?: string; ordinal?: number }[];
}

export interface PortfolioComment {
  id: number;
  portfolioId?: number;
  message: string;
  parentCommentId?: number;
  author: Person;
  createdAt: string;
  replyCount?: number;
}

export interface CommentPageQuery {
  /** The replies to this comment instead of the top-level comments. */
  parentCommentId?: number;
  pageNumber?: number;
  pageSize?: number;
}

export interface ShareAllOutcome {
  userId: number;
  /** Portfolios now shared with the person (those already shared included), when the service says. */
  portfolioIds: number[];
  sharedCount: number;
}
